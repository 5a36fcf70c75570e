import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_LENGTH, foldSearch } from '../../modules/partner-admin/search';
import { createTestDatabase } from '../../test/db';
import type { TestDatabase } from '../../test/db';
import * as m026 from './026-partner-search';

// The search rows (migration 026) are written by triggers as partners and codes are written; the
// migration fills them the same way for the partners there already are; and the keys are exactly
// every suffix of every folded field, cut to KEY_LENGTH characters.
describe('migration 026', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    const at = '2025-01-01T00:00:00.000Z';
    const names: [string, string, string][] = [
      ['Ana', 'Silva', 'ana@example.test'],
      ['Zoë', 'ÉTIENNE-Ålund', 'Zoe.Etienne@Example.test'],
      ['Line', 'One\nTwo', 'line@example.test'],
      ['Ολγα', 'Смирнова', 'olga@example.test'],
      [
        'A very long first name for keys',
        'and an even longer last name past them',
        'someone.with.a.long.address@a-long-domain.example',
      ],
    ];
    for (const [i, [first_name, last_name, email]] of names.entries()) {
      const { id } = await t.db
        .insertInto('partners')
        .values({ uuid: `uuid-${i}`, email, first_name, last_name, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const code of i === 1 ? ['ZOE10', 'ÉTÉ'] : i === 3 ? [] : [`CODE${i}`])
        await t.db
          .insertInto('promo_codes')
          .values({ partner_id: id, code, value_bp: 1000, commission_rate_bp: 1000, created_at: at })
          .execute();
    }
  });
  afterAll(() => t.drop());

  const rows = async () => ({
    search: await t.db.selectFrom('partner_search').selectAll().orderBy('partner_id').execute(),
    keys: (await t.db.selectFrom('partner_search_keys').selectAll().execute())
      .map((k) => `${k.partner_id} ${k.key}`)
      .sort(),
  });

  it('holds every suffix of every folded field as a key', async () => {
    const partners = await t.db
      .selectFrom('partners')
      .select(['id', 'first_name', 'last_name', 'email'])
      .execute();
    const codes = await t.db.selectFrom('promo_codes').select(['partner_id', 'code']).execute();
    const expected = new Set<string>();
    for (const p of partners) {
      const fields = [
        `${p.first_name} ${p.last_name}`,
        p.email,
        ...codes.filter((c) => c.partner_id === p.id).map((c) => c.code),
      ];
      for (const field of fields.map(foldSearch)) {
        const chars = [...field];
        for (let i = 0; i < chars.length; i++)
          expected.add(`${p.id} ${chars.slice(i, i + KEY_LENGTH).join('')}`);
      }
    }
    expect((await rows()).keys).toEqual([...expected].sort());
  });

  it('fills the same rows from the partners there are as the triggers wrote', async () => {
    const written = await rows();
    expect(written.search).toHaveLength(5);
    await m026.down(t.db as unknown as Kysely<unknown>);
    await m026.up(t.db as unknown as Kysely<unknown>);
    expect(await rows()).toEqual(written);
  });
});
