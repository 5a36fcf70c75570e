import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import type { NewPartner, Partner, PartnerUpdate } from '../../db/schema';
import { monthKeyIn, programTimeZone } from '../ledger/service';

/** A new partner, counted as joined in the month of the program's calendar holding `created_at` (migration 031). */
export async function insertPartner(db: Db, partner: Omit<NewPartner, 'joined_month'>): Promise<Partner> {
  const joined = monthKeyIn(partner.created_at, await programTimeZone(db));
  return db
    .insertInto('partners')
    .values({ ...partner, joined_month: joined })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countPartners(db: Db): Promise<number> {
  const row = await db
    .selectFrom('partners')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPartnerByEmail(db: Db, email: string): Promise<Partner | undefined> {
  return db
    .selectFrom('partners')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

// Read by most requests and every attributed order: compiled once (db/prepared.ts).
const partnerById = prepared(1, (db, id: number) =>
  db.selectFrom('partners').selectAll().where('id', '=', id),
);

export async function findPartnerById(db: Db, id: number): Promise<Partner | undefined> {
  const [partner] = await partnerById(db, id);
  return partner;
}

/** The sign-in's time, and its month in the program's calendar (the overview's active partners, migration 031). */
export async function touchLastLogin(db: Db, id: number, at: string): Promise<void> {
  const month = monthKeyIn(at, await programTimeZone(db));
  await db
    .updateTable('partners')
    .set({ last_login_dt: at, login_month: month })
    .where('id', '=', id)
    .execute();
}

export async function updatePartner(
  db: Db,
  id: number,
  changes: Omit<PartnerUpdate, 'id' | 'uuid'>,
): Promise<Partner> {
  return db
    .updateTable('partners')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sets the partner's picture only if it is still `from` (an exactly-once change): answers the
 * partner as changed, or undefined when another change came first.
 */
export function replacePartnerPicture(
  db: Db,
  id: number,
  from: string | null,
  to: string | null,
  at: string,
): Promise<Partner | undefined> {
  return db
    .updateTable('partners')
    .set({ user_picture: to, updated_at: at })
    .where('id', '=', id)
    .where('user_picture', from === null ? 'is' : '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** The partners who signed up through this partner's referral link, newest first. */
export function referralsOf(db: Db, partnerId: number) {
  return db
    .selectFrom('partners')
    .select(['email', 'first_name', 'last_name'])
    .where('referrer_id', '=', partnerId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}
