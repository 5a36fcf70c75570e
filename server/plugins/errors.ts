// Maps every error to the contract of docs/product/errors-and-languages.md#the-error-contract: `{code, error, message, errors?, id?}`, where
// `error` is the message's stable key and `message` its words in the visitor's language
// (docs/decisions/064-errors-by-key.md). A 5xx gets an id that is also logged, and never a stack
// trace or an internal message. Errors of Fastify's router and of Node's HTTP
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
import { AppError } from '../errors';
import { localizeMessage, requestLocale, sayApi } from '../i18n';
import type { ApiMessageKey, MessageParams } from '../i18n';
import type { SecurityHeaders } from './security';

/** A field's messages: keys (an API message's, a validation key) or text in its final words. */
type FieldMessages = Record<string, readonly string[]>;

/** An error as it is answered, before its words are chosen. */
interface ErrorAnswer {
  code: number;
  key: ApiMessageKey;
  params?: MessageParams | undefined;
  errors?: FieldMessages | undefined;
  id?: string;
}

interface ErrorBody {
  code: number;
  /** The message's key under the catalog's `api` section: stable, for code to decide on. */
  error: ApiMessageKey;
  message: string;
  errors?: Record<string, string[]>;
  id?: string;
}

/** Turns the validator's issues into the field → messages map the SPA shows at each field. */
function fieldErrors(
  validation: { instancePath?: string; message?: string; params?: unknown }[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of validation) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const fromPath = params?.issue?.path?.map(String).join('.');
    const field = fromPath || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    (errors[field] ??= []).push(issue.message ?? 'form_invalid');
  }
  return errors;
}

// Statuses of the protocol itself, each with its own message; any other 4xx is the client's
// malformed input (bad JSON, wrong content type), said plainly.
const PROTOCOL_KEYS: Partial<Record<number, ApiMessageKey>> = {
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  429: 'too_many_requests',
  431: 'headers_too_large',
};

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let answer: ErrorAnswer;
  const protocolKey = error.statusCode === undefined ? undefined : PROTOCOL_KEYS[error.statusCode];
  if (error instanceof AppError) {
    answer = { code: error.status, key: error.key, params: error.params, errors: error.errors };
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    answer = { code: 422, key: 'form_invalid', errors: fieldErrors(error.validation) };
  } else if (error.validation) {
    answer = { code: 422, key: 'form_invalid', errors: fieldErrors(error.validation) };
  } else if (protocolKey && error.statusCode) {
    answer = { code: error.statusCode, key: protocolKey };
  } else if (error.code === 'FST_ERR_BAD_URL') {
    answer = { code: 400, key: 'bad_request' };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    answer = { code: 400, key: 'form_invalid' };
  } else {
    const id = randomUUID();
    request.log.error({ err: error, errorId: id }, 'unhandled error');
    answer = { code: 500, key: 'server_error', id };
  }
  if (answer.code >= 500 && !answer.id) {
    answer.id = randomUUID();
    request.log.error({ err: error, errorId: answer.id }, 'server error');
  }
  // Messages leave in the visitor's language, chosen by key (API messages and validation keys alike).
  const locale = requestLocale(request);
  const body: ErrorBody = {
    code: answer.code,
    error: answer.key,
    message: sayApi(answer.key, locale, answer.params),
  };
  if (answer.errors) {
    body.errors = Object.fromEntries(
      Object.entries(answer.errors).map(([field, messages]) => [
        field,
        messages.map((m) => localizeMessage(m, locale)),
      ]),
    );
  }
  if (answer.id) body.id = answer.id;
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
        const key = PROTOCOL_KEYS[status] ?? 'bad_request';
        const body = JSON.stringify({ code: status, error: key, message: sayApi(key, locale) });
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
