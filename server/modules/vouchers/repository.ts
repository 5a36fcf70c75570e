// Queries of the vouchers staff issue to partners (server/modules/vouchers/service.ts holds the rules).
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import type { Voucher, VouchersTable } from '../../db/schema';

/** Whether a voucher has this code, whatever its case (the code given in lower case). */
export async function voucherCodeExists(db: Db, lowerCode: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('vouchers')
      .select('id')
      .where(sql<string>`lower(code)`, '=', lowerCode)
      .executeTakeFirst(),
  );
}

/** The partner a voucher is issued to, by uuid: their id and the first name a made-up code starts with. */
export function voucherPartner(db: Db, partnerUuid: string) {
  return db
    .selectFrom('partners')
    .select(['id', 'first_name'])
    .where('uuid', '=', partnerUuid)
    .executeTakeFirst();
}

export function insertVoucher(db: Db, row: Insertable<VouchersTable>): Promise<Voucher> {
  return db.insertInto('vouchers').values(row).returningAll().executeTakeFirstOrThrow();
}

/** One of a partner's vouchers, by id. */
export function partnerVoucher(db: Db, partnerId: number, voucherId: number): Promise<Voucher | undefined> {
  return db
    .selectFrom('vouchers')
    .selectAll()
    .where('id', '=', voucherId)
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
}

/** Revokes the voucher if it is still active (a conditional update); undefined when it was not. */
export function revokeActiveVoucher(db: Db, id: number): Promise<Voucher | undefined> {
  return db
    .updateTable('vouchers')
    .set({ status: 'revoked' })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
}
