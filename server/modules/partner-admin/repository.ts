// What the back office reads about partners (decisions §11).
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Partner } from '../../db/schema';

export interface PartnerListFilter {
  q?: string | undefined;
  page: number;
  length: number;
}

/** The partners matching `q` (a part of the name, the e-mail or a promo code, any case), newest first, one page. */
export async function partnerPage(db: Db, filter: PartnerListFilter) {
  let query = db.selectFrom('partners');
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = sql`${like} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(partners.first_name || ' ' || partners.last_name)`, 'like', matches),
        eb(sql`lower(partners.email)`, 'like', matches),
        eb.exists(
          eb
            .selectFrom('promo_codes')
            .select('promo_codes.id')
            .whereRef('promo_codes.partner_id', '=', 'partners.id')
            .where(sql`lower(promo_codes.code)`, 'like', matches),
        ),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .select(['id', 'uuid', 'email', 'first_name', 'last_name', 'country', 'verified', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.length)
      .offset((filter.page - 1) * filter.length)
      .execute(),
    query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The codes of these partners, by partner id, oldest first. */
export async function codesOf(db: Db, partnerIds: number[]): Promise<Map<number, string[]>> {
  const codes = new Map<number, string[]>(partnerIds.map((id) => [id, []]));
  if (partnerIds.length === 0) return codes;
  const rows = await db
    .selectFrom('promo_codes')
    .select(['partner_id', 'code'])
    .where('partner_id', 'in', partnerIds)
    .orderBy('id')
    .execute();
  for (const row of rows) codes.get(row.partner_id)?.push(row.code);
  return codes;
}

export function partnerByUuid(db: Db, uuid: string): Promise<Partner | undefined> {
  return db.selectFrom('partners').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}
