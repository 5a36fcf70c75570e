// Reconciliation with the store (issue 30, docs/decisions/057-store-reconciliation.md): a
// periodic task on every node reads the store's orders updated since the last synced moment
// (Admin GraphQL `orders`, server/integrations/shopify/orders.ts) and records what the ledger does
// not have yet through the webhook's own functions (server/modules/ledger/orders.ts:
// recordPaidOrder, recordCancellation, recordRefund), which know an order by its shopify_order_id
// and a refund by its shopify_refund_id: an order that comes both ways is recorded once.
//
// - One node at a time: the round claims the row of store_reconciliation with a lease
//   (repository.ts), renewed after each page; what it writes is conditional on holding it.
// - A pass reads the orders updated since `pass_from` page by page; the cursor is written after
//   each page, so a round stopped half-way (a restart, the store failing, the page budget) goes on
//   from that page at the next round. When the last page is read, everything updated before the
//   pass began is in the ledger: that moment is `synced_through`, and the next pass starts a few
//   minutes before it (the overlap covers the store's search index catching up).
// - The first pass (no synced moment yet) back-fills the last 60 days: what a store grants an app
//   with read_orders (older orders need read_all_orders).
// - A throttled page (THROTTLED, 429) is asked again after the wait the store names; a query the
//   store finds too costly (MAX_COST_EXCEEDED) is asked again for half as many orders.
// - Each order is recorded in its own transaction; the follow-up its recording queues (the sale
//   notification, badges, live pushes: the `order_recorded` job) runs as for a webhook, and
//   `onRecorded` wakes the job queue after.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { retryOnConflict } from '../../db/retry';
import { ShopifyRefusedError, ShopifyTransientError } from '../../integrations/shopify/admin';
import type { ShopifyGraphql } from '../../integrations/shopify/admin';
import { allLineItems, fetchOrdersPage, restOrder, restRefunds } from '../../integrations/shopify/orders';
import type { GraphqlOrder, OrdersPage } from '../../integrations/shopify/orders';
import { shopifyOrder, shopifyRefund } from '../../integrations/shopify/webhooks';
import type { ShopifyOrder, ShopifyRefund } from '../../integrations/shopify/webhooks';
import { recordCancellation, recordPaidOrder, recordRefund } from '../ledger/service';
import {
  claimReconciliation,
  ensureReconciliation,
  ledgerHasOrder,
  readAttention,
  readReconciliation,
  writeHeld,
} from './repository';
import type { ReconciliationRow } from './repository';

/** How often a round is due by default (SHOPIFY_RECONCILE_MINUTES). */
export const RECONCILE_EVERY_MS = 15 * 60_000;
/** The first pass reads back this far. */
export const BACKFILL_DAYS = 60;
/** Each pass starts this long before the last synced moment. */
export const OVERLAP_MS = 5 * 60_000;
/** A node holds the round this long after each page (well beyond one call's time-out). */
export const LEASE_MS = 5 * 60_000;
/** Orders per page: the query's cost grows with it (each order with its line items and refunds). */
export const PAGE_SIZE = 10;
/** Pages one round reads at most; a pass left unfinished is due again at once. */
const MAX_PAGES = 100;
/** Throttled answers in a row before the round gives up (its cursor kept). */
const MAX_THROTTLED = 6;
/** The longest wait between two throttled tries. */
const MAX_WAIT_MS = 60_000;

/**
 * The financial statuses of an order that was paid (decisions/057): paid, then perhaps refunded
 * in part or whole (the refunds are recorded apart). An order authorized, pending, partly paid,
 * voided or expired has not been paid: nothing is recorded of it (unless it was cancelled).
 */
export const PAID_STATUSES = ['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;

export interface ReconcileOptions {
  /** The store the state is about (its Admin API address): another one starts over with a back-fill. */
  store?: string;
  everyMs?: number;
  pageSize?: number;
  maxPages?: number;
  backfillDays?: number;
  overlapMs?: number;
  leaseMs?: number;
  /** Waits for throttling (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
  /** Called once after a round that recorded anything: wakes the job queue (ctx.jobs.wake). */
  onRecorded?: () => void;
}

export interface Found {
  orders: number;
  cancellations: number;
  refunds: number;
}

export interface ReconcileRound {
  /** False when another node holds the round, or it is not due. */
  claimed: boolean;
  pages: number;
  /** What this round recorded that the ledger did not have. */
  found: Found;
  /** True when the pass reached its last page (the synced moment moved). */
  passDone: boolean;
  error: string | null;
}

/** What the back office shows of the reconciliation (GET /api/manager/settings/store `reconciliation`). */
export interface ReconciliationState {
  last_run_at: string | null;
  synced_through: string | null;
  last_found: Found;
  backfill: { state: 'pending' | 'running' | 'done'; from: string | null; through: string | null } | null;
  error: string | null;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export async function reconciliationState(db: Db): Promise<ReconciliationState> {
  const row = await readReconciliation(db);
  if (!row)
    return {
      last_run_at: null,
      synced_through: null,
      last_found: { orders: 0, cancellations: 0, refunds: 0 },
      backfill: null,
      error: null,
    };
  return {
    last_run_at: row.last_run_at,
    synced_through: row.synced_through,
    last_found: {
      orders: Number(row.found_orders),
      cancellations: Number(row.found_cancellations),
      refunds: Number(row.found_refunds),
    },
    backfill: row.backfill_state
      ? { state: row.backfill_state, from: row.backfill_from, through: row.backfill_through }
      : null,
    error: row.last_error,
  };
}

/** What the overview's "needs a look" shows: the last round, and the last one that found anything. */
export interface ReconciliationAttention {
  last_run_at: string | null;
  error: string | null;
  missed_at: string | null;
  missed: Found;
}

export async function reconciliationAttention(db: Db): Promise<ReconciliationAttention> {
  const row = await readAttention(db);
  return {
    last_run_at: row?.last_run_at ?? null,
    error: row?.last_error ?? null,
    missed_at: row?.missed_at ?? null,
    missed: {
      orders: Number(row?.missed_orders ?? 0),
      cancellations: Number(row?.missed_cancellations ?? 0),
      refunds: Number(row?.missed_refunds ?? 0),
    },
  };
}

/**
 * Records one order of the store as its webhooks would have, in the caller's transaction:
 * answers what of it the ledger did not have. An order without a discount code that the ledger
 * does not know is left alone (it earns no one anything).
 */
export async function reconcileOrder(
  trx: Db,
  order: ShopifyOrder,
  financialStatus: string | null,
  refunds: ShopifyRefund[],
  now: Date,
): Promise<Found> {
  const found: Found = { orders: 0, cancellations: 0, refunds: 0 };
  if (order.discount_codes.length === 0 && !(await ledgerHasOrder(trx, order.id))) return found;
  if (order.cancelled_at) {
    // Cancelled: kept as cancelled, its earnings not yet paid rejected (as orders/cancelled does).
    if (await recordCancellation(trx, order, now)) found.cancellations++;
  } else if ((PAID_STATUSES as readonly string[]).includes(financialStatus ?? '')) {
    if ((await recordPaidOrder(trx, order, now)).recorded) found.orders++;
  }
  for (const refund of refunds) if (await recordRefund(trx, refund, now)) found.refunds++;
  return found;
}

type Parsed =
  | { ok: true; order: ShopifyOrder; refunds: ShopifyRefund[]; status: string | null }
  | { ok: false; error: string };

async function readOrder(graphql: ShopifyGraphql, node: GraphqlOrder): Promise<Parsed> {
  const named = node.name ?? node.id;
  if (node.refunds.some((r) => r.refundLineItems.pageInfo?.hasNextPage))
    return { ok: false, error: `order ${named}: a refund with more line items than one page holds` };
  const items = node.lineItems.pageInfo?.hasNextPage
    ? await allLineItems(graphql, node)
    : node.lineItems.nodes;
  const order = shopifyOrder.safeParse(restOrder(node, items));
  if (!order.success)
    return {
      ok: false,
      error: `order ${named}: ${order.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    };
  const refunds: ShopifyRefund[] = [];
  for (const raw of restRefunds(node)) {
    const refund = shopifyRefund.safeParse(raw);
    if (!refund.success)
      return {
        ok: false,
        error: `refund ${raw.id} of order ${named}: ${refund.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      };
    refunds.push(refund.data);
  }
  return { ok: true, order: order.data, refunds, status: node.displayFinancialStatus ?? null };
}

/**
 * One round: claims the reconciliation (or answers claimed: false), reads pages of orders and
 * records each, and writes the cursor after each page and the outcome at the end.
 */
export async function reconcileStore(
  db: Db,
  graphql: ShopifyGraphql,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  now = new Date(),
  options: ReconcileOptions = {},
): Promise<ReconcileRound> {
  const started = Date.now();
  // The round's own clock: `now` when it began, and the time spent since.
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const sleep = options.sleep ?? defaultSleep;
  const round: ReconcileRound = {
    claimed: false,
    pages: 0,
    found: { orders: 0, cancellations: 0, refunds: 0 },
    passDone: false,
    error: null,
  };

  const at = nowIso(now);
  let held = nowIso(new Date(now.getTime() + leaseMs));
  const dueBefore = nowIso(new Date(now.getTime() - (options.everyMs ?? RECONCILE_EVERY_MS) + 1000));
  let claimed = await claimReconciliation(db, at, dueBefore, held);
  // The very first round anywhere makes the row (every later one only updates it).
  if (!claimed && !(await readReconciliation(db))) {
    await ensureReconciliation(db, at);
    claimed = await claimReconciliation(db, at, dueBefore, held);
  }
  if (!claimed) return round;
  round.claimed = true;

  let row: ReconciliationRow = claimed;
  // Another store than the one the state is about: start over.
  if (options.store && row.store !== options.store) {
    const reset = {
      store: options.store,
      synced_through: null,
      pass_from: null,
      pass_started_at: null,
      cursor: null,
      backfill_state: 'pending' as const,
      backfill_from: null,
      backfill_through: null,
      updated_at: at,
    };
    if (!(await writeHeld(db, held, reset))) return round;
    row = { ...row, ...reset };
  }
  // A new pass: the back-fill when nothing was synced yet, else from a little before the synced moment.
  if (row.pass_from === null) {
    const backfill = row.synced_through === null;
    const from = backfill
      ? nowIso(new Date(now.getTime() - (options.backfillDays ?? BACKFILL_DAYS) * 86_400_000))
      : nowIso(new Date(Date.parse(row.synced_through!) - (options.overlapMs ?? OVERLAP_MS)));
    const pass = {
      pass_from: from,
      pass_started_at: at,
      cursor: null,
      ...(backfill ? { backfill_state: 'running' as const, backfill_from: from, backfill_through: at } : {}),
      updated_at: at,
    };
    if (!(await writeHeld(db, held, pass))) return round;
    row = { ...row, ...pass };
  }

  const since = row.pass_from!;
  let cursor = row.cursor;
  let pageSize = options.pageSize ?? PAGE_SIZE;
  const maxPages = options.maxPages ?? MAX_PAGES;
  const problems: string[] = [];
  let stoppedBy: string | null = null;

  try {
    while (round.pages < maxPages) {
      let page: OrdersPage;
      for (let throttled = 0; ;) {
        try {
          page = await fetchOrdersPage(graphql, { since, cursor, first: pageSize });
          break;
        } catch (error) {
          if (error instanceof ShopifyTransientError && error.throttled && ++throttled < MAX_THROTTLED) {
            const wait = Math.min(MAX_WAIT_MS, error.retryAfterMs ?? 1000 * 2 ** (throttled - 1));
            log.info(
              { waitMs: wait, cursor },
              'shopify reconciliation: throttled, the same page again after the wait',
            );
            await sleep(wait);
            continue;
          }
          if (
            error instanceof ShopifyRefusedError &&
            /MAX_COST_EXCEEDED|cost/i.test(error.message) &&
            pageSize > 1
          ) {
            pageSize = Math.max(1, Math.floor(pageSize / 2));
            log.info({ pageSize }, 'shopify reconciliation: the query costs too much, fewer orders per page');
            continue;
          }
          throw error;
        }
      }
      for (const id of page.unreadable) problems.push(`order ${id}: not in the shape of Shopify's Order`);
      for (const node of page.orders) {
        const parsed = await readOrder(graphql, node);
        if (!parsed.ok) {
          problems.push(parsed.error);
          continue;
        }
        const found = await retryOnConflict(() =>
          db
            .transaction()
            .execute((trx) => reconcileOrder(trx, parsed.order, parsed.status, parsed.refunds, clock())),
        );
        round.found.orders += found.orders;
        round.found.cancellations += found.cancellations;
        round.found.refunds += found.refunds;
      }
      round.pages++;
      const next = nowIso(new Date(clock().getTime() + leaseMs));
      const last = !page.hasNextPage || !page.endCursor;
      const moved = last
        ? {
            locked_until: next,
            synced_through: row.pass_started_at,
            pass_from: null,
            pass_started_at: null,
            cursor: null,
            ...(row.backfill_state === 'running' || row.backfill_state === 'pending'
              ? { backfill_state: 'done' as const }
              : {}),
            updated_at: nowIso(clock()),
          }
        : { locked_until: next, cursor: page.endCursor, updated_at: nowIso(clock()) };
      if (!(await writeHeld(db, held, moved))) {
        stoppedBy = 'the round outlived its lease: another node goes on';
        log.warn('shopify reconciliation: lease lost');
        return { ...round, error: stoppedBy };
      }
      held = next;
      cursor = page.endCursor;
      if (last) {
        round.passDone = true;
        break;
      }
    }
  } catch (error) {
    stoppedBy = messageOf(error);
    log.warn(
      { err: error, cursor },
      'shopify reconciliation stopped: the next round goes on from the last page read',
    );
  }

  const anything = round.found.orders + round.found.cancellations + round.found.refunds > 0;
  const error = stoppedBy ?? (problems.length ? problems.join('; ').slice(0, 2000) : null);
  round.error = error;
  const end = nowIso(clock());
  await writeHeld(db, held, {
    locked_until: null,
    last_run_at: at,
    found_orders: round.found.orders,
    found_cancellations: round.found.cancellations,
    found_refunds: round.found.refunds,
    ...(anything
      ? {
          missed_at: at,
          missed_orders: round.found.orders,
          missed_cancellations: round.found.cancellations,
          missed_refunds: round.found.refunds,
        }
      : {}),
    last_error: error,
    updated_at: end,
  });
  if (anything) {
    log.info(
      { found: round.found, pages: round.pages },
      'shopify reconciliation: recorded what the webhooks had missed',
    );
    options.onRecorded?.();
  }
  return round;
}
