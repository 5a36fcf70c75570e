// The dashboard's contact-details prompt (docs/product/partners-and-accounts.md#the-partner-profile):
// `POST /api/contact-form/cancel` for the partner only, a dismissal kept until its 30 days are
// over (a repeated one changes nothing), and `contact_form_filled` set by the save of a complete
// shipping address, not a partial one, as `/api/get` then answers them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import { issueToken } from '../auth/service';
import { createPartnerAccount, decryptPayload } from '../partners/service';
import { resolveProgramSecrets } from '../settings/service';
import { contactFormAnswer } from '../../../common/contracts/accounts';
import { CONTACT_FORM_RETURN_MS } from '../../../common/contact-form';

const CLIENT = 'contact-form-test-public-client-00';
const DAY = 24 * 60 * 60 * 1000;
const NAMES = { first_name: 'Léa', last_name: 'Tremblay' };
const ADDRESS = {
  address_1: '12 rue des Pins',
  city: 'Montréal',
  state: 'QC',
  postal: 'H2X 1Y4',
  country: 'CA',
};

describe('contact-details prompt', () => {
  let t: TestApp;
  let key: Buffer;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT } });
    key = (await resolveProgramSecrets(t.database.db, t.config)).userPayloadKey;
  });
  afterAll(() => t.close());

  const partner = async () => {
    seq += 1;
    const p = await createPartnerAccount(t.database.db, {
      email: `contact-${seq}@example.com`,
      password: `contact-form-password-${seq}`,
      ...NAMES,
      country: 'CA',
      verified: 1,
    });
    return { id: p.id, token: (await issueToken(t.database.db, 'partner', p.id)).token };
  };
  const cancel = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/contact-form/cancel', headers });
  const update = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/update',
      headers: bearer(token),
      payload: { ...NAMES, ...payload },
    });
  const profile = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const user = decryptPayload(key, res.json().data) as Record<string, unknown>;
    return { filled: user.contact_form_filled, cancelled: user.contact_form_cancelled_date };
  };
  const setCancelled = (id: number, at: string | null) =>
    t.database.db
      .updateTable('partners')
      .set({ contact_form_cancelled_date: at })
      .where('id', '=', id)
      .execute();

  it('answers the partner only: no credential, the public client and a staff token are refused', async () => {
    const p = await partner();
    const staff = await createStaffWithToken(t.database.db, 'admin');
    for (const headers of [{}, bearer(CLIENT), bearer(staff.token), bearer('not-a-token')]) {
      const res = await cancel(headers);
      expect(res.statusCode).toBe(401);
    }
    // Nothing was recorded for anyone.
    expect(await profile(p.token)).toEqual({ filled: false, cancelled: null });

    const before = Date.now();
    const res = await cancel(bearer(p.token));
    expect(res.statusCode).toBe(200);
    const flags = contactFormAnswer.parse(res.json()).data;
    expect(flags.contact_form_filled).toBe(false);
    const at = Date.parse(flags.contact_form_cancelled_date!);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await profile(p.token)).toEqual({ filled: false, cancelled: flags.contact_form_cancelled_date });
  });

  it('keeps the first dismissal while it holds, and records a new one once the prompt is back', async () => {
    const p = await partner();
    const first = (await cancel(bearer(p.token))).json().data;
    const again = await cancel(bearer(p.token));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first);

    // 29 days ago: it still holds, a dismissal now changes nothing.
    const recent = new Date(Date.now() - 29 * DAY).toISOString();
    await setCancelled(p.id, recent);
    expect((await cancel(bearer(p.token))).json().data.contact_form_cancelled_date).toBe(recent);

    // Just past the 30 days: the prompt is back, and "Not now" puts it off from now.
    const old = new Date(Date.now() - CONTACT_FORM_RETURN_MS - 60_000).toISOString();
    await setCancelled(p.id, old);
    const renewed = (await cancel(bearer(p.token))).json().data.contact_form_cancelled_date as string;
    expect(renewed > old).toBe(true);
    expect(Date.now() - Date.parse(renewed)).toBeLessThan(60_000);
    expect((await profile(p.token)).cancelled).toBe(renewed);
  });

  it('marks the form filled once a complete address is saved, not after a partial one', async () => {
    const p = await partner();
    await cancel(bearer(p.token));
    const dismissed = (await profile(p.token)).cancelled;

    // Without the postal code; then a Canadian address without its province.
    expect((await update(p.token, { ...ADDRESS, postal: '' })).statusCode).toBe(200);
    expect(await profile(p.token)).toEqual({ filled: false, cancelled: dismissed });
    expect((await update(p.token, { ...ADDRESS, state: '  ' })).statusCode).toBe(200);
    expect((await profile(p.token)).filled).toBe(false);

    const saved = await update(p.token, ADDRESS);
    expect(saved.statusCode).toBe(200);
    // The save's own answer already says so.
    expect((decryptPayload(key, saved.json().data) as Record<string, unknown>).contact_form_filled).toBe(
      true,
    );
    expect((await profile(p.token)).filled).toBe(true);

    // Asked once: emptying the address later does not bring the prompt back, nor does "Not now" change anything.
    expect((await update(p.token, { ...ADDRESS, address_1: '' })).statusCode).toBe(200);
    expect((await profile(p.token)).filled).toBe(true);
    await setCancelled(p.id, null);
    expect((await cancel(bearer(p.token))).json().data).toEqual({
      contact_form_filled: true,
      contact_form_cancelled_date: null,
    });
  });

  it('takes a complete address without a state where the country has none', async () => {
    const p = await partner();
    const saved = await update(p.token, {
      address_1: '8 rue de Rivoli',
      city: 'Paris',
      state: '',
      postal: '75004',
      country: 'FR',
    });
    expect(saved.statusCode).toBe(200);
    expect((await profile(p.token)).filled).toBe(true);
  });

  it('leaves the flags alone when the save is refused', async () => {
    const p = await partner();
    const refused = await update(p.token, { ...ADDRESS, paypal_email: 'not-mail' });
    expect(refused.statusCode).toBe(422);
    expect(await profile(p.token)).toEqual({ filled: false, cancelled: null });
  });
});
