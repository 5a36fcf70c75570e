import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import type { PromoCode } from '../../db/schema';

/** Which of the codes are in use, as promo codes or as voucher codes (both reach Shopify as discount codes). */
export async function takenCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const lower = codes.map((c) => c.toLowerCase());
  const rows = await db
    .selectFrom('promo_codes')
    .select(sql<string>`lower(code)`.as('code'))
    .where(sql<string>`lower(code)`, 'in', lower)
    .unionAll(
      db
        .selectFrom('vouchers')
        .select(sql<string>`lower(code)`.as('code'))
        .where(sql<string>`lower(code)`, 'in', lower),
    )
    .execute();
  return new Set(rows.map((r) => r.code));
}

// Read by every order that carries a code: compiled once (db/prepared.ts).
const promoCodeByLower = prepared(1, (db, lower: string) =>
  db
    .selectFrom('promo_codes')
    .selectAll()
    .where(sql<string>`lower(code)`, '=', lower),
);

export async function findPromoCode(db: Db, code: string): Promise<PromoCode | undefined> {
  const [found] = await promoCodeByLower(db, code.toLowerCase());
  return found;
}

// Read by every visit to a partner's page in the back office: compiled once.
const codesOfPartner = prepared(1, (db, partnerId: number) =>
  db.selectFrom('promo_codes').selectAll().where('partner_id', '=', partnerId).orderBy('id'),
);

export function promoCodesOf(db: Db, partnerId: number): Promise<PromoCode[]> {
  return codesOfPartner(db, partnerId);
}

export async function insertPromoCode(db: Db, row: Omit<PromoCode, 'id'>): Promise<PromoCode> {
  return db.insertInto('promo_codes').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Sets a code's customer discount if it is still `fromBp` (an exactly-once change); answers whether it changed. */
export async function updatePromoCodeValue(
  db: Db,
  id: number,
  fromBp: number,
  toBp: number,
): Promise<boolean> {
  const result = await db
    .updateTable('promo_codes')
    .set({ value_bp: toBp })
    .where('id', '=', id)
    .where('value_bp', '=', fromBp)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
