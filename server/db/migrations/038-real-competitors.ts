import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The caption check's starting competitor list becomes real gummy-supplement brands sold in the
// United States and Canada, so the check finds the names partners actually write
// (docs/product/content.md#caption-check, docs/decisions/021-content-kit.md). Migration 009 started
// every database with invented names; a list still exactly that one (staff never edited it) is
// replaced, and a list staff changed is theirs and stays as it is.
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

/**
 * Brands of gummy vitamins and supplements on North American shelves. Names a caption would not
 * hold for another reason: no everyday word ("Lemme" reads as "let me", "Alive!" and "One A Day"
 * as plain English).
 */
export const REAL_COMPETITORS = [
  'OLLY',
  'Goli',
  'SmartyPants',
  'Vitafusion',
  'L’il Critters',
  'Nature’s Bounty',
  'Nature Made',
  'Centrum',
  'Flintstones',
  'Jamieson',
  'Webber Naturals',
  'Nature’s Way',
  'Garden of Life',
  'Nordic Naturals',
  'MaryRuth’s',
  'SugarBearHair',
  'Vital Proteins',
  'Zarbee’s',
  'Emergen-C',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ name: string }>`SELECT name FROM competitors ORDER BY id`.execute(db);
  const names = rows.rows.map((row) => row.name).sort();
  const invented = [...INVENTED].sort();
  if (names.length !== invented.length || names.some((name, i) => name !== invented[i])) return;
  await sql`DELETE FROM competitors`.execute(db);
  await db
    .insertInto('competitors' as never)
    .values(REAL_COMPETITORS.map((name) => ({ name })) as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ name: string }>`SELECT name FROM competitors ORDER BY id`.execute(db);
  const names = rows.rows.map((row) => row.name);
  if (names.length !== REAL_COMPETITORS.length || names.some((name, i) => name !== REAL_COMPETITORS[i]))
    return;
  await sql`DELETE FROM competitors`.execute(db);
  await db
    .insertInto('competitors' as never)
    .values(INVENTED.map((name) => ({ name })) as never)
    .execute();
}
