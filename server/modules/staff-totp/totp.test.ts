// The one-time password arithmetic against the test vectors of RFC 4226 (appendix D) and
// RFC 6238 (appendix B, SHA-1), and the window and replay rules built on it.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, totpKeyOf } from './sealed-secret';
import { base32Decode, base32Encode, hotp, matchingStep, otpauthUri, timeStep, totp } from './totp';

const RFC_SECRET = Buffer.from('12345678901234567890');

describe('HOTP and TOTP', () => {
  it('computes the RFC 4226 codes', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_SECRET, counter))).toEqual(expected);
  });

  it('computes the RFC 6238 SHA-1 codes (8 digits) at each of its times', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1_111_111_109, '07081804'],
      [1_111_111_111, '14050471'],
      [1_234_567_890, '89005924'],
      [2_000_000_000, '69279037'],
      [20_000_000_000, '65353130'],
    ];
    for (const [seconds, code] of vectors)
      expect(totp(RFC_SECRET, new Date(seconds * 1000), 0, 8)).toBe(code);
    // Six digits are the last six of the same number.
    expect(totp(RFC_SECRET, new Date(59_000))).toBe('287082');
  });

  it('encodes and decodes base32 as RFC 4648 does', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(base32Decode('mzxw 6ytb oi======')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeNull();
    const secret = randomBytes(20);
    const text = base32Encode(secret);
    expect(text).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(text)?.equals(secret)).toBe(true);
  });

  it('accepts the step now and one either side, not two, and only steps newer than the last used', () => {
    const secret = randomBytes(20);
    const now = new Date('2031-05-06T10:00:10Z');
    const step = timeStep(now);
    expect(matchingStep(secret, totp(secret, now), now)).toBe(step);
    expect(matchingStep(secret, totp(secret, now, -1), now)).toBe(step - 1);
    expect(matchingStep(secret, totp(secret, now, 1), now)).toBe(step + 1);
    expect(matchingStep(secret, totp(secret, now, -2), now)).toBeNull();
    expect(matchingStep(secret, totp(secret, now, 2), now)).toBeNull();
    // Replay: the step used last, or an older one, is refused.
    expect(matchingStep(secret, totp(secret, now), now, step)).toBeNull();
    expect(matchingStep(secret, totp(secret, now, -1), now, step)).toBeNull();
    expect(matchingStep(secret, totp(secret, now, 1), now, step)).toBe(step + 1);
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 456'])
      expect(matchingStep(secret, bad, now)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    const uri = otpauthUri({
      issuer: 'Sunbite Partners',
      account: 'alex@sunbite.example',
      secret: 'JBSWY3DPEHPK3PXP',
    });
    expect(uri).toBe(
      'otpauth://totp/Sunbite%20Partners:alex%40sunbite.example?secret=JBSWY3DPEHPK3PXP&issuer=Sunbite%20Partners&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('sealed secrets', () => {
  it('open with the same key and staff id only', () => {
    const key = totpKeyOf(randomBytes(32));
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', 7);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, sealed, 7)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, sealed, 8)).toBeNull();
    expect(openSecret(totpKeyOf(randomBytes(32)), sealed, 7)).toBeNull();
    expect(openSecret(key, `${sealed.slice(0, -2)}AA`, 7)).toBeNull();
    expect(openSecret(key, 'nonsense', 7)).toBeNull();
  });

  it('derive a key of their own from the integrations key', () => {
    const integrations = randomBytes(32);
    expect(totpKeyOf(integrations).equals(integrations)).toBe(false);
    expect(totpKeyOf(integrations)).toHaveLength(32);
    expect(totpKeyOf(Buffer.from(integrations)).equals(totpKeyOf(integrations))).toBe(true);
  });
});
