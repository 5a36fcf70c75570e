// Maps every error to the contract of decisions §3. A 5xx gets an id that is also logged,
// and never a stack trace or an internal message.
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '../errors';
import { localizeMessage, requestLocale } from '../i18n';
import type { FieldErrors } from '../errors';

interface ErrorBody {
  code: number;
  message: string;
  errors?: FieldErrors;
  id?: string;
}

/** Turns the validator's issues into the field → messages map the SPA shows at each field. */
function fieldErrors(validation: { instancePath?: string; message?: string; params?: unknown }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const fromPath = params?.issue?.path?.map(String).join('.');
    const field = fromPath || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    (errors[field] ??= []).push(issue.message ?? MESSAGES.invalidForm);
  }
  return errors;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ErrorBody;
    if (error instanceof AppError) {
      body = { code: error.status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      body = { code: 422, message: MESSAGES.invalidForm, errors: fieldErrors(error.validation) };
    } else if (error.validation) {
      body = { code: 422, message: MESSAGES.invalidForm, errors: fieldErrors(error.validation) };
    } else if (error.statusCode === 429) {
      body = { code: 429, message: MESSAGES.tooManyRequests };
    } else if (error.statusCode === 413) {
      body = { code: 413, message: MESSAGES.payloadTooLarge };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
      body = { code: 400, message: MESSAGES.invalidForm };
    } else {
      const id = randomUUID();
      request.log.error({ err: error, errorId: id }, 'unhandled error');
      body = { code: 500, message: MESSAGES.serverError, id };
    }
    if (body.code >= 500 && !body.id) {
      body.id = randomUUID();
      request.log.error({ err: error, errorId: body.id }, 'server error');
    }
    // Messages leave in the visitor's language (spec messages and validation keys alike).
    const locale = requestLocale(request);
    body.message = localizeMessage(body.message, locale);
    if (body.errors) {
      body.errors = Object.fromEntries(
        Object.entries(body.errors).map(([field, messages]) => [field, messages.map((m) => localizeMessage(m, locale))]),
      );
    }
    return reply.code(body.code).type('application/json; charset=utf-8').send(body);
  });
}
