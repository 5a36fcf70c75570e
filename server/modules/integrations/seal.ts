// Provider tokens at rest (docs/product/links-and-integrations.md#provider-tokens): AES-256-GCM under INTEGRATIONS_KEY. The additional
// data binds a sealed token to its partner and provider, so a row copied onto another partner's
// does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export function sealToken(key: Buffer, token: string, binding: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(binding));
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The token, or null when it does not open (another key, another binding, altered bytes). */
export function openToken(key: Buffer, sealed: string, binding: string): string | null {
  const [version, body] = sealed.split('.');
  if (version !== VERSION || !body) return null;
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(binding));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const tokenBinding = (partnerId: number, provider: string) => `${provider}:${partnerId}`;
