import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../common/audit';
import * as m021 from '../../db/migrations/021-audit-log-reads';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { addEarnings, payoutPartner, staffMember } from '../../test/payouts';
import type { TestPartner, TestStaff } from '../../test/payouts';
import { createPromoCode } from '../promo-codes/service';
import { recordAudit } from './service';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Line = {
  id: number;
  created_at: string;
  actor: { id: number; name: string; email: string; role: string } | null;
  action: string;
  entity: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  partner: { uuid: string; name: string } | null;
};
type Page = { data: Line[]; current_page: number; per_page: number; last_page: number; total: number };

// The audit log of docs/product/back-office.md#audit-log as the back office reads it: every staff change, who (as they
// are now), when, what, before and after, newest first, filtered and paged.
describe('GET /api/manager/audit', () => {
  let t: TestApp;
  let manager: TestStaff;
  let admin: TestStaff;
  let reviewer: TestStaff;
  let partner: TestPartner;
  const today = new Date().toISOString().slice(0, 10);

  const get = (url: string, token = manager.token) => t.app.inject({ url, headers: bearer(token) });
  const audit = async (query = '', token = manager.token): Promise<Page> => {
    const res = await get(`/api/manager/audit${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const promo = (title: string) => ({
    content: { en: { title, body: 'Twenty percent off this week.' } },
    product: null,
    starts_on: today,
    ends_on: today,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    manager = await staffMember(db, 'manager', 'Mona Manager');
    admin = await staffMember(db, 'admin', 'Ada Admin');
    reviewer = await staffMember(db, 'reviewer', 'Rita Reviewer');
    partner = await payoutPartner(db, { first: 'Maya', last: 'Tremblay' });
    await createPromoCode(db, partner.id, 'MAYA15');
    // Lines of past months, written as the services write them (their own times).
    const past = [
      {
        at: '2025-01-10T09:00:00.000Z',
        staffId: admin.id,
        action: 'partner.suspend',
        entity: 'partner',
        entityId: partner.uuid,
        before: { status: 'active' },
        after: { status: 'suspended' },
      },
      {
        at: '2025-01-20T15:30:00.000Z',
        staffId: admin.id,
        action: 'partner.update',
        entity: 'partner',
        entityId: partner.id,
        before: { commission_override: null, notes: 'Good' },
        after: { commission_override: 20, notes: 'Good' },
      },
      {
        at: '2025-02-01T00:00:00.000Z',
        staffId: manager.id,
        action: 'promo_code.store_sync_retry',
        entity: 'promo_code',
        entityId: 'maya15',
        before: { state: 'failed' },
        after: { state: 'pending' },
      },
      {
        at: '2025-02-01T23:59:59.999Z',
        staffId: manager.id,
        action: 'custom.create',
        entity: 'custom',
        entityId: 41,
        after: { content: { en: { title: 'Hi' } }, partner: partner.uuid },
      },
      {
        at: '2025-02-02T00:00:00.000Z',
        staffId: manager.id,
        action: 'claim.shipped',
        entity: 'claim',
        entityId: 7,
        before: { status: 'open', note: null },
        after: { status: 'shipped', note: 'Sent' },
      },
    ];
    for (const { at, ...entry } of past) await recordAudit(db, entry, at);
  });
  afterAll(() => t.close());

  it('is for managers and admins: a reviewer gets 403, a partner or no token 401', async () => {
    for (const url of ['/api/manager/audit', '/api/manager/audit/facets']) {
      expect((await get(url, manager.token)).statusCode, url).toBe(200);
      expect((await get(url, admin.token)).statusCode, url).toBe(200);
      const refused = await get(url, reviewer.token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ code: 403, error: 'forbidden', message: 'Forbidden' });
      expect((await get(url, partner.token)).statusCode, url).toBe(401);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });

  it('lists a change made through the API, newest first, with who, when, what, before and after', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/manager/promotions',
      headers: bearer(manager.token),
      payload: promo('Spring sale'),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/manager/promotions/${id}`,
          headers: bearer(admin.token),
          payload: promo('Spring sale, extended'),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/manager/promotions/${id}`,
          headers: bearer(manager.token),
        })
      ).statusCode,
    ).toBe(200);

    const page = await audit(`?entity=promotion&entity_id=${id}`);
    expect(page.data.map((l) => l.action)).toEqual([
      'promotion.delete',
      'promotion.update',
      'promotion.create',
    ]);
    const [deleted, updated, createdLine] = page.data;
    expect(createdLine).toMatchObject({
      actor: { id: manager.id, name: 'Mona Manager', email: 'mona.manager@staff.example', role: 'manager' },
      entity: 'promotion',
      entity_id: String(id),
      before: null,
      after: { content: { en: { title: 'Spring sale' } }, starts_on: today },
      partner: null,
    });
    expect(Date.now() - Date.parse(createdLine!.created_at)).toBeLessThan(60_000);
    expect(createdLine!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(updated).toMatchObject({
      actor: { id: admin.id, role: 'admin' },
      before: { content: { en: { title: 'Spring sale' } } },
      after: { content: { en: { title: 'Spring sale, extended' } } },
    });
    expect(deleted).toMatchObject({
      before: { content: { en: { title: 'Spring sale, extended' } } },
      after: null,
    });
    // The whole log: these three first, the past months' lines last.
    const all = await audit('?length=100');
    expect(all.data.slice(0, 3).map((l) => l.id)).toEqual(page.data.map((l) => l.id));
    expect(all.data.at(-1)).toMatchObject({
      action: 'partner.suspend',
      created_at: '2025-01-10T09:00:00.000Z',
    });
    const times = all.data.map((l) => l.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('names the staff member as they are now: their role at read time', async () => {
    const db = t.database.db;
    await db
      .updateTable('staff_users')
      .set({ role: 'reviewer', name: 'Ada Former-Admin' })
      .where('id', '=', admin.id)
      .execute();
    const [line] = (await audit('?action=partner.suspend')).data;
    expect(line!.actor).toEqual({
      id: admin.id,
      name: 'Ada Former-Admin',
      email: 'ada.admin@staff.example',
      role: 'reviewer',
    });
    await db
      .updateTable('staff_users')
      .set({ role: 'admin', name: 'Ada Admin' })
      .where('id', '=', admin.id)
      .execute();
  });

  it('names the partner a line concerns: by uuid or id, by promo code, payout, or the partner in its state', async () => {
    const past = (await audit('?to=2025-02-28&length=100')).data;
    const name = { uuid: partner.uuid, name: 'Maya Tremblay' };
    expect(past.map((l) => [l.action, l.partner])).toEqual([
      ['claim.shipped', null],
      ['custom.create', name],
      ['promo_code.store_sync_retry', name],
      ['partner.update', name],
      ['partner.suspend', name],
    ]);
  });

  it('filters by staff member, entity, action and time, and combines them', async () => {
    const actions = async (query: string) => (await audit(query)).data.map((l) => l.action);
    expect(await actions(`?actor=${admin.id}&to=2025-12-31`)).toEqual(['partner.update', 'partner.suspend']);
    expect(await actions(`?entity=partner`)).toEqual(['partner.update', 'partner.suspend']);
    expect(await actions(`?entity=partner&entity_id=${partner.uuid}`)).toEqual(['partner.suspend']);
    expect(await actions(`?action=claim.shipped`)).toEqual(['claim.shipped']);
    // Days are UTC days, `to` included whole; times are instants, both ends included.
    expect(await actions('?from=2025-02-01&to=2025-02-01')).toEqual([
      'custom.create',
      'promo_code.store_sync_retry',
    ]);
    expect(await actions('?from=2025-01-20T15:30:00.000Z&to=2025-02-01T00:00:00Z')).toEqual([
      'promo_code.store_sync_retry',
      'partner.update',
    ]);
    expect(await actions('?from=2025-01-31T19:00:00-05:00&to=2025-02-01T18:59:59.999-05:00')).toEqual([
      'custom.create',
      'promo_code.store_sync_retry',
    ]);
    expect(await actions(`?actor=${manager.id}&from=2025-01-01&to=2025-02-01&entity=custom`)).toEqual([
      'custom.create',
    ]);
    expect(await actions(`?actor=${reviewer.id}`)).toEqual([]);
    expect(await actions('?entity=nothing')).toEqual([]);
  });

  it('pages as every list does (docs/product/errors-and-languages.md#the-api-conventions)', async () => {
    const first = await audit('?to=2025-12-31&length=2');
    expect(first).toMatchObject({
      current_page: 1,
      per_page: 2,
      last_page: 3,
      total: 5,
      total_capped: false,
    });
    expect(first.data.map((l) => l.action)).toEqual(['claim.shipped', 'custom.create']);
    const last = await audit('?to=2025-12-31&length=2&page=3');
    expect(last.data.map((l) => l.action)).toEqual(['partner.suspend']);
    const beyond = await audit('?to=2025-12-31&length=2&page=9');
    expect(beyond).toMatchObject({ data: [], current_page: 9, last_page: 3, total: 5 });
    expect((await audit()).per_page).toBe(20);
  });

  it('refuses bad filters with 422 and the field', async () => {
    const cases: [string, string][] = [
      ['?actor=abc', 'actor'],
      ['?actor=0', 'actor'],
      ['?entity=a%20b', 'entity'],
      [`?entity=${'x'.repeat(41)}`, 'entity'],
      ['?action=promotion.create;drop', 'action'],
      ['?entity_id=12', 'entity'],
      ['?from=2025-02-30', 'from'],
      ['?from=yesterday', 'from'],
      ['?to=2025-13-01', 'to'],
      ['?from=2025-02-02&to=2025-02-01', 'to'],
      ['?length=101', 'length'],
      ['?page=0', 'page'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/manager/audit${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });

  it('offers every staff member, and the known actions and entities with those found in the log', async () => {
    // Written by code whose words are not in common/audit.ts yet.
    await recordAudit(
      t.database.db,
      { staffId: manager.id, action: 'gadget.tune', entity: 'gadget', entityId: 1, after: { pitch: 440 } },
      '2024-12-31T00:00:00.000Z',
    );
    const res = await get('/api/manager/audit/facets');
    const { actors, actions, entities } = res.json().data as {
      actors: { id: number; name: string; role: string }[];
      actions: string[];
      entities: string[];
    };
    expect(actors.map((a) => a.name)).toEqual(['Ada Admin', 'Mona Manager', 'Rita Reviewer']);
    expect(actors[0]).toEqual({
      id: admin.id,
      name: 'Ada Admin',
      email: 'ada.admin@staff.example',
      role: 'admin',
    });
    // The known ones in their order, then the others the log holds, sorted.
    expect(actions).toEqual([...AUDIT_ACTIONS, 'gadget.tune', 'partner.update']);
    expect(entities).toEqual([...AUDIT_ENTITIES, 'gadget']);
  });
});

// Staff decisions on payouts are staff actions: each writes its audit line in the decision's
// transaction (a refused one writes none), and those taken before migration 021 are copied in.
describe('payout decisions in the audit log', () => {
  let t: TestApp;
  let reviewer: TestStaff;
  let manager: TestStaff;
  let partner: TestPartner;
  let payoutId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    reviewer = await staffMember(db, 'reviewer', 'Rita Reviewer');
    manager = await staffMember(db, 'manager', 'Mona Manager');
    partner = await payoutPartner(db, { first: 'Paul', last: 'Payé', email: 'paul.paye@partners.example' });
    await addEarnings(db, partner.id, [3000, 1250]);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/payMeNow',
      headers: bearer(partner.token),
    });
    expect(asked.statusCode).toBe(201);
    payoutId = asked.json().data.id;
  });
  afterAll(() => t.close());

  const payoutLines = async () =>
    (
      await t.app.inject({
        url: `/api/manager/audit?entity=payout&entity_id=${payoutId}`,
        headers: bearer(manager.token),
      })
    ).json().data as Line[];

  it('writes the decision with its before and after, and the payout’s partner', async () => {
    const review = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manager/payouts/${payoutId}/review`,
        headers: bearer(reviewer.token),
        payload,
      });
    expect(
      (await review({ action: 'review', reason: 'Checking the orders', expected_status: 'PENDING' }))
        .statusCode,
    ).toBe(200);
    // Stale: the screen showed PENDING. Refused, and nothing written.
    expect(
      (await review({ action: 'reject', reason: 'Duplicate', expected_status: 'PENDING' })).statusCode,
    ).toBe(409);
    expect(
      (
        await review({
          action: 'reject',
          reason: 'Duplicate account',
          fraudulent: true,
          expected_status: 'IN_REVIEW',
        })
      ).statusCode,
    ).toBe(200);
    const lines = await payoutLines();
    expect(lines.map((l) => [l.action, l.before, l.after])).toEqual([
      [
        'payout.reject',
        { status: 'IN_REVIEW' },
        { status: 'REJECTED', reason: 'Duplicate account', fraudulent: true },
      ],
      ['payout.review', { status: 'PENDING' }, { status: 'IN_REVIEW', reason: 'Checking the orders' }],
    ]);
    expect(lines[0]).toMatchObject({
      actor: { id: reviewer.id, role: 'reviewer' },
      entity: 'payout',
      entity_id: String(payoutId),
      partner: { uuid: partner.uuid, name: 'Paul Payé' },
    });
  });

  it('copies the decisions taken before migration 021 from the payouts’ history', async () => {
    const db = t.database.db;
    const before = await payoutLines();
    // As a database migrated before 021: no payout lines, no new indexes.
    await m021.down(db as unknown as Kysely<unknown>);
    expect(await payoutLines()).toEqual([]);
    await m021.up(db as unknown as Kysely<unknown>);
    const after = await payoutLines();
    expect(
      after.map((l) => [l.action, l.actor?.id, l.before, l.after?.status, l.after?.reason, l.partner?.uuid]),
    ).toEqual(
      before.map((l) => [l.action, l.actor?.id, l.before, l.after?.status, l.after?.reason, l.partner?.uuid]),
    );
  });
});

// The partner of a line found from what it changed, when its state does not name them: a custom
// notification's recipient, a voucher's holder.
describe('the partner of a line', () => {
  let t: TestApp;
  let manager: TestStaff;
  let partner: TestPartner;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    manager = await staffMember(db, 'manager', 'Mona Manager');
    partner = await payoutPartner(db, { first: 'Vera', last: 'Voucher' });
    const at = new Date().toISOString();
    const message = await db
      .insertInto('staff_messages')
      .values({
        kind: 'custom',
        content: JSON.stringify({ en: { title: 'Hi', body: 'There' } }),
        partner_id: partner.id,
        author_staff_id: manager.id,
        created_at: at,
        updated_at: at,
        mailed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('vouchers')
      .values({
        partner_id: partner.id,
        code: 'VERA-10',
        type: 'percent',
        amount: 1000,
        valid_from: at,
        valid_till: null,
        status: 'revoked',
        issued_by: manager.id,
        created_at: at,
      })
      .execute();
    await recordAudit(db, {
      staffId: manager.id,
      action: 'custom.update',
      entity: 'custom',
      entityId: message.id,
      before: { content: { en: { title: 'Hi' } } },
      after: { content: { en: { title: 'Hello' } } },
    });
    await recordAudit(db, {
      staffId: manager.id,
      action: 'voucher.revoke',
      entity: 'voucher',
      entityId: 'vera-10',
      before: { status: 'active' },
      after: { status: 'revoked' },
    });
    // A message since deleted: no partner to be found.
    await recordAudit(db, {
      staffId: manager.id,
      action: 'custom.delete',
      entity: 'custom',
      entityId: 999,
      before: { content: {} },
    });
  });
  afterAll(() => t.close());

  it('is looked up by the notification or the voucher the line changed', async () => {
    const res = await t.app.inject({ url: '/api/manager/audit', headers: bearer(manager.token) });
    expect((res.json().data as Line[]).map((l) => [l.action, l.partner?.name ?? null])).toEqual([
      ['custom.delete', null],
      ['voucher.revoke', 'Vera Voucher'],
      ['custom.update', 'Vera Voucher'],
    ]);
  });
});

// A log of many lines: the answer counts up to 1,000 matching lines and says when there are more.
describe('a long audit log', () => {
  let t: TestApp;
  let manager: TestStaff;
  beforeAll(async () => {
    t = await createTestApp();
    manager = await staffMember(t.database.db, 'manager', 'Mona Manager');
    const start = Date.parse('2025-06-01T00:00:00.000Z');
    for (let chunk = 0; chunk < 1_005; chunk += 500) {
      const rows = Array.from({ length: Math.min(500, 1_005 - chunk) }, (_, i) => ({
        staff_id: manager.id,
        action: 'bulk.touch',
        entity: 'bulk',
        entity_id: String(chunk + i),
        before: null,
        after: JSON.stringify({ n: chunk + i }),
        created_at: new Date(start + (chunk + i) * 1000).toISOString(),
      }));
      await t.database.db.insertInto('audit_log').values(rows).execute();
    }
  });
  afterAll(() => t.close());

  it('answers "more than 1,000" past the count, and exactly below it', async () => {
    const res = await t.app.inject({
      url: '/api/manager/audit?action=bulk.touch',
      headers: bearer(manager.token),
    });
    expect(res.json()).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: 1_000,
      last_page: 50,
      total_capped: true,
    });
    expect(res.json().data[0]).toMatchObject({ entity_id: '1004', after: { n: 1_004 } });
    // The first 20 seconds of the month: 20 lines, counted exactly.
    const narrow = await t.app.inject({
      url: '/api/manager/audit?to=2025-06-01T00:00:19.999Z',
      headers: bearer(manager.token),
    });
    expect(narrow.json()).toMatchObject({ total: 20, last_page: 1, total_capped: false });
  });
});

// The count reads whether a line exists past the cap, then counts only below it (decisions/048):
// the answer at the cap's edge, with filters combined, is what counting every line would say.
describe('the audit log counted at the cap', () => {
  let t: TestApp;
  let manager: TestStaff;
  let other: TestStaff;
  const start = Date.parse('2025-06-01T00:00:00.000Z');
  const second = (n: number) => new Date(start + n * 1000 + 999).toISOString();
  beforeAll(async () => {
    t = await createTestApp();
    manager = await staffMember(t.database.db, 'manager', 'Mona Manager');
    other = await staffMember(t.database.db, 'manager', 'Otto Other');
    // 1,002 lines by the manager, one a second, and between them lines of another action and
    // another staff member, which no filter below keeps.
    for (let chunk = 0; chunk < 1_002; chunk += 500) {
      const rows = Array.from({ length: Math.min(500, 1_002 - chunk) }, (_, i) => [
        {
          staff_id: manager.id,
          action: 'bulk.touch',
          entity: 'bulk',
          entity_id: String(chunk + i),
          before: null,
          after: null,
          created_at: new Date(start + (chunk + i) * 1000).toISOString(),
        },
        {
          staff_id: other.id,
          action: 'bulk.touch',
          entity: 'bulk',
          entity_id: `o${chunk + i}`,
          before: null,
          after: null,
          created_at: new Date(start + (chunk + i) * 1000 + 1).toISOString(),
        },
        {
          staff_id: manager.id,
          action: 'bulk.other',
          entity: 'bulk',
          entity_id: `x${chunk + i}`,
          before: null,
          after: null,
          created_at: new Date(start + (chunk + i) * 1000 + 2).toISOString(),
        },
      ]).flat();
      await t.database.db.insertInto('audit_log').values(rows).execute();
    }
  });
  afterAll(() => t.close());

  const counted = async (query: string) => {
    const res = await t.app.inject({
      url: `/api/manager/audit?action=bulk.touch&actor=${manager.id}&${query}`,
      headers: bearer(manager.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { total, last_page, total_capped, data } = res.json() as Page & { total_capped: boolean };
    return { total, last_page, total_capped, first: data[0]?.entity_id };
  };

  it('counts 999, 1,000 exactly, and says "more" from 1,001', async () => {
    expect(await counted(`to=${second(998)}`)).toEqual({
      total: 999,
      last_page: 50,
      total_capped: false,
      first: '998',
    });
    expect(await counted(`to=${second(999)}`)).toEqual({
      total: 1_000,
      last_page: 50,
      total_capped: false,
      first: '999',
    });
    expect(await counted(`to=${second(1_000)}`)).toEqual({
      total: 1_000,
      last_page: 50,
      total_capped: true,
      first: '1000',
    });
    expect(await counted('')).toEqual({ total: 1_000, last_page: 50, total_capped: true, first: '1001' });
    // A window of the log: from line 2 to line 1,001 are 1,000 lines.
    expect(await counted(`from=${new Date(start + 2000).toISOString()}`)).toEqual({
      total: 1_000,
      last_page: 50,
      total_capped: false,
      first: '1001',
    });
    expect(await counted(`from=${new Date(start + 1000).toISOString()}`)).toEqual({
      total: 1_000,
      last_page: 50,
      total_capped: true,
      first: '1001',
    });
  });

  it('counts what matches nothing as 0, and a page past the count as empty', async () => {
    const none = await t.app.inject({
      url: '/api/manager/audit?action=bulk.none',
      headers: bearer(manager.token),
    });
    expect(none.json()).toMatchObject({ data: [], total: 0, last_page: 1, total_capped: false });
    const past = await t.app.inject({
      url: `/api/manager/audit?action=bulk.touch&actor=${manager.id}&page=60`,
      headers: bearer(manager.token),
    });
    expect(past.json()).toMatchObject({
      data: [],
      current_page: 60,
      total: 1_000,
      last_page: 50,
      total_capped: true,
    });
  });
});
