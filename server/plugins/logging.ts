// What a request log line holds, and which request every line belongs to. Tokens travel in some
// query strings (the SPA's `/account?token=`, mail links); they never reach the log.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withLogContext } from '../log-context';

export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|state|access_token)=)[^&#]*/gi, '$1[redacted]');
}

export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
    userAgent: request.headers['user-agent'],
  };
}

// An id a proxy or a caller sent: honoured when it is a short plain token (a uuid, nginx's
// $request_id), so one search finds a request's lines on the proxy and on the portal. Anything
// else (long, or with characters a log line or a header could be bent by) gets an id of our own.
const INCOMING_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{7,63}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it is safe, otherwise a uuid (searchable across nodes). */
export function requestIdOf(raw: { headers: IncomingHttpHeaders }): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && INCOMING_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Puts the request id on every line logged while a request is served, by `request.log` or by the
 * app's own logger (services, the mailer: server/log-context.ts), and on the answer as
 * X-Request-Id. Register it before any other hook, so theirs run inside it.
 */
export function registerRequestContext(app: FastifyInstance): void {
  // Everything after this hook runs inside the context: the other hooks, the body's parsing
  // (Fastify goes on from a body read later in the request's own async context), the handler.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withLogContext({ reqId: request.id }, done);
  });
}
