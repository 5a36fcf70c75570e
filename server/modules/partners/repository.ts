import { sql } from 'kysely';
import type { Db } from '../../db';
import type { NewPartner, Partner } from '../../db/schema';

export function insertPartner(db: Db, partner: NewPartner): Promise<Partner> {
  return db.insertInto('partners').values(partner).returningAll().executeTakeFirstOrThrow();
}

export async function countPartners(db: Db): Promise<number> {
  const row = await db.selectFrom('partners').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
