// Queries of monthly promos.
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { PromotionsTable } from '../../db/schema';

export type PromotionRow = Omit<PromotionsTable, 'id'>;

export function insertPromotion(db: Db, row: PromotionRow) {
  return db.insertInto('promotions').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updatePromotion(db: Db, id: number, change: Partial<PromotionRow>) {
  return db.updateTable('promotions').set(change).where('id', '=', id).executeTakeFirst();
}

export function findPromotion(db: Db, id: number) {
  return db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function deletePromotion(db: Db, id: number) {
  return db.deleteFrom('promotions').where('id', '=', id).executeTakeFirst();
}

export async function countPromotions(db: Db): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('promotions')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** A page of promos, newest start first; or, with `id`, that one. */
export function promotionRows(db: Db, which: { limit: number; offset: number } | { id: number }) {
  let q = db
    .selectFrom('promotions')
    .leftJoin('staff_users', 'staff_users.id', 'promotions.author_staff_id')
    .select([
      'promotions.id',
      'promotions.content',
      'promotions.product',
      'promotions.starts_on',
      'promotions.ends_on',
      'promotions.created_at',
      'promotions.updated_at',
      'staff_users.name as author',
    ]);
  q =
    'id' in which
      ? q.where('promotions.id', '=', which.id)
      : q
          .orderBy('promotions.starts_on', 'desc')
          .orderBy('promotions.id', 'desc')
          .limit(which.limit)
          .offset(which.offset);
  return q.execute();
}

/** Promos running on `day` (YYYY-MM-DD), the newest start first. */
export function runningPromotions(db: Db, day: string) {
  return db
    .selectFrom('promotions')
    .select(['id', 'content', 'product', 'starts_on', 'ends_on'])
    .where('ends_on', '>=', day)
    .where('starts_on', '<=', day)
    .orderBy('starts_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every promo that has started by `day`, newest start first (the newsfeed's share: staff write a few a month). */
export function startedPromotions(db: Db, day: string) {
  return db
    .selectFrom('promotions')
    .select(['id', 'content', 'product', 'starts_on', 'ends_on'])
    .where('starts_on', '<=', day)
    .orderBy('starts_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
