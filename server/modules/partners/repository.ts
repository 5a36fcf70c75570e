import { sql } from 'kysely';
import type { Db } from '../../db';
import type { NewPartner, Partner, PartnerUpdate } from '../../db/schema';

export function insertPartner(db: Db, partner: NewPartner): Promise<Partner> {
  return db.insertInto('partners').values(partner).returningAll().executeTakeFirstOrThrow();
}

export async function countPartners(db: Db): Promise<number> {
  const row = await db.selectFrom('partners').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPartnerByEmail(db: Db, email: string): Promise<Partner | undefined> {
  return db.selectFrom('partners').selectAll().where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findPartnerById(db: Db, id: number): Promise<Partner | undefined> {
  return db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchLastLogin(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('partners').set({ last_login_dt: at }).where('id', '=', id).execute();
}

export async function updatePartner(db: Db, id: number, changes: Omit<PartnerUpdate, 'id' | 'uuid'>): Promise<Partner> {
  return db.updateTable('partners').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
