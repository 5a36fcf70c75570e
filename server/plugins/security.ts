// Security headers on every answer. The CSP allows no inline script and no third-party
// script: the SPA keeps its token in local storage (docs/product/partners-and-accounts.md#sign-in-and-sessions), so what an injected
// script could do is limited by this header.
//
// One fixed set of headers, written by a hook on every routed answer and, as the same values,
// by the answers that never reach a route: Fastify's router errors and the HTTP parser's
// (plugins/errors.ts). decisions/013 says why this is not helmet any more.
import type { FastifyInstance } from 'fastify';

export type SecurityHeaders = Readonly<Record<string, string>>;

const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // Social profile pictures come from the networks' own hosts.
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
};

export function securityHeaders(options: { https: boolean }): SecurityHeaders {
  return Object.freeze({
    'Content-Security-Policy': Object.entries(CONTENT_SECURITY_POLICY)
      .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
      .join('; '),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Only over https: a browser that saw it on plain http would refuse the site until it expires.
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=15552000; includeSubDomains' } : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'DENY',
    'X-Permitted-Cross-Domain-Policies': 'none',
    // The old XSS auditors of some browsers could be turned against a page; 0 disables them.
    'X-XSS-Protection': '0',
  });
}

export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  // onRequest, the first hook: an answer cut short by a later hook (a guard's 401, the rate
  // limit's 429) carries them too.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // The API's answers are private by default (a partner's earnings, a staff list, a token): no
    // browser or shared cache keeps them. The few public ones that may be cached (the program's
    // currency, pictures) say so themselves, which replaces this.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
