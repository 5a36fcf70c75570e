// The Shopify discount push (docs/product/links-and-integrations.md#discount-push) against the local Admin API stand-in over real HTTP:
// queued with the code, pushed by the background round, the store's refusals kept for staff,
// throttling and outages waited out, staff retries audited, and a code pushed once however many
// nodes run the round.
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app';
import { openPostgres } from '../../db';
import type { DatabaseHandle, Db } from '../../db';
import { createShopifyAdminClient } from '../../integrations/shopify/admin';
import type { ShopifyAdminClient } from '../../integrations/shopify/admin';
import { solvedAltcha } from '../../test/altcha';
import { createTestApp } from '../../test/app';
import { finishSignUp } from '../../test/sign-up';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { startShopifyAdminStandIn } from '../../test/shopify-admin';
import type { ShopifyAdminStandIn } from '../../test/shopify-admin';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { backoffMs, MAX_ATTEMPTS, pushDueCodes, requestStoreSync } from './service';

const CLIENT = 'store-sync-test-public-client-token-00';
const TAKEN = 'Code must be unique. Please try a different code.';

let stand: ShopifyAdminStandIn;
let t: TestApp;
/** A client of our own on the same stand-in: the round is called directly, at the time we choose. */
let shopify: ShopifyAdminClient;
let reviewer: FixtureStaff;
let manager: FixtureStaff;
const warnings: Record<string, unknown>[] = [];
const log = { warn: (obj: object, msg: string) => void warnings.push({ ...obj, msg }) };

const db = () => t.database.db;
const later = (ms: number, from: Date) => new Date(from.getTime() + ms);
const unique = (prefix = 'SB') => `${prefix}${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
const syncRow = (promoCodeId: number, on: Db = db()) =>
  on
    .selectFrom('store_code_syncs')
    .selectAll()
    .where('promo_code_id', '=', promoCodeId)
    .executeTakeFirstOrThrow();
const msSince = (iso: string | null, from: Date) => Date.parse(iso!) - from.getTime();

beforeAll(async () => {
  stand = await startShopifyAdminStandIn();
  t = await createTestApp({
    env: {
      PUBLIC_CLIENT_TOKEN: CLIENT,
      SHOPIFY_SHOP_DOMAIN: 'sunbite-test.myshopify.com',
      SHOPIFY_ADMIN_TOKEN: stand.token,
      SHOPIFY_ADMIN_API_URL: stand.url,
    },
    build: { rateLimits: { registration: 1000, challenge: 1000 } },
  });
  shopify = createShopifyAdminClient({ url: stand.url, token: stand.token });
  reviewer = await createStaffWithToken(db(), 'reviewer');
  manager = await createStaffWithToken(db(), 'manager');
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
});

/** A partner and their code, queued for the store in one transaction, as registration does. */
async function partnerWithCode(code = unique()) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const tag = Math.random().toString(36).slice(2, 8);
      const partner = await createPartnerAccount(trx, {
        email: `sync-${tag}@example.test`,
        password: `password-${tag}`,
        first_name: 'Sync',
        last_name: `Partner ${tag}`,
        locale: 'en',
      });
      const promo = await createPromoCode(trx, partner.id, code);
      expect(await requestStoreSync(trx, promo.id, t.config)).toBe(true);
      return { partner, promo, code: promo.code };
    });
}

const detail = (uuid: string, token = manager.token) =>
  t.app.inject({ method: 'GET', url: `/api/manager/partners/${uuid}`, headers: bearer(token) });
const retry = (uuid: string, code: string, headers: Record<string, string> = bearer(manager.token)) =>
  t.app.inject({
    method: 'POST',
    url: `/api/manager/partners/${uuid}/promo-codes/${code}/store-sync`,
    headers,
  });

describe('a new partner’s code', () => {
  it('is queued by registration and created in the store by the next round, with the mutation, its variables and the token', async () => {
    const code = unique('MAYA');
    const body = {
      first_name: 'Maya',
      last_name: 'Store',
      email: `maya.${code.toLowerCase()}@example.test`,
      password: 'gummies-for-breakfast',
      password_confirmation: 'gummies-for-breakfast',
      promo_code: code.toLowerCase(),
      phone: '+1 514 555 0100',
      date_of_birth: '1992-07-14',
      country: 'CA',
      category_id: 2,
      instagram_url: 'https://instagram.com/maya',
      accepted_terms: true,
      locale: 'en',
      altcha: await solvedAltcha(t.app, CLIENT),
    };
    const registered = await t.app.inject({
      method: 'PUT',
      url: '/api/add',
      headers: { authorization: `Bearer ${CLIENT}` },
      payload: body,
    });
    expect(registered.statusCode, registered.body).toBe(202);
    // The account, and so its code, is made when the mailed link is followed.
    await finishSignUp(t.app, t.dataDir, body.email, CLIENT);
    const { uuid } = await db()
      .selectFrom('partners')
      .select('uuid')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    const promo = await db()
      .selectFrom('promo_codes')
      .innerJoin('partners', 'partners.id', 'promo_codes.partner_id')
      .select(['promo_codes.id', 'promo_codes.code'])
      .where('partners.uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(promo.code).toBe(code);
    expect(await syncRow(promo.id)).toMatchObject({
      state: 'pending',
      store_id: null,
      attempts: 0,
      locked_until: null,
    });
    expect(stand.callsFor('discountCodeBasicCreate', code)).toEqual([]);

    const before = Date.now();
    // The app's own background round (its first tick runs every task).
    await t.app.background.tick();

    const calls = stand.callsFor('discountCodeBasicCreate', code);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['x-shopify-access-token']).toBe(stand.token);
    expect(calls[0]!.query).toContain('discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount)');
    const input = (calls[0]!.variables as { basicCodeDiscount: Record<string, unknown> }).basicCodeDiscount;
    expect(input).toEqual({
      title: `Partner code ${code}`,
      code,
      startsAt: expect.any(String),
      customerSelection: { all: true },
      customerGets: { value: { percentage: 0.15 }, items: { all: true } },
      appliesOncePerCustomer: true,
    });
    expect(Math.abs(Date.parse(input.startsAt as string) - before)).toBeLessThan(60_000);
    const discount = stand.discountByCode(code)!;
    expect(discount).toMatchObject({ percentage: 0.15, endsAt: null, appliesOncePerCustomer: true });

    expect(await syncRow(promo.id)).toMatchObject({
      state: 'created',
      store_id: discount.id,
      message: null,
      attempts: 1,
      next_attempt_at: null,
      locked_until: null,
    });
    const shown = await detail(uuid);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.promo_codes).toEqual([
      {
        code,
        value: 15,
        commission_rate: 10,
        store_sync: {
          state: 'created',
          store_id: discount.id,
          message: null,
          attempts: 1,
          updated_at: expect.any(String),
        },
      },
    ]);
  });
});

describe('the store’s refusal', () => {
  it('keeps the store’s words, shows them to staff, and does not retry by itself', async () => {
    const code = unique();
    stand.addExisting(code);
    const { partner, promo } = await partnerWithCode(code);
    const t0 = new Date();
    await pushDueCodes(db(), shopify, log, t0);
    expect(await syncRow(promo.id)).toMatchObject({
      state: 'failed',
      store_id: null,
      message: TAKEN,
      attempts: 1,
      next_attempt_at: null,
      locked_until: null,
    });
    // The store was asked whose discount holds the code: not ours (another title).
    expect(stand.lookupsFor(code)).toHaveLength(1);
    // Nothing is asked again, however long we wait.
    await pushDueCodes(db(), shopify, log, later(48 * 3_600_000, t0));
    expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(1);

    for (const staff of [reviewer, manager]) {
      const shown = await detail(partner.uuid, staff.token);
      expect(shown.statusCode).toBe(200);
      expect(shown.json().data.promo_codes[0]).toEqual({
        code,
        value: 15,
        commission_rate: 10,
        store_sync: {
          state: 'failed',
          store_id: null,
          message: TAKEN,
          attempts: 1,
          updated_at: expect.any(String),
        },
      });
    }
  });
});

describe('an answer that never came', () => {
  it('the create reached the store: the next attempt is told the code is taken, finds our own discount and takes it', async () => {
    const { promo, code } = await partnerWithCode();
    stand.script({ doneThenStatus: 502 });
    const t0 = new Date();
    await pushDueCodes(db(), shopify, log, t0);
    expect(await syncRow(promo.id)).toMatchObject({ state: 'pending', store_id: null, attempts: 1 });
    const made = stand.discountByCode(code)!;
    expect(made.title).toBe(`Partner code ${code}`);

    await pushDueCodes(db(), shopify, log, later(backoffMs(1) + 5000, t0));
    expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(2);
    expect(stand.lookupsFor(code)).toHaveLength(1);
    expect([...stand.discounts.values()].filter((d) => d.code === code)).toHaveLength(1);
    expect(await syncRow(promo.id)).toMatchObject({
      state: 'created',
      store_id: made.id,
      message: null,
      attempts: 2,
    });
  });
});

describe('a code made before the push was configured', () => {
  it('reads "not pushed" to staff, and a manager pushes it for the first time, audited', async () => {
    const code = unique('OLD');
    const { partner, promo } = await db()
      .transaction()
      .execute(async (trx) => {
        const tag = Math.random().toString(36).slice(2, 8);
        const made = await createPartnerAccount(trx, {
          email: `old-${tag}@example.test`,
          password: `password-${tag}`,
          first_name: 'Old',
          last_name: 'Code',
          locale: 'en',
        });
        return { partner: made, promo: await createPromoCode(trx, made.id, code) };
      });
    expect((await detail(partner.uuid)).json().data.promo_codes[0].store_sync).toEqual({
      state: 'not_pushed',
      store_id: null,
      message: null,
      attempts: 0,
      updated_at: null,
    });
    expect((await retry(partner.uuid, code, bearer(reviewer.token))).statusCode).toBe(403);
    const pushed = await retry(partner.uuid, code);
    expect(pushed.statusCode).toBe(202);
    expect(pushed.json().data.store_sync.state).toBe('pending');
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'promo_code')
      .where('entity_id', '=', code)
      .execute();
    expect(audit).toHaveLength(1);
    await pushDueCodes(db(), shopify, log);
    expect(await syncRow(promo.id)).toMatchObject({ state: 'created' });
    expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(1);
    // Now in the store: nothing to push again.
    expect((await retry(partner.uuid, code)).statusCode).toBe(409);
  });
});

describe('staff retry a failed push', () => {
  it('managers may, audited; reviewers, partners and strangers may not; only a failed push', async () => {
    const code = unique();
    const existing = stand.addExisting(code);
    const { partner, promo } = await partnerWithCode(code);
    await pushDueCodes(db(), shopify, log);
    expect((await syncRow(promo.id)).state).toBe('failed');

    const asReviewer = await retry(partner.uuid, code, bearer(reviewer.token));
    expect(asReviewer.statusCode).toBe(403);
    expect(asReviewer.json()).toEqual({ code: 403, error: 'forbidden', message: 'Forbidden' });
    const partnerToken = (await issueToken(db(), 'partner', partner.id)).token;
    const asPartner = await retry(partner.uuid, code, bearer(partnerToken));
    expect(asPartner.statusCode).toBe(401);
    expect(asPartner.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
    expect((await retry(partner.uuid, code, {})).statusCode).toBe(401);
    // Neither opened anything.
    expect((await syncRow(promo.id)).state).toBe('failed');
    expect(
      await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'promo_code')
        .where('entity_id', '=', code)
        .execute(),
    ).toEqual([]);

    // Unknown partner, or a code that is not theirs: 404.
    const unknown = await retry('00000000-0000-4000-8000-000000000000', code);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 404,
      error: 'partner_admin.partner_not_found',
      message: 'No partner has this id',
    });
    const other = await partnerWithCode();
    const notTheirs = await retry(other.partner.uuid, code);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({
      code: 404,
      error: 'partner_admin.code_not_found',
      message: 'This partner has no such promo code',
    });

    // Staff removed the discount someone made by hand in the store; a manager retries.
    stand.discounts.delete(existing.id);
    const retried = await retry(partner.uuid, code.toLowerCase());
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json()).toEqual({
      data: {
        code,
        value: 15,
        commission_rate: 10,
        store_sync: {
          state: 'pending',
          store_id: null,
          message: null,
          attempts: 0,
          updated_at: expect.any(String),
        },
      },
    });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'promo_code')
      .where('entity_id', '=', code)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: manager.id, action: 'promo_code.store_sync_retry' });
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ state: 'failed', message: TAKEN, attempts: 1 });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ state: 'pending', message: null, attempts: 0 });

    // Pending now: a second retry is refused (in the visitor's language), and writes nothing.
    const again = await retry(partner.uuid, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 409,
      error: 'store_sync.not_failed',
      message: 'The push of this code to the store has not failed: there is nothing to retry',
    });
    const inFrench = await retry(partner.uuid, code, { ...bearer(manager.token), 'accept-language': 'fr' });
    expect(inFrench.json()).toEqual({
      code: 409,
      error: 'store_sync.not_failed',
      message: 'L’envoi de ce code à la boutique n’a pas échoué\u00a0: il n’y a rien à relancer',
    });

    await pushDueCodes(db(), shopify, log);
    const created = await syncRow(promo.id);
    expect(created).toMatchObject({
      state: 'created',
      store_id: stand.discountByCode(code)!.id,
      message: null,
      attempts: 1,
    });
    expect((await retry(partner.uuid, code)).statusCode).toBe(409);
    expect(
      await db()
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'promo_code')
        .where('entity_id', '=', code)
        .execute(),
    ).toHaveLength(1);
  });
});

describe('waiting when the store asks us to', () => {
  it('THROTTLED: waits as long as the store needs, without counting an attempt, then creates the code', async () => {
    const { promo, code } = await partnerWithCode();
    // 10 points asked, none available, one restored a second: ten seconds.
    stand.script({ throttled: true, currentlyAvailable: 0, restoreRate: 1 });
    const t0 = new Date();
    expect(await pushDueCodes(db(), shopify, log, t0)).toBe(0);
    const waiting = await syncRow(promo.id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 0, throttled: 1, locked_until: null });
    expect(waiting.message).toMatch(/throttled/i);
    expect(msSince(waiting.next_attempt_at, t0)).toBeGreaterThanOrEqual(10_000);
    expect(msSince(waiting.next_attempt_at, t0)).toBeLessThan(15_000);

    await pushDueCodes(db(), shopify, log, later(5000, t0));
    expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(1);
    expect(await pushDueCodes(db(), shopify, log, later(16_000, t0))).toBe(1);
    expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(2);
    expect(await syncRow(promo.id)).toMatchObject({
      state: 'created',
      store_id: stand.discountByCode(code)!.id,
      attempts: 1,
      throttled: 0,
      message: null,
    });
  });

  it('429: honours Retry-After, then creates the code', async () => {
    const { promo, code } = await partnerWithCode();
    stand.script({ status: 429, retryAfter: '30' });
    const t0 = new Date();
    await pushDueCodes(db(), shopify, log, t0);
    const waiting = await syncRow(promo.id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 0, throttled: 1 });
    expect(msSince(waiting.next_attempt_at, t0)).toBeGreaterThanOrEqual(30_000);
    expect(msSince(waiting.next_attempt_at, t0)).toBeLessThan(35_000);

    await pushDueCodes(db(), shopify, log, later(20_000, t0));
    expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(1);
    await pushDueCodes(db(), shopify, log, later(36_000, t0));
    expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(2);
    expect(await syncRow(promo.id)).toMatchObject({ state: 'created', attempts: 1 });
  });
});

describe('a store that keeps failing', () => {
  it('is asked again with a growing back-off, then the push fails with the reason', async () => {
    const { partner, promo, code } = await partnerWithCode();
    stand.failAll(500);
    try {
      let now = new Date();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await pushDueCodes(db(), shopify, log, now);
        expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(attempt);
        const row = await syncRow(promo.id);
        if (attempt === MAX_ATTEMPTS) {
          expect(row).toMatchObject({
            state: 'failed',
            attempts: MAX_ATTEMPTS,
            next_attempt_at: null,
            locked_until: null,
          });
          expect(row.message).toMatch(
            new RegExp(`^Shopify did not take the code after ${MAX_ATTEMPTS} attempts: .*HTTP 500`),
          );
          break;
        }
        expect(row).toMatchObject({ state: 'pending', attempts: attempt, locked_until: null });
        expect(row.message).toMatch(/HTTP 500/);
        const wait = msSince(row.next_attempt_at, now);
        expect(wait).toBeGreaterThanOrEqual(backoffMs(attempt));
        expect(wait).toBeLessThan(backoffMs(attempt) + 5000);
        // Not before it is due.
        await pushDueCodes(db(), shopify, log, later(backoffMs(attempt) - 5000, now));
        expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(attempt);
        now = later(wait + 1, now);
      }
      expect(backoffMs(1)).toBe(30_000);
      expect(backoffMs(MAX_ATTEMPTS - 1)).toBeGreaterThan(backoffMs(1) * 32);
      // Given up: nothing more, even much later.
      await pushDueCodes(db(), shopify, log, later(86_400_000, now));
      expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(MAX_ATTEMPTS);
      expect(warnings.filter((w) => w.code === code).map((w) => w.msg)).toEqual([
        ...Array<string>(MAX_ATTEMPTS - 1).fill('shopify discount push failed; retried later'),
        'shopify did not take the discount code; given up',
      ]);
    } finally {
      stand.failAll(null);
    }
    const shown = (await detail(partner.uuid)).json().data.promo_codes[0].store_sync;
    expect(shown).toMatchObject({
      state: 'failed',
      attempts: MAX_ATTEMPTS,
      message: expect.stringMatching(/HTTP 500/),
    });
  });
});

describe('a code whose discount staff change', () => {
  it('updates the discount the store has, rather than creating another', async () => {
    const { promo, code } = await partnerWithCode();
    await pushDueCodes(db(), shopify, log);
    const storeId = (await syncRow(promo.id)).store_id!;
    expect(storeId).toBe(stand.discountByCode(code)!.id);

    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('promo_codes').set({ value_bp: 2000 }).where('id', '=', promo.id).execute();
        expect(await requestStoreSync(trx, promo.id, t.config)).toBe(true);
      });
    expect(await syncRow(promo.id)).toMatchObject({
      state: 'pending',
      store_id: storeId,
      attempts: 0,
      revision: 2,
    });
    await pushDueCodes(db(), shopify, log);

    const updates = stand.callsFor('discountCodeBasicUpdate', code);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.variables).toMatchObject({
      id: storeId,
      basicCodeDiscount: { code, customerGets: { value: { percentage: 0.2 } } },
    });
    expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(1);
    expect(stand.discounts.get(storeId)).toMatchObject({ percentage: 0.2, updates: 1 });
    expect(await syncRow(promo.id)).toMatchObject({ state: 'created', store_id: storeId, attempts: 1 });
  });

  it('a change made while the code is being pushed is pushed after it, with the new discount', async () => {
    const { promo, code } = await partnerWithCode();
    stand.delayMs = 400;
    let round: Promise<number>;
    try {
      round = pushDueCodes(db(), shopify, log);
      // The store has the create (and is slow to answer it): staff change the discount now.
      for (let i = 0; i < 200 && stand.callsFor('discountCodeBasicCreate', code).length === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(1);
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('promo_codes').set({ value_bp: 2500 }).where('id', '=', promo.id).execute();
          await requestStoreSync(trx, promo.id, t.config);
        });
      await round;
    } finally {
      stand.delayMs = 0;
    }
    // Created with the old discount, which did not end the newer request: the same round went on
    // with it, as an update of the discount just created.
    const storeId = stand.discountByCode(code)!.id;
    expect(stand.callsFor('discountCodeBasicCreate', code)).toHaveLength(1);
    expect(stand.callsFor('discountCodeBasicCreate', code)[0]!.variables).toMatchObject({
      basicCodeDiscount: { customerGets: { value: { percentage: 0.15 } } },
    });
    expect(stand.callsFor('discountCodeBasicUpdate', code)).toHaveLength(1);
    expect(stand.discounts.get(storeId)).toMatchObject({ percentage: 0.25 });
    expect(await syncRow(promo.id)).toMatchObject({
      state: 'created',
      store_id: storeId,
      revision: 2,
      locked_until: null,
    });
  });
});

describe('several nodes on one database', () => {
  it('push each code once when two nodes run their rounds at once', async () => {
    // A second pool on PostgreSQL, as another server would have; SQLite nodes share the file.
    const extra: DatabaseHandle[] = [];
    const nodes: App[] = [];
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const codes: { promo: { id: number }; code: string }[] = [];
    for (let i = 0; i < 6; i++) codes.push(await partnerWithCode());
    stand.delayMs = 30;
    try {
      for (let i = 0; i < 2; i++) {
        let database: DatabaseHandle = t.database;
        if (t.database.url) extra.push((database = openPostgres(t.database.url, 5)));
        nodes.push(
          await buildApp({ config: t.config, database, webRoot: `${t.dataDir}/no-web`, logStream: stream }),
        );
      }
      // Each node's first round runs every task, the discount push among them.
      await Promise.all(nodes.map((node) => node.background.tick()));
      // And the round itself on both at once, directly, with more codes queued meanwhile.
      for (let i = 0; i < 4; i++) codes.push(await partnerWithCode());
      const otherClient = createShopifyAdminClient({ url: stand.url, token: stand.token });
      await Promise.all([
        pushDueCodes(db(), shopify, log),
        pushDueCodes((extra[0] ?? t.database).db, otherClient, log),
      ]);
    } finally {
      stand.delayMs = 0;
      for (const node of nodes) await node.close();
      for (const handle of extra) await handle.close();
    }
    for (const { promo, code } of codes) {
      expect(stand.callsFor('discountCodeBasicCreate', code), code).toHaveLength(1);
      expect(await syncRow(promo.id)).toMatchObject({
        state: 'created',
        store_id: stand.discountByCode(code)!.id,
        attempts: 1,
      });
    }
    expect(
      lines.join('').match(/shopify (discount push failed|refused)|scheduled task failed/g) ?? [],
    ).toEqual([]);
  });
});

describe('without the push configured', () => {
  it('queues nothing at registration and shows every code as off; a retry is a 409', async () => {
    const off = await createTestApp({
      env: { PUBLIC_CLIENT_TOKEN: CLIENT },
      build: { rateLimits: { registration: 1000, challenge: 1000 } },
    });
    try {
      const code = unique('OFF');
      const registered = await off.app.inject({
        method: 'PUT',
        url: '/api/add',
        headers: { authorization: `Bearer ${CLIENT}` },
        payload: {
          first_name: 'Off',
          last_name: 'Line',
          email: `off.${code.toLowerCase()}@example.test`,
          password: 'gummies-for-breakfast',
          password_confirmation: 'gummies-for-breakfast',
          promo_code: code,
          phone: '+1 514 555 0100',
          date_of_birth: '1990-01-01',
          country: 'FR',
          category_id: 2,
          instagram_url: 'https://instagram.com/off',
          accepted_terms: true,
          locale: 'fr',
          altcha: await solvedAltcha(off.app, CLIENT),
        },
      });
      expect(registered.statusCode, registered.body).toBe(202);
      await finishSignUp(off.app, off.dataDir, `off.${code.toLowerCase()}@example.test`, CLIENT);
      const { uuid } = await off.database.db
        .selectFrom('partners')
        .select('uuid')
        .where('email', '=', `off.${code.toLowerCase()}@example.test`)
        .executeTakeFirstOrThrow();
      const count = async () =>
        Number(
          (
            await off.database.db
              .selectFrom('store_code_syncs')
              .select(sql<number>`count(*)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count()).toBe(0);
      const promo = await off.database.db
        .selectFrom('promo_codes')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      expect(await requestStoreSync(off.database.db, promo.id, off.config)).toBe(false);
      const requestsBefore = stand.requests.length;
      await off.app.background.tick();
      expect(await count()).toBe(0);
      expect(stand.requests.length).toBe(requestsBefore);

      const staff = await createStaffWithToken(off.database.db, 'manager');
      const shown = await off.app.inject({
        method: 'GET',
        url: `/api/manager/partners/${uuid}`,
        headers: bearer(staff.token),
      });
      expect(shown.json().data.promo_codes).toEqual([
        {
          code,
          value: 15,
          commission_rate: 10,
          store_sync: { state: 'off', store_id: null, message: null, attempts: 0, updated_at: null },
        },
      ]);
      const retried = await off.app.inject({
        method: 'POST',
        url: `/api/manager/partners/${uuid}/promo-codes/${code}/store-sync`,
        headers: bearer(staff.token),
      });
      expect(retried.statusCode).toBe(409);
      expect(retried.json()).toEqual({
        code: 409,
        error: 'store_sync.not_configured',
        message:
          "No store is connected: an admin connects it in Settings → Store (or the server's SHOPIFY_SHOP_DOMAIN and SHOPIFY_ADMIN_TOKEN)",
      });
    } finally {
      await off.close();
    }
  });
});
