// Queries of the subpartners table: the public lookup of an active sub-partner's branding, and
// what the back office lists, reads and changes (docs/product/partners-and-accounts.md#white-label-sub-partners, docs/product/back-office.md#partners). Slugs are stored lower-case,
// so an exact comparison with a lower-cased slug is a case-insensitive one.
import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import type { Subpartner, SubpartnersTable } from '../../db/schema';

export function findActiveSubpartner(db: Db, slug: string): Promise<Subpartner | undefined> {
  return db
    .selectFrom('subpartners')
    .selectAll()
    .where('slug', '=', slug)
    .where('active', '=', 1)
    .executeTakeFirst();
}

// Read by every visit to the page of a partner who came through a sub-partner: compiled once.
const subpartnerRow = prepared(1, (db, id: number) =>
  db.selectFrom('subpartners').selectAll().where('id', '=', id),
);

export async function subpartnerById(db: Db, id: number): Promise<Subpartner | undefined> {
  return (await subpartnerRow(db, id))[0];
}

// Read by every account visit of a partner (the account's branding): compiled once.
const brandingRow = prepared(1, (db, partnerId: number) =>
  db
    .selectFrom('partners')
    .innerJoin('subpartners', 'subpartners.id', 'partners.subpartner_id')
    .select([
      'subpartners.slug',
      'subpartners.name',
      'subpartners.logo_url',
      'subpartners.primary_color',
      'subpartners.accent_color',
    ])
    .where('partners.id', '=', partnerId)
    .where('subpartners.active', '=', 1),
);

/** The active sub-partner a partner registered through, if any. */
export async function activeSubpartnerOfPartner(
  db: Db,
  partnerId: number,
): Promise<Pick<Subpartner, 'slug' | 'name' | 'logo_url' | 'primary_color' | 'accent_color'> | undefined> {
  return (await brandingRow(db, partnerId))[0];
}

/** Active or not. */
export function subpartnerBySlug(db: Db, slug: string): Promise<Subpartner | undefined> {
  return db.selectFrom('subpartners').selectAll().where('slug', '=', slug.toLowerCase()).executeTakeFirst();
}

/** Every sub-partner, by name (any case, as the back office's list): the choices of the partners list's filter. */
export function allSubpartners(db: Db) {
  return db
    .selectFrom('subpartners')
    .select(['id', 'slug', 'name', 'active'])
    .orderBy(sql`lower(subpartners.name)`)
    .orderBy('subpartners.slug')
    .execute();
}

export interface SubpartnerListFilter {
  /** A part of the name or the slug, any case. */
  q?: string | undefined;
  active?: boolean | undefined;
  page: number;
  length: number;
}

/** One page of sub-partners by name (then id), and how many the filter keeps. */
export async function subpartnerPage(
  db: Db,
  filter: SubpartnerListFilter,
): Promise<{ rows: Subpartner[]; total: number }> {
  let query = db.selectFrom('subpartners');
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = sql`${like} escape '\\'`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(subpartners.name)`, 'like', matches), eb(sql`subpartners.slug`, 'like', matches)]),
    );
  }
  if (filter.active !== undefined) query = query.where('subpartners.active', '=', filter.active ? 1 : 0);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql`lower(subpartners.name)`)
      .orderBy('subpartners.id')
      .limit(filter.length)
      .offset((filter.page - 1) * filter.length)
      .execute(),
    query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** How many partners came through each of these sub-partners (read from partners_subpartner). */
export async function partnerCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('partners')
    .select(['subpartner_id', sql<number>`count(*)`.as('n')])
    .where('subpartner_id', 'in', ids)
    .groupBy('subpartner_id')
    .execute();
  // PostgreSQL answers counts as text.
  return new Map(rows.map((r) => [Number(r.subpartner_id), Number(r.n)]));
}

export function insertSubpartner(
  db: Db,
  row: Omit<Subpartner, 'id' | 'logo_url'> & { logo_url?: string | null },
): Promise<Subpartner> {
  return db.insertInto('subpartners').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Changes a sub-partner if it is still as it was read (`updated_at` unchanged): undefined when
 * another change came first, so that change is never silently undone.
 */
export function updateSubpartnerRow(
  db: Db,
  id: number,
  readAt: string | null,
  changes: Updateable<SubpartnersTable>,
): Promise<Subpartner | undefined> {
  return db
    .updateTable('subpartners')
    .set(changes)
    .where('id', '=', id)
    .where('updated_at', readAt === null ? 'is' : '=', readAt)
    .returningAll()
    .executeTakeFirst();
}
