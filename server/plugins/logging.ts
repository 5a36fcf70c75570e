// What a request log line holds, and which request every line belongs to. Tokens travel in some
// query strings (the SPA's `/account?token=`, mail links); they never reach the log.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
 * Answers the request id as X-Request-Id, errors included. Lines of `request.log` carry it as
 * `reqId`; code deeper down logs through the logger it is handed (decisions/041).
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
