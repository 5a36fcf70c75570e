// The fixed public client credential (docs/product/partners-and-accounts.md#public-client-credential): public calls carry it as a bearer.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { notAuthorized } from '../errors';

export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

// Comparing digests keeps the comparison constant-time whatever the lengths.
const digest = (value: string) => createHash('sha256').update(value).digest();

export function requirePublicClient(token: string): onRequestAsyncHookHandler {
  const expected = digest(token);
  return async (request) => {
    const given = bearerOf(request);
    if (!given || !timingSafeEqual(digest(given), expected)) throw notAuthorized();
  };
}
