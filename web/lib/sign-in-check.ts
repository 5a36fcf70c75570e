// The sign-in form's checks without zod, so the sign-in page and the step to the dashboard need
// not download it (decisions/015). The rules and messages are those of `signIn` in
// common/validation.ts, and sign-in-check.test.ts holds the two equal: an e-mail that is text,
// not blank once trimmed and at most 254 characters long; a password that is non-empty text.
import type { Say } from '../../common/validation';
import type { FieldErrors } from './form-errors';

/** LIMITS.emailMax, copied: importing common/validation.ts would bring zod with it. */
const EMAIL_MAX = 254;

type Check<T> = { ok: true; value: T } | { ok: false; message: string };

function text(value: unknown, say: Say): Check<string> {
  if (typeof value === 'string') return { ok: true, value };
  return { ok: false, message: value === undefined || value === null ? say('required') : say('wrong_value') };
}

function email(value: unknown, say: Say): Check<string> {
  const checked = text(value, say);
  if (!checked.ok) return checked;
  const trimmed = checked.value.trim();
  if (trimmed.length < 1) return { ok: false, message: say('required') };
  if (trimmed.length > EMAIL_MAX) return { ok: false, message: say('max', { n: EMAIL_MAX }) };
  return { ok: true, value: trimmed };
}

function password(value: unknown, say: Say): Check<string> {
  const checked = text(value, say);
  if (checked.ok && checked.value.length < 1) return { ok: false, message: say('required') };
  return checked;
}

export function checkSignIn(
  values: unknown,
  say: Say,
): { ok: true; data: { email: string; password: string } } | { ok: false; errors: FieldErrors } {
  const fields = (values && typeof values === 'object' ? values : {}) as Record<string, unknown>;
  const checks = { email: email(fields.email, say), password: password(fields.password, say) };
  const errors: FieldErrors = {};
  for (const [field, check] of Object.entries(checks)) if (!check.ok) errors[field] = check.message;
  if (!checks.email.ok || !checks.password.ok) return { ok: false, errors };
  return { ok: true, data: { email: checks.email.value, password: checks.password.value } };
}
