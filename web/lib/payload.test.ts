import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, decryptPayload, encryptPayload, PayloadError } from './payload';

const KEY = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, index) => 255 - index)));
const USER = {
  uuid: 'u-1',
  email: 'maya@sunbite.example',
  verified: false,
  first_name: 'Maëlle',
  promo_codes: [{ code: 'MAYA15', value: 15, commission_rate: 10 }],
};

/** Decodes the envelope, lets the test change it, and encodes it again. */
function tamper(payload: string, change: (envelope: Record<string, string>) => void): string {
  const envelope = JSON.parse(new TextDecoder().decode(base64ToBytes(payload))) as Record<string, string>;
  change(envelope);
  return bytesToBase64(new TextEncoder().encode(JSON.stringify(envelope)));
}

describe('the /api/get payload (docs/product/partners-and-accounts.md#the-profile-payload)', () => {
  it('decrypts what the server format encrypts, accents included', async () => {
    const payload = await encryptPayload(USER, KEY);
    const envelope = JSON.parse(atob(payload)) as Record<string, string>;
    expect(Object.keys(envelope).sort()).toEqual(['iv', 'mac', 'tag', 'value']);
    expect(envelope.tag).toBe('');
    expect(envelope.mac).toMatch(/^[0-9a-f]{64}$/);
    await expect(decryptPayload(payload, KEY)).resolves.toEqual(USER);
    await expect(decryptPayload(payload, `base64:${KEY}`)).resolves.toEqual(USER);
  });

  it('decrypts a payload made independently with WebCrypto (AES-256-CBC, HMAC over iv + value)', async () => {
    const raw = base64ToBytes(KEY);
    const iv = new Uint8Array(16).fill(7);
    const aes = await crypto.subtle.importKey('raw', raw, 'AES-CBC', false, ['encrypt']);
    const cipher = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: 'AES-CBC', iv },
        aes,
        new TextEncoder().encode(JSON.stringify(USER)),
      ),
    );
    const ivText = bytesToBase64(iv);
    const value = bytesToBase64(cipher);
    const hmac = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    const mac = [
      ...new Uint8Array(await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(ivText + value))),
    ]
      .map((byte) => byte.toString(16).padStart(2, '0'))
      .join('');
    const payload = btoa(JSON.stringify({ iv: ivText, value, mac, tag: '' }));
    await expect(decryptPayload(payload, KEY)).resolves.toEqual(USER);
  });

  it('refuses a payload whose mac does not match, before decrypting', async () => {
    const payload = await encryptPayload(USER, KEY);
    const forged = tamper(payload, (envelope) => {
      envelope.mac = envelope.mac!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    });
    await expect(decryptPayload(forged, KEY)).rejects.toThrow(PayloadError);
    const swapped = tamper(payload, (envelope) => {
      envelope.value = bytesToBase64(new Uint8Array(32));
    });
    await expect(decryptPayload(swapped, KEY)).rejects.toThrow('mac');
  });

  it('refuses the wrong key, a short key and garbage', async () => {
    const payload = await encryptPayload(USER, KEY);
    const other = btoa(String.fromCharCode(...new Uint8Array(32)));
    await expect(decryptPayload(payload, other)).rejects.toThrow(PayloadError);
    await expect(decryptPayload(payload, btoa('short'))).rejects.toThrow('32 bytes');
    await expect(decryptPayload('not base64 json', KEY)).rejects.toThrow(PayloadError);
    await expect(decryptPayload(btoa('{"iv":1}'), KEY)).rejects.toThrow(PayloadError);
  });
});
