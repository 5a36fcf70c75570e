// The `/api/get` payload (docs/product/partners-and-accounts.md#the-profile-payload): base64 of the JSON {iv, value, mac, tag}; AES-256-CBC
// with PKCS#7 padding, `iv` and `value` base64, `mac` = hex HMAC-SHA256(key, iv + value).
// The key comes from <meta name="portal-payload-key">, which the server fills in index.html.
// This hides the profile from casual inspection only; it is not a security boundary.

export const PAYLOAD_KEY_META = 'portal-payload-key';
export const PAYLOAD_KEY_PLACEHOLDER = '__PORTAL_PAYLOAD_KEY__';

export class PayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayloadError';
  }
}

export function readPayloadKey(doc: Document = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${PAYLOAD_KEY_META}"]`)?.content?.trim();
  if (content && content !== PAYLOAD_KEY_PLACEHOLDER) return content;
  const fromEnv: unknown = import.meta.env.VITE_PORTAL_PAYLOAD_KEY;
  return typeof fromEnv === 'string' && fromEnv ? fromEnv : null;
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** `key` may carry Laravel's `base64:` prefix. */
export function decodeKey(key: string): Uint8Array<ArrayBuffer> {
  const bytes = base64ToBytes(key.replace(/^base64:/, ''));
  if (bytes.length !== 32) throw new PayloadError('the payload key is not 32 bytes');
  return bytes;
}

interface Envelope {
  iv: string;
  value: string;
  mac: string;
}

function parseEnvelope(payload: string): Envelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(base64ToBytes(payload)));
  } catch {
    throw new PayloadError('the payload is not base64 JSON');
  }
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    typeof (parsed as Envelope).iv !== 'string' ||
    typeof (parsed as Envelope).value !== 'string' ||
    typeof (parsed as Envelope).mac !== 'string'
  )
    throw new PayloadError('the payload lacks iv, value or mac');
  return parsed as Envelope;
}

/** Verifies the mac, then decrypts the payload into the JSON it holds (WebCrypto only). */
export async function decryptPayload<T = unknown>(payload: string, key: string): Promise<T> {
  const raw = decodeKey(key);
  const { iv, value, mac } = parseEnvelope(payload);
  const macBytes = hexToBytes(mac);
  const hmacKey = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  const signed = new TextEncoder().encode(iv + value);
  // subtle.verify compares in constant time.
  if (!macBytes || !(await crypto.subtle.verify('HMAC', hmacKey, macBytes, signed)))
    throw new PayloadError('the payload mac does not match');
  const aesKey = await crypto.subtle.importKey('raw', raw, { name: 'AES-CBC' }, false, ['decrypt']);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-CBC', iv: base64ToBytes(iv) },
      aesKey,
      base64ToBytes(value),
    );
  } catch {
    throw new PayloadError('the payload could not be decrypted');
  }
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

/** The reverse, as the server does it: used by tests and fixtures. */
export async function encryptPayload(data: unknown, key: string): Promise<string> {
  const raw = decodeKey(key);
  const ivBytes = crypto.getRandomValues(new Uint8Array(16));
  const aesKey = await crypto.subtle.importKey('raw', raw, { name: 'AES-CBC' }, false, ['encrypt']);
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-CBC', iv: ivBytes },
    aesKey,
    new TextEncoder().encode(JSON.stringify(data)),
  );
  const iv = bytesToBase64(ivBytes);
  const value = bytesToBase64(new Uint8Array(cipher));
  const hmacKey = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const macBytes = new Uint8Array(
    await crypto.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(iv + value)),
  );
  const mac = [...macBytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return bytesToBase64(new TextEncoder().encode(JSON.stringify({ iv, value, mac, tag: '' })));
}
