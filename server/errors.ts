// One error contract (decisions §3): services throw AppError with a status and the spec's
// message; the error handler turns it into `{code, message, errors?, id?}`.

export const MESSAGES = {
  notAuthorized: 'Not Authorized',
  notFound: 'Not Found',
  invalidForm: 'Form data is invalid',
  tooManyRequests: 'Too many requests',
  serverError: 'Whoops, looks like something went wrong',
  unavailable: 'Service Unavailable',
  payloadTooLarge: 'The request is too large',
  forbidden: 'Forbidden',
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
