// Field errors as `{field: message}`, validation messages in the current language and the
// messages of API error bodies: what the forms need without the validation schemas (and so
// without zod).
import type { Say } from '../../common/validation';
import { ApiError } from './api';
import { i18n } from './i18n';

export type FieldErrors = Record<string, string>;

/** `say(key, {n})` is the text of `validation.<key>` in the current language. */
export function makeSay(
  t: (key: string, options?: Record<string, unknown>) => string = i18n.t as never,
): Say {
  return (key, params) => t(`validation.${key}`, params ?? {});
}

/** A 422's errors map, first message per field; null when the error has none. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const map = error.body.errors;
  if (!map || typeof map !== 'object') return null;
  const out: FieldErrors = {};
  for (const [field, value] of Object.entries(map)) {
    const first = Array.isArray(value) ? value.find((message) => typeof message === 'string') : value;
    if (typeof first === 'string' && first) out[field] = first;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The stable key (`error`) of an API error body, what code decides on (docs/decisions/064-errors-by-key.md). */
export function apiErrorKey(error: unknown): string | null {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const key = error.body.error;
    return typeof key === 'string' && key ? key : null;
  }
  return null;
}

/** The `message` of an API error body, if any. */
export function apiMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const message = error.body.message;
    return typeof message === 'string' && message ? message : null;
  }
  return null;
}
