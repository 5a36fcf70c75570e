import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import type { Order, Voucher } from '../../db/schema';

export function findOrderByShopifyId(db: Db, shopifyOrderId: string): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('shopify_order_id', '=', shopifyOrderId).executeTakeFirst();
}

const voucherByLower = prepared(1, (db, lower: string) => db.selectFrom('vouchers').selectAll().where(sql<string>`lower(code)`, '=', lower));

export async function findVoucherByCodes(db: Db, codes: string[]): Promise<Voucher | undefined> {
  if (codes.length === 0) return undefined;
  // An order carries one code, almost always: that read is compiled once.
  if (codes.length === 1) return (await voucherByLower(db, codes[0]!.toLowerCase()))[0];
  return db
    .selectFrom('vouchers')
    .selectAll()
    .where(sql<string>`lower(code)`, 'in', codes.map((c) => c.toLowerCase()))
    .executeTakeFirst();
}

// The reads every recorded order makes, compiled once (db/prepared.ts).
const tierOf = prepared(1, (db, verifiedSales: number) =>
  db.selectFrom('commission_tiers').select('rate_bp').where('min_sales', '<=', verifiedSales).orderBy('min_sales', 'desc').limit(1),
);
const refundsWaiting = prepared(1, (db, shopifyOrderId: string) =>
  db.selectFrom('refunds').selectAll().where('shopify_order_id', '=', shopifyOrderId).where('applied_at', 'is', null).orderBy('id'),
);

/** The rate of the highest tier reached with `verifiedSales` (decisions §6). */
export async function tierRateFor(db: Db, verifiedSales: number): Promise<number> {
  const [tier] = await tierOf(db, verifiedSales);
  return tier?.rate_bp ?? 0;
}

const tiersInOrder = prepared(0, (db) => db.selectFrom('commission_tiers').select(['min_sales', 'rate_bp']).orderBy('min_sales'));

export function allTiers(db: Db) {
  return tiersInOrder(db);
}

export function unappliedRefunds(db: Db, shopifyOrderId: string) {
  return refundsWaiting(db, shopifyOrderId);
}

/** The amount an earning was created with (its first recorded event). */
export async function originalAmount(db: Db, earningId: number): Promise<number> {
  const row = await db
    .selectFrom('earning_events')
    .select('amount_after_cents')
    .where('earning_id', '=', earningId)
    .where('from_status', 'is', null)
    .executeTakeFirstOrThrow();
  return row.amount_after_cents;
}
