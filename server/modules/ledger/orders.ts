// Store orders into the ledger (docs/product/commissions.md#referrals): attribution by discount code, the commission
// at the partner's rate when the order is paid, referral earnings, fraud review, own-voucher
// orders, cancellations and refunds (pro rata before payment, negative adjustments after).
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import type { Earning, Order } from '../../db/schema';
import type { OrderMoney, ShopifyOrder, ShopifyRefund } from '../../integrations/shopify/webhooks';
import { orderMoney, refundParts } from '../../integrations/shopify/webhooks';
import { convertCents } from '../../../common/currency';
import { enqueueJob } from '../../jobs/queue';
import { findPromoCode } from '../promo-codes/service';
import { inProgramCurrency, readMoneyTerms } from '../settings';
import type { MoneyTerms } from '../settings';
import { holdUntilOf } from '../settings/service';
import {
  changeEarning,
  createEarning,
  createSaleOfNewOrder,
  earningsOfOrder,
  findEarningById,
} from './earnings';
import type { NewEarning } from './earnings';
import {
  claimRefund,
  findOrderById,
  getOrderById,
  insertOrder,
  insertOrderItem,
  insertOrderItems,
  insertPaidOrder,
  insertRefund,
  ordersAwaitingRate,
  setOrderRefunded,
  updateOrderAwaitingRate,
  updateOrderInStatus,
} from './orders-repository';
import type { OrderRow, StoredRefund } from './orders-repository';
import { commissionCounts, syncOrderStats } from './stats';
import {
  findCodeOwner,
  findOrderByShopifyId,
  findOrderPartner,
  findVoucherByCodes,
  originalAmount,
  reachedTier,
  unappliedRefunds,
} from './repository';
import type { OrderPartner } from './repository';
import { commissionRateBp } from './rules';
import type { RatedPartner } from './rules';

const ACTOR = 'shopify';

export function geoOf(countryCode: string | null | undefined): Order['geo'] {
  return countryCode === 'CA' || countryCode === 'US' ? countryCode : 'OTHER';
}

/**
 * The commission rate of a partner now (commissionRateBp, rules.ts): a staff override, else the
 * rate of the tier their verified sales reach, read as one row (no read at all with an override).
 */
export async function currentRateBp(db: Db, partner: RatedPartner): Promise<number> {
  if (partner.commission_override_bp !== null) return partner.commission_override_bp;
  return commissionRateBp(partner, await reachedTier(db, partner.verified_sales));
}

const percentOf = (cents: number, bp: number) => Math.round((cents * bp) / 10_000);

interface Attribution {
  partner: OrderPartner | undefined;
  voucherId: number | null;
  code: string | null;
}

async function attribute(db: Db, order: ShopifyOrder): Promise<Attribution> {
  const codes = order.discount_codes.map((d) => d.code.trim()).filter(Boolean);
  // An order carries one code, almost always: its voucher, its promo code and their partner are
  // one read (the same answer as the loop below gives for one code).
  if (codes.length === 1) {
    const owner = await findCodeOwner(db, codes[0]!);
    return owner
      ? { partner: owner.partner, voucherId: owner.voucherId, code: owner.code }
      : { partner: undefined, voucherId: null, code: codes[0]! };
  }
  const voucher = await findVoucherByCodes(db, codes);
  if (voucher)
    return {
      partner: await findOrderPartner(db, voucher.partner_id),
      voucherId: voucher.id,
      code: voucher.code,
    };
  for (const code of codes) {
    const promo = await findPromoCode(db, code);
    if (promo)
      return { partner: await findOrderPartner(db, promo.partner_id), voucherId: null, code: promo.code };
  }
  return { partner: undefined, voucherId: null, code: codes[0] ?? null };
}

/**
 * The order's money as recorded (docs/product/commissions.md#commission-base): its commission base and total in the program
 * currency, converted at the rate staff set for the shop's currency; with no rate yet, nothing
 * (the order waits on "Needs a look" for one). A test order is kept apart from every figure.
 */
function recordedAmounts(order: ShopifyOrder, money: OrderMoney, terms: MoneyTerms): RecordedAmounts {
  const base = inProgramCurrency(money.baseCents, terms.rate);
  const total = inProgramCurrency(money.totalCents, terms.rate);
  return {
    currency: money.currency,
    subtotal_cents: base ?? 0,
    total_cents: total ?? 0,
    source_subtotal_cents: money.baseCents,
    source_total_cents: money.totalCents,
    fx_rate: terms.rate === null || terms.rate === '1' ? null : terms.rate,
    // A test order earns nothing whatever its currency: it waits for no rate.
    awaiting_rate: base === null && order.test !== true ? 1 : 0,
    test: order.test === true ? 1 : 0,
    taxes_included: order.taxes_included === true ? 1 : 0,
  };
}
type RecordedAmounts = Pick<
  OrderRow,
  | 'currency'
  | 'subtotal_cents'
  | 'total_cents'
  | 'source_subtotal_cents'
  | 'source_total_cents'
  | 'fx_rate'
  | 'awaiting_rate'
  | 'test'
  | 'taxes_included'
>;

function orderRow(
  order: ShopifyOrder,
  who: Attribution,
  status: Order['status'],
  now: string,
  amounts: RecordedAmounts,
): OrderRow {
  return {
    shopify_order_id: order.id,
    order_number: order.name ?? `#${order.order_number ?? order.id}`,
    partner_id: who.partner?.id ?? null,
    discount_code: who.code,
    voucher_id: who.voucherId,
    // Dates, e-mail and country come normalized from the payload schema (integrations/shopify).
    customer_email: order.email ?? order.contact_email ?? null,
    ...amounts,
    country_code: order.shipping_address?.country_code ?? null,
    geo: geoOf(order.shipping_address?.country_code),
    // What the sales lists show of the line items (insertItems stores them in this order).
    first_product: order.line_items[0]?.title ?? null,
    product_count: order.line_items.length,
    status,
    placed_at: order.created_at,
    paid_at: status === 'paid' ? (order.processed_at ?? now) : null,
    cancelled_at: order.cancelled_at ?? null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Who an order is for, and what it is recorded with. A test order (`test: true`: a store in test
 * mode, the Bogus gateway) keeps its code for staff to see but belongs to no partner.
 */
async function readOrder(db: Db, order: ShopifyOrder) {
  const money = orderMoney(order);
  const [found, terms] = await Promise.all([attribute(db, order), readMoneyTerms(db, money.currency)]);
  const who: Attribution =
    order.test === true ? { partner: undefined, voucherId: null, code: found.code } : found;
  return { who, terms, amounts: recordedAmounts(order, money, terms) };
}

/** orders/create: kept, nothing earned until it is paid. */
export async function recordCreatedOrder(db: Db, order: ShopifyOrder, now = new Date()): Promise<void> {
  const { who, amounts } = await readOrder(db, order);
  const inserted = await insertOrder(db, orderRow(order, who, 'created', nowIso(now), amounts));
  if (inserted) await insertItems(db, inserted.id, order);
}

async function insertItems(db: Db, orderId: number, order: ShopifyOrder): Promise<void> {
  if (order.line_items.length === 0) return;
  if (order.line_items.length === 1) {
    const [item] = order.line_items as [ShopifyOrder['line_items'][number]];
    await insertOrderItem(db, orderId, item.id, item.title, item.sku ?? null, item.quantity, item.price);
    return;
  }
  await insertOrderItems(
    db,
    order.line_items.map((item) => ({
      order_id: orderId,
      line_item_id: item.id,
      product: item.title,
      sku: item.sku ?? null,
      quantity: item.quantity,
      price_cents: item.price,
    })),
  );
}

export interface RecordedOrder {
  orderId: number;
  partnerId: number | null;
  /** False when the order was known already: nothing changed. */
  recorded: boolean;
}

/** orders/paid: records the order once and creates its earnings. Run inside a transaction. */
export async function recordPaidOrder(db: Db, order: ShopifyOrder, now = new Date()): Promise<RecordedOrder> {
  const at = nowIso(now);
  const { who, terms, amounts } = await readOrder(db, order);
  const partner = who.partner;
  // Orders with the partner's own voucher earn nothing (docs/product/commissions.md#own-vouchers); unattributed orders are
  // kept, and so are test orders and orders waiting for a rate, earning nothing (yet).
  const earner = partner && who.voucherId === null && amounts.awaiting_rate === 0 ? partner : undefined;
  const row = orderRow(order, who, 'paid', at, amounts);
  const sale = earner && (await saleTerms(db, earner, row.customer_email, row.subtotal_cents, terms, now));
  // Most orders are new: the insert comes first, and only a conflict reads what is there. A new
  // order that earns is inserted with what it counts in the running totals (what syncOrderStats
  // would write after it), so that nothing is read back or written twice.
  const [inserted] = await insertPaidOrder(db, {
    ...row,
    counted_orders: sale ? 1 : 0,
    counted_sales_cents: sale ? row.subtotal_cents : 0,
    counted_commission_cents: sale && commissionCounts(sale.status) ? sale.amount : 0,
  });
  let orderId: number;
  if (inserted) {
    orderId = inserted.id;
    await insertItems(db, orderId, order);
  } else {
    const existing = (await findOrderByShopifyId(db, order.id))!;
    if (existing.status !== 'created')
      return { orderId: existing.id, partnerId: existing.partner_id, recorded: false };
    // Created earlier, paid now: the conditional update lets one delivery win.
    const updated = await updateOrderInStatus(db, existing.id, 'created', {
      // The line items stay those stored when the order was created, and so does what the lists show of them.
      ...row,
      created_at: existing.created_at,
      first_product: existing.first_product,
      product_count: existing.product_count,
    });
    if (updated !== 1) return { orderId: existing.id, partnerId: existing.partner_id, recorded: false };
    orderId = existing.id;
  }
  if (earner && sale)
    await earnFromOrder(
      db,
      { id: orderId, placed_at: row.placed_at, geo: row.geo },
      earner,
      sale,
      Boolean(inserted),
      now,
    );
  // Refunds that arrived before their order are applied now (not to an order that earns nothing
  // yet: a released order applies them then).
  // (Each applied refund, like the sale earning itself, brings the order's stats up to date.)
  if (amounts.awaiting_rate === 0 && amounts.test === 0) {
    for (const refund of await unappliedRefunds(db, order.id))
      await applyStoredRefund(db, orderId, refund, now);
  }
  await enqueueJob(db, 'order_recorded', { orderId }, now);
  return { orderId, partnerId: partner?.id ?? null, recorded: true };
}

interface SaleTerms {
  base: number;
  rate: number;
  amount: number;
  status: 'PENDING' | 'IN_REVIEW';
  selfPurchase: boolean;
  holdUntil: string;
}

/**
 * What the partner's sale earns, read when the order is recorded (or released): the program's
 * holding period and the partner's rate now. A later change of either in the back office leaves
 * the earning as it was recorded.
 */
async function saleTerms(
  db: Db,
  earner: OrderPartner,
  customerEmail: string | null,
  base: number,
  terms: Pick<MoneyTerms, 'holdingDays'>,
  now: Date,
): Promise<SaleTerms> {
  const customer = customerEmail ?? '';
  const selfPurchase =
    customer !== '' &&
    (customer === earner.email.toLowerCase() || customer === earner.paypal_email?.toLowerCase());
  // The partner's verified sales are on their row (kept with every earning, stats.ts): the tier's
  // rate is one read.
  const rate = await currentRateBp(db, earner);
  return {
    base,
    rate,
    amount: percentOf(base, rate),
    status: selfPurchase ? 'IN_REVIEW' : 'PENDING',
    selfPurchase,
    holdUntil: holdUntilOf(terms.holdingDays, now),
  };
}

/** The sale earning of an order and its referrer's earning. */
async function earnFromOrder(
  db: Db,
  order: { id: number; placed_at: string; geo: Order['geo'] },
  earner: OrderPartner,
  terms: SaleTerms,
  counted: boolean,
  now: Date,
): Promise<void> {
  const { base, status } = terms;
  const sale: NewEarning = {
    partner_id: earner.id,
    kind: 'sale',
    source_key: `order:${order.id}`,
    order_id: order.id,
    base_cents: base,
    rate_bp: terms.rate,
    amount_cents: terms.amount,
    status,
    hold_until: terms.holdUntil,
  };
  const reason = terms.selfPurchase
    ? 'order paid; customer e-mail is the partner’s own: review'
    : 'order paid';
  if (counted) {
    // The order counts its sale already: the earning and both running totals in a few statements.
    await createSaleOfNewOrder(db, sale, { placed_at: order.placed_at, geo: order.geo }, reason, ACTOR, now);
  } else {
    await createEarning(db, sale, reason, ACTOR, now);
    await syncOrderStats(db, order.id);
  }
  const referrer = earner.referrer_id !== null ? await findOrderPartner(db, earner.referrer_id) : undefined;
  if (referrer && referrer.id !== earner.id) {
    const fixed = referrer.referral_comission_type === 'fixed';
    const rateBp = fixed ? null : Math.round(referrer.referral_commission_amount * 100);
    const referral = fixed ? Math.round(referrer.referral_commission_amount * 100) : percentOf(base, rateBp!);
    if (referral > 0) {
      await createEarning(
        db,
        {
          partner_id: referrer.id,
          kind: 'referral',
          source_key: `order:${order.id}`,
          order_id: order.id,
          base_cents: base,
          rate_bp: rateBp,
          amount_cents: referral,
          status,
          hold_until: terms.holdUntil,
        },
        `referred partner's order paid`,
        ACTOR,
        now,
      );
    }
  }
}

/**
 * Releases a paid order that waited for its currency's rate: converted at the rate set now, it
 * earns as it would have when it was paid (the holding period runs from its release). Answers
 * false when it was not waiting, or its currency still has no rate. Run inside a transaction.
 */
export async function releaseOrderAwaitingRate(db: Db, orderId: number, now = new Date()): Promise<boolean> {
  const order = await findOrderById(db, orderId);
  if (!order || order.awaiting_rate !== 1) return false;
  const terms = await readMoneyTerms(db, order.currency);
  if (terms.rate === null) return false;
  const base = inProgramCurrency(order.source_subtotal_cents ?? 0, terms.rate)!;
  const total = inProgramCurrency(order.source_total_cents ?? 0, terms.rate)!;
  const at = nowIso(now);
  const updated = await updateOrderAwaitingRate(db, order.id, {
    subtotal_cents: base,
    total_cents: total,
    fx_rate: terms.rate === '1' ? null : terms.rate,
    awaiting_rate: 0,
    updated_at: at,
  });
  // Another release (another node, a second click) won.
  if (updated !== 1) return false;
  if (order.status !== 'paid') return true;
  const partner =
    order.partner_id !== null && order.voucher_id === null
      ? await findOrderPartner(db, order.partner_id)
      : undefined;
  if (partner) {
    const sale = await saleTerms(db, partner, order.customer_email, base, terms, now);
    await earnFromOrder(db, order, partner, sale, false, now);
  }
  for (const refund of await unappliedRefunds(db, order.shopify_order_id))
    await applyStoredRefund(db, order.id, refund, now);
  await syncOrderStats(db, order.id);
  await enqueueJob(db, 'order_recorded', { orderId: order.id }, now);
  return true;
}

/** The amount an earning is worth when `remaining` of its base is left. */
async function proRata(db: Db, earning: Earning, remaining: number): Promise<number> {
  if (earning.base_cents <= 0) return 0;
  const full =
    earning.rate_bp !== null
      ? percentOf(earning.base_cents, earning.rate_bp)
      : await originalAmount(db, earning.id);
  return Math.round((full * Math.max(0, remaining)) / earning.base_cents);
}

/**
 * Lowers the order's earnings after part of it is given back. Before payment the earning itself
 * changes (REJECTED when nothing is left); once in a payout or paid, a negative adjustment is
 * recorded for the next payout to deduct.
 */
async function lowerEarnings(
  db: Db,
  order: Order,
  previousRemaining: number,
  remaining: number,
  why: string,
  key: string,
  now: Date,
) {
  for (const first of await earningsOfOrder(db, order.id)) {
    // A change is conditional on the status read; when another transaction moved the earning
    // meanwhile (a payout gathered it), it is read again and settled as it is now.
    for (let earning: Earning | undefined = first, attempt = 0; earning && attempt < 5; attempt++) {
      if (await lowerEarning(db, earning, order, previousRemaining, remaining, why, key, now)) break;
      earning = await findEarningById(db, earning.id);
    }
  }
}

/** Answers false when the earning changed under it (nothing written then). */
async function lowerEarning(
  db: Db,
  earning: Earning,
  order: Order,
  previousRemaining: number,
  remaining: number,
  why: string,
  key: string,
  now: Date,
): Promise<boolean> {
  if (earning.status === 'REJECTED') return true;
  const before = await proRata(db, earning, previousRemaining);
  const after = await proRata(db, earning, remaining);
  // An earning in a payout is settled as if paid: the payout (and its invoice) keeps what it
  // was asked for, and the next payout deducts the difference.
  if (earning.status === 'PAID' || earning.status === 'IN_PAYOUT') {
    if (after < before) {
      await createEarning(
        db,
        {
          partner_id: earning.partner_id,
          kind: 'adjustment',
          source_key: `${key}:earning:${earning.id}`,
          order_id: order.id,
          base_cents: earning.base_cents,
          rate_bp: earning.rate_bp,
          amount_cents: after - before,
          status: 'APPROVED',
          hold_until: null,
        },
        `${why} after payment`,
        ACTOR,
        now,
      );
    }
    return true;
  }
  const change: { status?: 'REJECTED'; amount_cents?: number } =
    remaining <= 0 ? { status: 'REJECTED' } : { amount_cents: after };
  // Nothing to change is not a conflict.
  if (
    (change.status ?? earning.status) === earning.status &&
    (change.amount_cents ?? earning.amount_cents) === earning.amount_cents
  )
    return true;
  return changeEarning(db, earning, change, why, ACTOR, now);
}

/**
 * Releases every paid order in `currency` waiting for a rate, each in its own transaction (one
 * node's release of an order wins; the others find it released). Answers how many this call did.
 */
export async function releaseOrdersAwaitingRate(db: Db, currency: string, now = new Date()): Promise<number> {
  const waiting = await ordersAwaitingRate(db, currency);
  let released = 0;
  for (const { id } of waiting) {
    if (await db.transaction().execute((trx) => releaseOrderAwaitingRate(trx, id, now))) released++;
  }
  return released;
}

/**
 * What a refund takes back of the order's base, in the program currency (docs/product/commissions.md#refunds): its line
 * items' subtotals (without their tax where the shop's prices held it), and what it gave back
 * beyond them, for the part of the order's total that the base is.
 */
function refundedBase(order: Order, refund: StoredRefund): number {
  const sourceBase = order.source_subtotal_cents ?? order.subtotal_cents;
  const sourceTotal = order.source_total_cents ?? order.total_cents;
  const lines = refund.amount_cents - (order.taxes_included === 1 ? refund.tax_cents : 0);
  const beyond = sourceTotal > 0 ? Math.round((refund.discrepancy_cents * sourceBase) / sourceTotal) : 0;
  const taken = Math.max(0, lines + beyond);
  return order.fx_rate === null ? taken : convertCents(taken, order.fx_rate);
}

async function applyStoredRefund(db: Db, orderId: number, refund: StoredRefund, now: Date) {
  const claimed = await claimRefund(db, refund.id, nowIso(now));
  if (claimed !== 1) return;
  const order = await getOrderById(db, orderId);
  const taken = refundedBase(order, refund);
  // A refund of shipping only, or of gift cards, takes nothing of the base.
  if (taken === 0) return;
  const previousRemaining = order.subtotal_cents - order.refunded_cents;
  const refunded = Math.min(order.subtotal_cents, order.refunded_cents + taken);
  await setOrderRefunded(db, orderId, refunded, nowIso(now));
  const why = refunded >= order.subtotal_cents ? 'order fully refunded' : 'order partly refunded';
  await lowerEarnings(
    db,
    order,
    previousRemaining,
    order.subtotal_cents - refunded,
    why,
    `refund:${refund.shopify_refund_id}`,
    now,
  );
  await syncOrderStats(db, orderId);
}

/** refunds/create: kept once; applied now if its order is paid (and earns), else when it does. */
export async function recordRefund(db: Db, refund: ShopifyRefund, now = new Date()): Promise<boolean> {
  const parts = refundParts(refund);
  const stored = await insertRefund(db, {
    shopify_refund_id: refund.id,
    shopify_order_id: refund.order_id,
    amount_cents: parts.lines,
    tax_cents: parts.linesTax,
    discrepancy_cents: parts.discrepancy,
    refunded_at: refund.created_at,
    applied_at: null,
  });
  if (!stored) return false;
  const order = await findOrderByShopifyId(db, refund.order_id);
  if (order?.status === 'paid' && order.awaiting_rate === 0 && order.test === 0)
    await applyStoredRefund(db, order.id, stored, now);
  return true;
}

/** orders/cancelled: earnings not yet paid are rejected; paid ones are taken back by adjustment. */
export async function recordCancellation(db: Db, order: ShopifyOrder, now = new Date()): Promise<boolean> {
  const at = nowIso(now);
  const existing = await findOrderByShopifyId(db, order.id);
  if (!existing) {
    // Never seen before: kept, as cancelled, so a late orders/paid cannot bring it back to life.
    const { who, amounts } = await readOrder(db, order);
    const inserted = await insertOrder(db, {
      ...orderRow(order, who, 'cancelled', at, amounts),
      cancelled_at: order.cancelled_at ?? at,
    });
    if (inserted) await insertItems(db, inserted.id, order);
    return Boolean(inserted);
  }
  if (existing.status === 'cancelled') return false;
  const updated = await updateOrderInStatus(db, existing.id, existing.status, {
    status: 'cancelled',
    cancelled_at: order.cancelled_at ?? at,
    updated_at: at,
  });
  if (updated !== 1) return false;
  const remaining = existing.subtotal_cents - existing.refunded_cents;
  await lowerEarnings(db, existing, remaining, 0, 'order cancelled', `cancel:${existing.id}`, now);
  await syncOrderStats(db, existing.id);
  return true;
}
