// One error contract (docs/decisions/064-errors-by-key.md): services throw AppError with a status
// and the catalog key of its message (`api.*` in common/locales/<locale>/portal.json); the error
// handler answers `{code, error, message, errors?, id?}`, `error` being that key and `message`
// its words in the visitor's language.
import { sayApi } from './i18n';
import type { ApiMessageKey, MessageParams, ValidationRef } from './i18n';

export type { ApiMessageKey, MessageParams } from './i18n';

declare const saidText: unique symbol;
/**
 * Text already in its final words, answered as it is: written in the visitor's language by the
 * caller from the catalog (the program settings' rules), or words that are not the portal's (the
 * store's own answer, a scope's name). Made only by `said`.
 */
export type SaidText = string & { readonly [saidText]: true };
export const said = (text: string): SaidText => text as SaidText;

/** What a field's message names: an API message key, a validation key, or text in its final words. */
export type FieldMessage = ApiMessageKey | ValidationRef | SaidText;
export type FieldErrors = Record<string, FieldMessage[]>;

/** A message written by one of the portal's own schemas: a key, as they all write (the catalog test holds them to it). */
export const schemaMessage = (message: string): FieldMessage => message as FieldMessage;

export interface AppErrorOptions {
  params?: MessageParams;
  errors?: FieldErrors;
}

export class AppError extends Error {
  /** The message's key under the catalog's `api` section; the answer's `error`. */
  readonly key: ApiMessageKey;
  readonly params: MessageParams | undefined;
  readonly errors: FieldErrors | undefined;

  constructor(
    readonly status: number,
    key: ApiMessageKey,
    options: AppErrorOptions = {},
  ) {
    // The English words, for logs; the answer is translated by key.
    super(sayApi(key, 'en', options.params));
    this.name = 'AppError';
    this.key = key;
    this.params = options.params;
    this.errors = options.errors;
  }
}

export const notAuthorized = () => new AppError(401, 'not_authorized');
export const notFound = (key: ApiMessageKey = 'not_found') => new AppError(404, key);
export const invalid = (errors: FieldErrors, key: ApiMessageKey = 'form_invalid') =>
  new AppError(422, key, { errors });
export const tooManyRequests = () => new AppError(429, 'too_many_requests');
