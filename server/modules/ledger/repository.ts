import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import type { Order, Partner, Voucher } from '../../db/schema';
import type { Tier } from './rules';

export function findOrderByShopifyId(db: Db, shopifyOrderId: string): Promise<Order | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('shopify_order_id', '=', shopifyOrderId)
    .executeTakeFirst();
}

const voucherByLower = prepared(1, (db, lower: string) =>
  db
    .selectFrom('vouchers')
    .selectAll()
    .where(sql<string>`lower(code)`, '=', lower),
);

export async function findVoucherByCodes(db: Db, codes: string[]): Promise<Voucher | undefined> {
  if (codes.length === 0) return undefined;
  // An order carries one code, almost always: that read is compiled once.
  if (codes.length === 1) return (await voucherByLower(db, codes[0]!.toLowerCase()))[0];
  return db
    .selectFrom('vouchers')
    .selectAll()
    .where(
      sql<string>`lower(code)`,
      'in',
      codes.map((c) => c.toLowerCase()),
    )
    .executeTakeFirst();
}

/** What recording an order reads of the partner it is attributed to, and of their referrer. */
export type OrderPartner = Pick<
  Partner,
  | 'id'
  | 'email'
  | 'paypal_email'
  | 'commission_override_bp'
  | 'verified_sales'
  | 'referrer_id'
  | 'referral_comission_type'
  | 'referral_commission_amount'
>;

const ORDER_PARTNER_COLUMNS = [
  'partners.id as partner_id',
  'partners.email',
  'partners.paypal_email',
  'partners.commission_override_bp',
  'partners.verified_sales',
  'partners.referrer_id',
  'partners.referral_comission_type',
  'partners.referral_commission_amount',
] as const;

export interface CodeOwner {
  /** A partner's voucher (an own-voucher order earns nothing), or a promo code. */
  source: 'voucher' | 'promo';
  voucherId: number | null;
  code: string;
  /** Undefined only if the code's partner is gone. */
  partner: OrderPartner | undefined;
}

// An order's one code as a voucher and as a promo code, each with its partner, in one read rather
// than three (the voucher, the code, then the whole partner row): every attributed order makes it,
// compiled once (db/prepared.ts). Both lookups use their unique index on lower(code).
// Whole partner rows were about 3% of a profile (docs/performance-log.md, 2026-11-26); no bench
// figure of its own.
const codeOwners = prepared(1, (db, lower: string) =>
  db
    .selectFrom('vouchers')
    .leftJoin('partners', 'partners.id', 'vouchers.partner_id')
    .select([
      sql<'voucher' | 'promo'>`'voucher'`.as('source'),
      sql<number | null>`vouchers.id`.as('voucher_id'),
      'vouchers.code',
      ...ORDER_PARTNER_COLUMNS,
    ])
    .where(sql<string>`lower(vouchers.code)`, '=', lower)
    .unionAll(
      db
        .selectFrom('promo_codes')
        .leftJoin('partners', 'partners.id', 'promo_codes.partner_id')
        .select([
          sql<'voucher' | 'promo'>`'promo'`.as('source'),
          sql<number | null>`null`.as('voucher_id'),
          'promo_codes.code',
          ...ORDER_PARTNER_COLUMNS,
        ])
        .where(sql<string>`lower(promo_codes.code)`, '=', lower),
    ),
);

/** The voucher that carries `code` if any, else the promo code; undefined when it is neither. */
export async function findCodeOwner(db: Db, code: string): Promise<CodeOwner | undefined> {
  const rows = await codeOwners(db, code.toLowerCase());
  const row = rows.find((r) => r.source === 'voucher') ?? rows[0];
  if (!row) return undefined;
  const { source, voucher_id: voucherId, code: stored, partner_id: id, ...partner } = row;
  return {
    source,
    voucherId,
    code: stored,
    partner: id === null ? undefined : ({ id, ...partner } as OrderPartner),
  };
}

const orderPartnerById = prepared(1, (db, id: number) =>
  db.selectFrom('partners').select(ORDER_PARTNER_COLUMNS).where('partners.id', '=', id),
);

/** A partner as recording an order reads them (a voucher's owner when several codes came, a referrer). */
export async function findOrderPartner(db: Db, id: number): Promise<OrderPartner | undefined> {
  const [row] = await orderPartnerById(db, id);
  if (!row) return undefined;
  const { partner_id: partnerId, ...partner } = row;
  return { id: partnerId, ...partner } as OrderPartner;
}

// The reads every recorded order makes, compiled once (db/prepared.ts).
// The tier's `limit 1` is written into the text, not bound: SQLite prepares a statement with a
// bound LIMIT again on every run (db/sqlite-dialect.ts; found in a CPU profile of the ingestion
// burst, docs/decisions/049-ingestion-cpu-per-order.md).
const tierOf = prepared(1, (db, verifiedSales: number) =>
  db
    .selectFrom('commission_tiers')
    .select('rate_bp')
    .where('min_sales', '<=', verifiedSales)
    .orderBy('min_sales', 'desc')
    .limit(sql.lit(1)),
);
const refundsWaiting = prepared(1, (db, shopifyOrderId: string) =>
  db
    .selectFrom('refunds')
    .selectAll()
    .where('shopify_order_id', '=', shopifyOrderId)
    .where('applied_at', 'is', null)
    .orderBy('id'),
);

/**
 * The tier `verifiedSales` reach, read from the same table by the same rule as tierReached
 * (rules.ts): the highest threshold at or below them. Kept in SQL for the hot paths (every
 * recorded order, the partner's codes): one indexed row rather than every tier; rules.test.ts
 * proves the two agree.
 */
export async function reachedTier(db: Db, verifiedSales: number): Promise<Pick<Tier, 'rate_bp'> | undefined> {
  const [tier] = await tierOf(db, verifiedSales);
  return tier;
}

const tiersInOrder = prepared(0, (db) =>
  db.selectFrom('commission_tiers').select(['min_sales', 'rate_bp']).orderBy('min_sales'),
);

/** Every commission tier, lowest threshold first. */
export function allTiers(db: Db): Promise<Tier[]> {
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
