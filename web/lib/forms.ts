// Glue between the shared zod schemas of common/validation.ts and the SPA's forms: the `say`
// function in the current language, and field errors as `{field: message}` (first message wins).
// zod is a large part of this module's weight: the sign-in forms load it on demand
// (lib/validate-later.ts).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { identitySchemas } from '../../common/validation';
import { makeSay, type FieldErrors } from './form-errors';

// The parts without zod live apart, for the sign-in forms of the first download.
export { apiErrorKey, apiMessage, makeSay, serverFieldErrors, type FieldErrors } from './form-errors';

/** The identity schemas with messages in the current language (rebuilt when it changes). */
export function useIdentitySchemas(today?: () => Date) {
  const { t, i18n: instance } = useTranslation();
  const language = instance.language;
  return useMemo(
    () => identitySchemas(makeSay(t as never), today ? { today } : {}),
    // The language is what changes the messages.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language, t],
  );
}

export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_form';
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Validates `values`; returns the parsed data or the field errors. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: issuesToFieldErrors(result.error.issues) };
}
