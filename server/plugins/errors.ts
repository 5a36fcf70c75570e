// Maps every error to the contract of decisions §3. A 5xx gets an id that is also logged,
// and never a stack trace or an internal message. Errors of Fastify's router and of Node's HTTP
// parser never reach the error handler on their own: the options below bring them under it.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '../errors';
import { localizeMessage, requestLocale } from '../i18n';
import type { FieldErrors } from '../errors';
import type { SecurityHeaders } from './security';

interface ErrorBody {
  code: number;
  message: string;
  errors?: FieldErrors;
  id?: string;
}

/** Turns the validator's issues into the field → messages map the SPA shows at each field. */
function fieldErrors(
  validation: { instancePath?: string; message?: string; params?: unknown }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const fromPath = params?.issue?.path?.map(String).join('.');
    const field = fromPath || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    (errors[field] ??= []).push(issue.message ?? MESSAGES.invalidForm);
  }
  return errors;
}

// Statuses of the protocol itself, each with its own message; any other 4xx is the client's
// malformed input (bad JSON, wrong content type), said plainly.
const PROTOCOL_MESSAGES: Partial<Record<number, string>> = {
  408: MESSAGES.requestTimeout,
  413: MESSAGES.payloadTooLarge,
  414: MESSAGES.uriTooLong,
  429: MESSAGES.tooManyRequests,
  431: MESSAGES.headersTooLarge,
};

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let body: ErrorBody;
  const protocolMessage = error.statusCode === undefined ? undefined : PROTOCOL_MESSAGES[error.statusCode];
  if (error instanceof AppError) {
    body = { code: error.status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    body = { code: 422, message: MESSAGES.invalidForm, errors: fieldErrors(error.validation) };
  } else if (error.validation) {
    body = { code: 422, message: MESSAGES.invalidForm, errors: fieldErrors(error.validation) };
  } else if (protocolMessage && error.statusCode) {
    body = { code: error.statusCode, message: protocolMessage };
  } else if (error.code === 'FST_ERR_BAD_URL') {
    body = { code: 400, message: MESSAGES.badRequest };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
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
      Object.entries(body.errors).map(([field, messages]) => [
        field,
        messages.map((m) => localizeMessage(m, locale)),
      ]),
    );
  }
  return reply.code(body.code).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/** The parser's error codes that are not a plain 400. */
const PARSER_STATUSES: Partial<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

// The headers may not have been parsed at all: the bytes the parser stopped in are all we know.
const ACCEPT_LANGUAGE_LINE = /(?:^|\n)accept-language[ \t]*:[ \t]*([^\r\n]{0,200})/i;

function acceptLanguageOf(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return ACCEPT_LANGUAGE_LINE.exec(rawPacket.toString('latin1'))?.[1];
}

/**
 * Fastify options that answer the router's errors (a bad percent-encoding, a parameter over the
 * length limit) and the HTTP parser's (a malformed request, headers over 16 KB) with the contract
 * and the security headers, echoing nothing of the request.
 */
export function errorContractOptions(
  headers: SecurityHeaders,
): Required<Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>> {
  return {
    // These requests are refused before routing, so no hook has written the headers.
    frameworkErrors: (error, request, reply) => answerError(error, request, reply.headers(headers)),
    clientErrorHandler(this: FastifyInstance, error, socket: Socket) {
      // A reset connection has nobody left to answer.
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      this.log.debug({ code: error.code }, 'malformed HTTP request refused');
      // As Node's own handler: answer only if no answer in flight on this connection has begun,
      // or the client would read two answers run together.
      const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (socket.writable && !inFlight?.headersSent) {
        const status = PARSER_STATUSES[error.code] ?? 400;
        const acceptLanguage = inFlight?.req?.headers['accept-language'] ?? acceptLanguageOf(error.rawPacket);
        const locale = requestLocale({ headers: { 'accept-language': acceptLanguage } });
        const body = JSON.stringify({
          code: status,
          message: localizeMessage(PROTOCOL_MESSAGES[status] ?? MESSAGES.badRequest, locale),
        });
        const head = [
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
          ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
          'Content-Type: application/json; charset=utf-8',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
        ];
        socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
      }
      socket.destroy(error);
    },
  };
}
