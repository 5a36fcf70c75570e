// One error contract (decisions §3): services throw AppError with a status and the spec's
// message; the error handler turns it into `{code, message, errors?, id?}`.
import { catalogs } from '../common/i18n';

// The English text of every API message is the `api` section of the catalog; the error handler
// answers it in the visitor's language.
export const API_MESSAGES = catalogs.en.portal.api;

export const MESSAGES = {
  notAuthorized: API_MESSAGES.not_authorized,
  notFound: API_MESSAGES.not_found,
  invalidForm: API_MESSAGES.form_invalid,
  tooManyRequests: API_MESSAGES.too_many_requests,
  serverError: API_MESSAGES.server_error,
  unavailable: API_MESSAGES.unavailable,
  payloadTooLarge: API_MESSAGES.payload_too_large,
  badRequest: API_MESSAGES.bad_request,
  uriTooLong: API_MESSAGES.uri_too_long,
  headersTooLarge: API_MESSAGES.headers_too_large,
  requestTimeout: API_MESSAGES.request_timeout,
  forbidden: API_MESSAGES.forbidden,
} as const;

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notAuthorized = () => new AppError(401, MESSAGES.notAuthorized);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const invalid = (errors: FieldErrors, message: string = MESSAGES.invalidForm) =>
  new AppError(422, message, errors);
export const tooManyRequests = () => new AppError(429, MESSAGES.tooManyRequests);
