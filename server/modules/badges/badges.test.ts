// Badges (docs/product/engagement.md#badges): every rule, awarded once (also for a doubled webhook and for sweeps on
// several connections at once), with a notification; GET /api/get_badges shows progress; only
// the partner's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGES } from '../../../common/badges';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createPartnerWithEarnings, createStaffWithToken } from '../../test/payouts-fixture';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { issueToken } from '../auth/service';
import { sweepBadges } from './service';

const SECRET = 'badges-webhook-secret';

describe('badges', () => {
  let t: TestApp;
  let partner: { id: number; token: string };
  let other: { id: number; token: string };
  const get = (url: string, token: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': lang } });
  const badges = async (token = partner.token) =>
    (await get('/api/get_badges', token)).json().data as {
      id: string;
      progress: number;
      target: number;
      awarded_at: string | null;
    }[];
  const badge = async (id: string, token = partner.token) => (await badges(token)).find((b) => b.id === id)!;
  const sale = (n: number, cents = 2000, webhookId?: string) =>
    deliver(
      t.app,
      'orders/paid',
      shopifyOrderPayload({
        code: 'BADGE15',
        items: [['ACV Gummies', 1, cents]],
        country: 'US',
        discountPercent: 0,
        id: 880_000 + n,
      }),
      { secret: SECRET, ...(webhookId ? { webhookId } : {}) },
    );
  const awardRows = (partnerId: number) =>
    t.database.db.selectFrom('badge_awards').selectAll().where('partner_id', '=', partnerId).execute();
  const badgeNotifications = (partnerId: number) =>
    t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('partner_id', '=', partnerId)
      .where('kind', '=', 'badge')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    const created = await createPartnerAccount(t.database.db, {
      email: 'badger@example.com',
      password: 'badger-partner-1',
      first_name: 'Bea',
      last_name: 'Badger',
    });
    await createPromoCode(t.database.db, created.id, 'BADGE15');
    partner = { id: created.id, token: (await issueToken(t.database.db, 'partner', created.id)).token };
    const second = await createPartnerAccount(t.database.db, {
      email: 'otter@example.com',
      password: 'otter-partner-1',
      first_name: 'Otto',
      last_name: 'Otter',
      locale: 'fr',
    });
    other = { id: second.id, token: (await issueToken(t.database.db, 'partner', second.id)).token };
  });
  afterAll(() => t.close());

  it('lists every badge with its target and progress, none awarded at first', async () => {
    const list = await badges();
    expect(list.map((b) => b.id)).toEqual(BADGES.map((b) => b.id));
    expect(list.every((b) => b.awarded_at === null)).toBe(true);
    expect(list.find((b) => b.id === 'sales_10')).toMatchObject({ metric: 'sales', target: 10, progress: 0 });
    // The name is given at sign-up: one profile step of six.
    expect(list.find((b) => b.id === 'profile_complete')).toMatchObject({ target: 6, progress: 1 });
  });

  it('awards the first sale once, with a notification, also when the webhook comes twice', async () => {
    await sale(1, 2000, 'doubled-delivery');
    await sale(1, 2000, 'doubled-delivery');
    await sale(1, 2000, 'another-id-same-order');
    await t.app.background.tick();
    await t.app.background.tick();
    expect(await badge('first_sale')).toMatchObject({ progress: 1, awarded_at: expect.any(String) });
    expect((await awardRows(partner.id)).map((row) => row.badge)).toEqual(['first_sale']);
    const notes = await badgeNotifications(partner.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'New badge: First sale', read_at: null });
    const bell = (await get('/api/getBellNotifications', partner.token)).json().data;
    expect(bell.items.some((item: { kind: string }) => item.kind === 'badge')).toBe(true);
  });

  it('awards 10 sales when the tenth arrives, and shows progress toward the next', async () => {
    for (let n = 2; n <= 9; n++) await sale(n);
    await t.app.background.tick();
    expect(await badge('sales_10')).toMatchObject({ progress: 9, awarded_at: null });
    await sale(10);
    await sale(10);
    await t.app.background.tick();
    expect((await badge('sales_10')).awarded_at).not.toBeNull();
    expect(await badge('sales_50')).toMatchObject({ progress: 10, target: 50, awarded_at: null });
    expect((await awardRows(partner.id)).filter((row) => row.badge === 'sales_10')).toHaveLength(1);
    expect((await badgeNotifications(partner.id)).map((n) => n.title)).toEqual([
      'New badge: First sale',
      'New badge: 10 sales',
    ]);
  });

  it('awards a complete profile at once when it is saved, in the partner’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/update',
      headers: bearer(other.token),
      payload: {
        first_name: 'Otto',
        last_name: 'Otter',
        phone: '+1 514 555 0100',
        address_1: '1 rue du Port',
        city: 'Montréal',
        postal: 'H2X 1Y4',
        country: 'CA',
        state: 'QC',
        paypal_email: 'otto@example.com',
        current_password: 'otter-partner-1',
        about: 'Loutre et créateur.',
        instagram_url: 'https://instagram.com/otto',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await badge('profile_complete', other.token)).toMatchObject({
      progress: 6,
      awarded_at: expect.any(String),
    });
    const notes = await badgeNotifications(other.id);
    expect(notes.map((n) => n.title)).toEqual(['Nouveau badge\u00a0: Profil complet']);
  });

  it('awards the earnings badges and the first cash-out through the sweep, once however many sweeps run at once', async () => {
    const payee = await createPartnerWithEarnings(t.database.db, {
      approved: [60_000, 45_000],
      pending: [10_000],
    });
    expect(await badge('earned_1000', payee.token)).toMatchObject({ progress: 1000, awarded_at: null });
    // Not yet: $999.99 is short of $1,000.
    const short = await createPartnerWithEarnings(t.database.db, { approved: [99_999], rejected: [50_000] });
    await t.database.db
      .insertInto('payouts')
      .values({
        partner_id: payee.id,
        status: 'PAID',
        amount_cents: 105_000,
        currency: 'USD',
        paypal_email: payee.paypalEmail!,
        earnings_count: 2,
        reason: null,
        approved_by: null,
        reference: null,
        paid_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await Promise.all([sweepBadges(t.database.db), sweepBadges(t.database.db), sweepBadges(t.database.db)]);
    const held = (await awardRows(payee.id)).map((row) => row.badge).sort();
    expect(held).toEqual(['earned_1000', 'first_cashout']);
    expect(await badgeNotifications(payee.id)).toHaveLength(2);
    expect((await awardRows(short.id)).map((row) => row.badge)).toEqual([]);
    expect(await badge('earned_1000', short.token)).toMatchObject({ progress: 999, awarded_at: null });
  });

  it('answers only the partner’s own badges, and no one else', async () => {
    expect((await badges(other.token)).find((b) => b.id === 'first_sale')).toMatchObject({
      awarded_at: null,
      progress: 0,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/get_badges' })).statusCode).toBe(401);
    const staff = await createStaffWithToken(t.database.db, 'admin');
    expect((await get('/api/get_badges', staff.token)).statusCode).toBe(401);
  });
});
