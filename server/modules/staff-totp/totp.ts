// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as every authenticator app
// computes them: HMAC-SHA-1, 6 digits, 30-second steps. Written on node:crypto: the algorithm is
// a few lines, and owning them keeps the window and the replay rule in plain sight.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now that are accepted: a phone's clock a little off, a code typed at the turn. */
export const TOTP_WINDOW = 1;
/** 160 bits, the length RFC 4226 recommends (and HMAC-SHA-1's output). */
export const TOTP_SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, without padding (what otpauth:// URIs and manual keys use). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 text (any case, spaces and padding ignored), or null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226: the code of `counter` under `secret`. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step `now` falls in (RFC 6238's T, with T0 = 0). */
export function timeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of the step `now` falls in, moved by `offset` steps. */
export function totp(secret: Uint8Array, now: Date, offset = 0, digits = TOTP_DIGITS): string {
  return hotp(secret, timeStep(now) + offset, digits);
}

/**
 * The step, within TOTP_WINDOW of now and newer than `after` (the last step used), whose code is
 * `code`; null when there is none. Every candidate is computed and compared in constant time.
 */
export function matchingStep(
  secret: Uint8Array,
  code: string,
  now: Date,
  after: number | null = null,
): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  const current = timeStep(now);
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code));
    if (same && found === null && (after === null || step > after)) found = step;
  }
  return found;
}

/** The Key URI Format authenticator apps read from a QR code (issuer and account as the app lists them). */
export function otpauthUri(input: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const params = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  // URLSearchParams writes spaces as '+', which some apps show as is: %20 is read by all.
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`;
}
