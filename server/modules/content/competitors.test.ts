// The competitor list a database starts with (docs/product/content.md#caption-check): real
// gummy-supplement brands sold in the United States and Canada, written by migration 038 over the
// invented names migration 009 wrote, and never over a list staff changed.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAL_COMPETITORS, down, up } from '../../db/migrations/038-real-competitors';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { competitorNames, replaceCompetitors } from './repository';

const INVENTED = [
  'GummyGlow',
  'VitaBloom',
  'ChewWell',
  'NutriPop',
  'Berrylife',
  'DailyDrops',
  'Gumsmith',
  'PureChew',
  'HappyBear Vitamins',
  'Vitazest',
  'Sproutly',
  'Nectara',
];

describe('the starting competitor list', () => {
  let t: TestApp;
  const asUnknown = () => t.database.db as unknown as Kysely<unknown>;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is real gummy brands on a new database, the brands partners name', async () => {
    const names = await competitorNames(t.database.db);
    expect(names).toEqual(REAL_COMPETITORS);
    for (const brand of [
      'OLLY',
      'Goli',
      'SmartyPants',
      'Vitafusion',
      'Nature’s Bounty',
      'Jamieson',
      'Nature Made',
    ])
      expect(names).toContain(brand);
    expect(names.some((name) => INVENTED.includes(name))).toBe(false);
  });

  it('replaces the invented list a database kept untouched, in any order, and goes back on down', async () => {
    await replaceCompetitors(t.database.db, [...INVENTED].reverse());
    await up(asUnknown());
    expect(await competitorNames(t.database.db)).toEqual(REAL_COMPETITORS);
    await down(asUnknown());
    expect(await competitorNames(t.database.db)).toEqual(INVENTED);
    await up(asUnknown());
    expect(await competitorNames(t.database.db)).toEqual(REAL_COMPETITORS);
  });

  it('keeps a list staff changed, even by one name', async () => {
    const edited = [...INVENTED.slice(0, -1), 'Gummy Galaxy'];
    await replaceCompetitors(t.database.db, edited);
    await up(asUnknown());
    expect(await competitorNames(t.database.db)).toEqual(edited);
    await replaceCompetitors(t.database.db, []);
    await up(asUnknown());
    expect(await competitorNames(t.database.db)).toEqual([]);
  });
});
