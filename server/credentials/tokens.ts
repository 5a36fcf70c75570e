import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random bearer token (docs/product/partners-and-accounts.md#sign-in-and-sessions) and the hash under which it is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
