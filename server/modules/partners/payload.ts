// The `/api/get` payload (docs/product/partners-and-accounts.md#the-profile-payload): the Laravel encryption format. AES-256-CBC with PKCS#7
// padding, `iv` and `value` base64, `mac` = hex HMAC-SHA256 over iv + value with the same key,
// all as base64 of the JSON {iv, value, mac, tag: ""}. The key ships to the browser: this hides
// the profile from casual inspection only, never protects a secret.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function encryptPayload(key: Buffer, data: unknown): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const value = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]).toString(
    'base64',
  );
  const ivText = iv.toString('base64');
  const mac = createHmac('sha256', key)
    .update(ivText + value)
    .digest('hex');
  return Buffer.from(JSON.stringify({ iv: ivText, value, mac, tag: '' })).toString('base64');
}

/** The reverse, with the mac checked first; used by tests and tools (the SPA has its own). */
export function decryptPayload(key: Buffer, payload: string): unknown {
  const { iv, value, mac } = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Record<
    string,
    string
  >;
  const expected = createHmac('sha256', key)
    .update(iv! + value!)
    .digest();
  const given = Buffer.from(mac ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Error('payload mac mismatch');
  const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(iv!, 'base64'));
  return JSON.parse(
    Buffer.concat([decipher.update(Buffer.from(value!, 'base64')), decipher.final()]).toString('utf8'),
  );
}
