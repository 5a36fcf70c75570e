// The account's branding (docs/product/partners-and-accounts.md#white-label-sub-partners): GET /api/branding answers the
// signed-in partner's own sub-partner (never another's), null for a partner who came through none
// or whose sub-partner was deactivated, and only to a partner's session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';

let t: TestApp;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ build: { rateLimits: { api: 100_000 } } });
});
afterAll(() => t.close());

async function subpartner(slug: string, primary: string, active = 1) {
  const at = new Date().toISOString();
  const row = await t.database.db
    .insertInto('subpartners')
    .values({
      slug,
      name: `${slug} studio`,
      logo_url: `/api/media/subpartner-${slug}.webp`,
      primary_color: primary,
      accent_color: '#f59e0b',
      welcome_en: '',
      welcome_fr: '',
      active,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function partnerOf(subpartnerId: number | null) {
  serial += 1;
  const partner = await createPartnerAccount(t.database.db, {
    email: `branding-${serial}@example.test`,
    password: 'partner-password',
    first_name: 'Pat',
    last_name: 'Partner',
    subpartner_id: subpartnerId,
  });
  return (await issueToken(t.database.db, 'partner', partner.id)).token;
}

const branding = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/branding', headers });

describe('GET /api/branding', () => {
  it('answers each partner the sub-partner they registered through, and only theirs', async () => {
    const glow = await subpartner('glow', '#7c3aed');
    const north = await subpartner('north', '#0f766e');
    const [glowPartner, northPartner] = [await partnerOf(glow), await partnerOf(north)];

    const res = await branding(bearer(glowPartner));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        subpartner: {
          slug: 'glow',
          name: 'glow studio',
          logo_url: '/api/media/subpartner-glow.webp',
          primary_color: '#7c3aed',
          accent_color: '#f59e0b',
        },
      },
    });
    expect((await branding(bearer(northPartner))).json().data.subpartner).toMatchObject({
      slug: 'north',
      primary_color: '#0f766e',
    });
  });

  it('answers null to a partner who came through no sub-partner', async () => {
    const res = await branding(bearer(await partnerOf(null)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { subpartner: null } });
  });

  it('answers null once the sub-partner is deactivated', async () => {
    const id = await subpartner('faded', '#be123c');
    const token = await partnerOf(id);
    expect((await branding(bearer(token))).json().data.subpartner?.slug).toBe('faded');
    await t.database.db.updateTable('subpartners').set({ active: 0 }).where('id', '=', id).execute();
    expect((await branding(bearer(token))).json()).toEqual({ data: { subpartner: null } });
  });

  it('is only for a partner’s session', async () => {
    expect((await branding({})).statusCode).toBe(401);
    const staff = await createStaffWithToken(t.database.db, 'admin');
    expect((await branding(bearer(staff.token))).statusCode).toBe(401);
  });
});
