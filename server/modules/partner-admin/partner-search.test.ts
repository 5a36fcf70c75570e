// The back office's partner search from its index (migration 026, docs/decisions/040-staff-search.md):
// a part of the name, the e-mail or a promo code, in any case, whichever way the list reads it
// (a narrow search through the keys, a broad one through the folded text), kept in step by
// triggers with whatever writes a partner or a code.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { resolveSearch } from './repository';
import { FOLDED_CHARACTERS, KEY_LENGTH, foldSearch } from './search';

let t: TestApp;
let reviewer: FixtureStaff;
const db = () => t.database.db;

const people = [
  { first_name: 'Élodie', last_name: 'Øster', email: 'elodie.oster@example.test', code: 'ETE2025' },
  { first_name: 'Jean', last_name: 'Dupré', email: 'JEAN.DUPRE@Mail.example', code: 'JEANFIT' },
  { first_name: 'Жанна', last_name: 'Петрова', email: 'zhanna@example.test', code: 'ZHANNA10' },
  { first_name: 'Sam', last_name: 'Underscore', email: 'sam_100%@example.test', code: 'SAMSUN' },
];

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createStaffWithToken(db(), 'reviewer');
  for (const { code, ...fields } of people) {
    const partner = await createPartnerAccount(db(), {
      ...fields,
      password: 'password-partner',
      locale: 'en',
    });
    await createPromoCode(db(), partner.id, code);
    // Sign-up stores e-mails in lower case; older ones may not be.
    if (partner.email !== fields.email)
      await db().updateTable('partners').set({ email: fields.email }).where('id', '=', partner.id).execute();
  }
});
afterAll(() => t?.close());

const list = async (q: string, extra = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/manager/partners?q=${encodeURIComponent(q)}${extra}`,
    headers: bearer(reviewer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { email: string; codes: string[] }[]; total: number; last_page: number };
};
const emails = async (q: string, extra = '') => (await list(q, extra)).data.map((r) => r.email);

describe('the partner search', () => {
  it('finds a code whole or in part, in any case', async () => {
    expect(await emails('ETE2025')).toEqual(['elodie.oster@example.test']);
    expect(await emails('ete2025')).toEqual(['elodie.oster@example.test']);
    expect(await emails('2025')).toEqual(['elodie.oster@example.test']);
    expect(await emails('anfi')).toEqual(['JEAN.DUPRE@Mail.example']);
    expect(await emails('ZHANNA1')).toEqual(['zhanna@example.test']);
  });

  it('finds an e-mail whole or in part, in any case, as it is stored', async () => {
    expect(await emails('jean.dupre@mail.example')).toEqual(['JEAN.DUPRE@Mail.example']);
    expect(await emails('Dupre@MAIL')).toEqual(['JEAN.DUPRE@Mail.example']);
    // The name and the e-mail are separate fields: no search runs from one into the other.
    expect(await emails('oster elodie')).toEqual([]);
    expect(await emails('sam_100%@')).toEqual(['sam_100%@example.test']);
    expect(await emails('_1')).toEqual(['sam_100%@example.test']);
  });

  it('finds a part of the name, "first last", accents kept and case folded', async () => {
    expect(await emails('odie Øst')).toEqual(['elodie.oster@example.test']);
    expect(await emails('ÉLODIE')).toEqual(['elodie.oster@example.test']);
    expect(await emails('élodie øster')).toEqual(['elodie.oster@example.test']);
    // An accent is a letter of its own: "dupre" is in Jean's e-mail, not in his name.
    expect(await emails('jean dupré')).toEqual(['JEAN.DUPRE@Mail.example']);
    expect(await emails('jean dupre')).toEqual([]);
    expect(await emails('ЖАННА ПЕТ')).toEqual(['zhanna@example.test']);
    expect(await emails('жанна')).toEqual(['zhanna@example.test']);
    // Only the search is trimmed; a space inside it counts.
    expect(await emails('  sam underscore ')).toEqual(['sam_100%@example.test']);
    expect(await emails('samunder')).toEqual([]);
  });

  it('keeps up with a new name, a new e-mail, a code changed, a second code and a partner gone', async () => {
    const partner = await createPartnerAccount(db(), {
      first_name: 'Kim',
      last_name: 'Before',
      email: 'kim.before@example.test',
      password: 'password-partner',
      locale: 'en',
    });
    await createPromoCode(db(), partner.id, 'KIMOLD');
    expect(await emails('kimold')).toEqual(['kim.before@example.test']);

    await db()
      .updateTable('partners')
      .set({ last_name: 'Àfter', email: 'kim.after@example.test' })
      .where('id', '=', partner.id)
      .execute();
    expect(await emails('kim before')).toEqual([]);
    expect(await emails('kim.before')).toEqual([]);
    expect(await emails('KIM ÀFTER')).toEqual(['kim.after@example.test']);

    // A code changed in place (as the store's own tools may) is found by its new text only.
    await db().updateTable('promo_codes').set({ code: 'KIMNEW' }).where('code', '=', 'KIMOLD').execute();
    expect(await emails('kimold')).toEqual([]);
    expect((await list('kimnew')).data).toMatchObject([
      { email: 'kim.after@example.test', codes: ['KIMNEW'] },
    ]);

    await createPromoCode(db(), partner.id, 'KIMTWO');
    expect(await emails('kimnew')).toEqual(['kim.after@example.test']);
    expect(await emails('kimtwo')).toEqual(['kim.after@example.test']);

    // A running total moving fires nothing and changes nothing.
    await db()
      .updateTable('partners')
      .set({ total_sales_cents: 12_345 })
      .where('id', '=', partner.id)
      .execute();
    expect(await emails('kimtwo')).toEqual(['kim.after@example.test']);

    await db().deleteFrom('promo_codes').where('partner_id', '=', partner.id).execute();
    await db().deleteFrom('partners').where('id', '=', partner.id).execute();
    expect(await emails('kim')).toEqual([]);
    const left = await db()
      .selectFrom('partner_search_keys')
      .select(sql<number>`count(*)`.as('n'))
      .where('partner_id', '=', partner.id)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it('finds a search longer than a key by its start, checked on the whole text', async () => {
    const long = 'an.address.much.longer.than.any.key.of.the.index@long.example';
    expect([...long].length).toBeGreaterThan(KEY_LENGTH);
    await createPartnerAccount(db(), {
      first_name: 'Lou',
      last_name: 'Long',
      email: long,
      password: 'password-partner',
      locale: 'en',
    });
    await createPartnerAccount(db(), {
      first_name: 'Lou',
      last_name: 'Twin',
      email: 'an.address.much.longer.than.any.key.of.another@long.example',
      password: 'password-partner',
      locale: 'en',
    });
    expect(await emails(long.toUpperCase())).toEqual([long]);
    expect(await emails('an.address.much.longer.than.any.key.of.')).toHaveLength(2);
    expect(await emails(`${long}x`)).toEqual([]);
  });

  it('answers a broad search (through the folded text) as a narrow one would', async () => {
    // 120 partners with "crowd" in their name and e-mail: more keys than a narrow search reads.
    const at = '2024-01-01T00:00:00.000Z';
    for (let i = 1; i <= 120; i++)
      await db()
        .insertInto('partners')
        .values({
          uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          email: `crowd${i}@example.test`,
          first_name: 'Crowd',
          last_name: `Member ${i}`,
          created_at: `2024-01-01T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
          updated_at: at,
          total_sales_cents: i * 100,
        })
        .execute();
    expect((await resolveSearch(db(), 'crowd'))?.way).toBe('scan');
    expect((await resolveSearch(db(), 'member 12'))?.way).toBe('keys');

    const broad = await list('CROWD', '&sort=-sales&length=50');
    expect(broad.total).toBe(120);
    expect(broad.last_page).toBe(3);
    expect(broad.data.slice(0, 3).map((r) => r.email)).toEqual([
      'crowd120@example.test',
      'crowd119@example.test',
      'crowd118@example.test',
    ]);
    const third = await list('crowd', '&sort=-sales&length=50&page=3');
    expect(third.data.map((r) => r.email)).toEqual(
      Array.from({ length: 20 }, (_, i) => `crowd${20 - i}@example.test`),
    );
    // The same partners through the keys: "member 1" is in the names of 1, 10–19 and 100–120.
    const narrow = await list('member 1', '&sort=sales&length=100');
    expect(narrow.total).toBe(32);
    expect(narrow.data.map((r) => r.email)).toEqual(
      [
        1,
        ...Array.from({ length: 10 }, (_, i) => 10 + i),
        ...Array.from({ length: 21 }, (_, i) => 100 + i),
      ].map((i) => `crowd${i}@example.test`),
    );
    // A broad search with a filter, and the export with the search.
    expect((await list('crowd', '&status=suspended')).total).toBe(0);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/manager/partners.csv?q=crowd&sort=sales',
      headers: bearer(reviewer.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1 + 120);
  });

  it('folds in the database exactly as the server folds the search', async () => {
    const characters = FOLDED_CHARACTERS.filter((c) => c !== '\n');
    // Names of at most 100 characters (the column's size), in slices.
    for (let at = 0; at < characters.length; at += 40) {
      const slice = characters.slice(at, at + 40).join('');
      const partner = await createPartnerAccount(db(), {
        first_name: slice,
        last_name: 'Fold',
        email: `fold${at}@example.test`,
        password: 'password-partner',
        locale: 'en',
      });
      await createPromoCode(db(), partner.id, `FOLD${at}X`);
      const row = await db()
        .selectFrom('partner_search')
        .select('folded')
        .where('partner_id', '=', partner.id)
        .executeTakeFirstOrThrow();
      expect(row.folded).toBe(
        [`${slice} Fold`, `fold${at}@example.test`, `FOLD${at}X`].map(foldSearch).join('\n'),
      );
      expect(await emails(slice)).toEqual([`fold${at}@example.test`]);
      expect(await emails(foldSearch(slice))).toEqual([`fold${at}@example.test`]);
    }
    // A line break inside a field stays inside it.
    await createPartnerAccount(db(), {
      first_name: 'Line',
      last_name: 'One\nTwo',
      email: 'line@example.test',
      password: 'password-partner',
      locale: 'en',
    });
    expect(await emails('one\ntwo')).toEqual(['line@example.test']);
    expect(await emails('two')).toEqual(['line@example.test']);
    expect(await emails('two\nline@')).toEqual([]);
  });
});
