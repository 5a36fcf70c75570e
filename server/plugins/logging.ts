// What a request log line holds. Tokens travel in some query strings (the SPA's
// `/account?token=`, mail links); they never reach the log.
import type { FastifyRequest } from 'fastify';

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
