// TOTP secrets at rest: AES-256-GCM under a key derived from the program's INTEGRATIONS_KEY
// (docs/product/links-and-integrations.md#provider-tokens: set by the operator, or generated once and kept in the database), with the
// staff id as additional data, so a row copied onto another account does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 't1';
const keys = new WeakMap<Buffer, Buffer>();

/** The key of TOTP secrets: its own, derived (HKDF-SHA-256), so it never equals the integrations key. */
export function totpKeyOf(integrationsKey: Buffer): Buffer {
  let key = keys.get(integrationsKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', integrationsKey, Buffer.alloc(0), 'staff-totp-secret', 32));
    keys.set(integrationsKey, key);
  }
  return key;
}

const binding = (staffId: number) => `staff-totp:${staffId}`;

export function sealSecret(key: Buffer, secret: string, staffId: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(binding(staffId)));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The secret, or null when it does not open (another key, another account, altered bytes). */
export function openSecret(key: Buffer, sealed: string, staffId: number): string | null {
  const [version, body] = sealed.split('.');
  if (version !== VERSION || !body) return null;
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(binding(staffId)));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
