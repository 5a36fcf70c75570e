// The Shopify discount push (docs/product/links-and-integrations.md#discount-push, docs/decisions/028): each partner code is created in
// the store as a discount, and updated there when staff change its discount.
//
// The request is a row (store_code_syncs) written in the transaction that creates or changes the
// code, so a code is never created without its push, nor a push queued for a code rolled back.
// Every node runs pushDueCodes: it claims a due code with a lease by a conditional update, calls
// Shopify outside any transaction, then writes the outcome. A refusal (userErrors, a bad token) is
// kept with the store's words for staff and not retried by itself; what can heal (5xx, time-outs,
// throttling) is retried with back-off, then given up with its reason.
import type { Config } from '../../config';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import type { StoreCodeSyncsTable } from '../../db/schema';
import { AppError } from '../../errors';
import { discountTitle, ShopifyRefusedError, ShopifyTransientError } from '../../integrations/shopify/admin';
import type { ShopifyAdminClient } from '../../integrations/shopify/admin';
import { recordAudit } from '../audit/service';
import { storeConnected } from '../store-connection/service';
import { retryOnConflict } from '../../db/retry';
import {
  claimNextDue,
  failedSyncsAfter,
  recordOutcome,
  requeueFailed,
  requeueFailedMany,
  syncsOf,
  upsertPending,
} from './repository';
import type { StoreCodeSync } from './repository';

/** `off`: the push is not configured; `not_pushed`: it is, but this code was never sent (made before). */
export type StoreSyncState = 'off' | 'not_pushed' | StoreCodeSyncsTable['state'];

/** A code's push as staff see it. */
export interface StoreSyncJson {
  state: StoreSyncState;
  store_id: string | null;
  message: string | null;
  attempts: number;
  updated_at: string | null;
}

/**
 * The push is on when a store is connected (docs/product/links-and-integrations.md#discount-push): SHOPIFY_SHOP_DOMAIN and its token, or
 * the connection an admin made in the back office (server/modules/store-connection/active-store.ts).
 */
export const storePushConfigured = (db: Db, config: Pick<Config, 'shopify'>): Promise<boolean> =>
  storeConnected(db, config);

/** A node holds a claimed code this long: well beyond one call's time-out. */
export const LEASE_MS = 120_000;
/** Calls that end without an answer before the push is given up (about an hour of back-off in all). */
export const MAX_ATTEMPTS = 8;
/** Codes one round pushes at most; the next round (seconds later) goes on. */
const ROUND_LIMIT = 25;
/** The longest wait the store can ask of us. */
const MAX_WAIT_MS = 3_600_000;

/** Waits after an unanswered call: 30 s, 1, 2, 4 ... minutes, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(MAX_WAIT_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
/** Waits after a throttled call that did not say how long: 1, 2, 4 ... seconds, at most a minute. */
export const throttleBackoffMs = (throttled: number) =>
  Math.min(60_000, 1000 * 2 ** Math.max(0, throttled - 1));

function toJson(row: StoreCodeSync | undefined, configured: boolean): StoreSyncJson {
  return {
    state: !configured ? 'off' : row ? row.state : 'not_pushed',
    store_id: row?.store_id ?? null,
    message: row?.message ?? null,
    attempts: row?.attempts ?? 0,
    updated_at: row?.updated_at ?? null,
  };
}

/**
 * Queues the push of a promo code, in the transaction that created it or changed its discount.
 * A code the store has already is updated there; one in flight is pushed again after. Without the
 * push configured nothing is queued (the state reads `off`). Answers whether it was queued.
 */
export async function requestStoreSync(
  trx: Db,
  promoCodeId: number,
  config: Pick<Config, 'shopify'>,
  now = new Date(),
): Promise<boolean> {
  if (!(await storePushConfigured(trx, config))) return false;
  await upsertPending(trx, promoCodeId, nowIso(now));
  return true;
}

/** The push of each of these codes, by promo code id (`off` for a code never queued). */
export async function storeSyncsOf(
  db: Db,
  promoCodeIds: number[],
  config: Pick<Config, 'shopify'>,
): Promise<Map<number, StoreSyncJson>> {
  const rows = new Map((await syncsOf(db, promoCodeIds)).map((r) => [r.promo_code_id, r]));
  const configured = await storePushConfigured(db, config);
  return new Map(promoCodeIds.map((id) => [id, toJson(rows.get(id), configured)]));
}

/**
 * Staff ask for a failed push to be tried again: due now, attempts from zero, with the audit
 * line in the same transaction. Anything but a failed push (or the push off) is a 409.
 */
export async function retryStoreSync(
  db: Db,
  input: { promoCodeId: number; code: string; staffId: number; config: Pick<Config, 'shopify'> },
  now = new Date(),
): Promise<StoreSyncJson> {
  if (!(await storePushConfigured(db, input.config))) throw new AppError(409, 'store_sync.not_configured');
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
    const [before] = await syncsOf(trx, [input.promoCodeId]);
    // A failed push is tried again; a code never pushed (made before the push was configured) is
    // pushed for the first time.
    if (!before) await upsertPending(trx, input.promoCodeId, at);
    else if (before.state !== 'failed' || !(await requeueFailed(trx, input.promoCodeId, at)))
      throw new AppError(409, 'store_sync.not_failed');
    const [after] = await syncsOf(trx, [input.promoCodeId]);
    const beforeJson = toJson(before, true);
    const afterJson = toJson(after, true);
    await recordAudit(
      trx,
      {
        staffId: input.staffId,
        action: 'promo_code.store_sync_retry',
        entity: 'promo_code',
        entityId: input.code,
        before: beforeJson,
        after: afterJson,
      },
      at,
    );
    return afterJson;
  });
}

/** Failed pushes a bulk retry reads and moves at a time (one statement's bound values stay few). */
const RETRY_CHUNK = 200;

/**
 * Staff retry every failed push at once ("Retry all", docs/decisions/039): each failed code due
 * now, as `retryStoreSync` does one, with its own audit line, all in one transaction. A code is
 * moved only while it is still failed, so a second click, or the same click from another tab,
 * finds nothing left and answers 0: each code is retried, and audited, once.
 */
export async function retryFailedStoreSyncs(
  db: Db,
  input: { staffId: number; config: Pick<Config, 'shopify'> },
  now = new Date(),
): Promise<{ retried: number }> {
  if (!(await storePushConfigured(db, input.config))) throw new AppError(409, 'store_sync.not_configured');
  const at = nowIso(now);
  return retryOnConflict(() =>
    db.transaction().execute(async (trx) => {
      let retried = 0;
      for (let after = 0; ;) {
        const failed = await failedSyncsAfter(trx, after, RETRY_CHUNK);
        if (failed.length === 0) break;
        after = failed[failed.length - 1]!.promo_code_id;
        const moved = await requeueFailedMany(
          trx,
          failed.map((row) => row.promo_code_id),
          at,
        );
        for (const row of failed) {
          if (!moved.has(row.promo_code_id)) continue;
          // What requeueFailedMany wrote, as retryStoreSync reads it back.
          const afterJson: StoreSyncJson = {
            state: 'pending',
            store_id: row.store_id,
            message: null,
            attempts: 0,
            updated_at: at,
          };
          await recordAudit(
            trx,
            {
              staffId: input.staffId,
              action: 'promo_code.store_sync_retry',
              entity: 'promo_code',
              entityId: row.code,
              before: toJson(row, true),
              after: afterJson,
            },
            at,
          );
          retried++;
        }
      }
      return { retried };
    }),
  );
}

type Log = { warn(obj: object, msg: string): void };

type Outcome =
  | { kind: 'created'; storeId: string }
  | { kind: 'refused'; message: string }
  | { kind: 'throttled'; message: string; waitMs: number | null }
  | { kind: 'unanswered'; message: string; waitMs: number | null };

const clip = (text: string) => text.slice(0, 1000);

const transient = (error: ShopifyTransientError): Outcome => ({
  kind: error.throttled ? 'throttled' : 'unanswered',
  message: error.message,
  waitMs: error.retryAfterMs,
});

/**
 * The store says the code is taken. When the discount holding it is ours (our title: an earlier
 * attempt reached the store though its answer never reached us), the code is created; anyone
 * else's is the store's refusal, kept for staff.
 */
async function adoptOwn(shopify: ShopifyAdminClient, code: string, refusal: string): Promise<Outcome> {
  try {
    const found = await shopify.findDiscountCode(code);
    if (found && found.title === discountTitle(code)) return { kind: 'created', storeId: found.id };
  } catch (error) {
    if (error instanceof ShopifyTransientError) return transient(error);
  }
  return { kind: 'refused', message: refusal };
}

async function push(
  shopify: ShopifyAdminClient,
  claim: StoreCodeSync & { code: string; value_bp: number },
  at: Date,
): Promise<Outcome> {
  const discount = { code: claim.code, percentage: claim.value_bp / 10_000 };
  try {
    const { id } = claim.store_id
      ? await shopify.updateDiscountCode(claim.store_id, discount)
      : await shopify.createDiscountCode({ ...discount, startsAt: at });
    return { kind: 'created', storeId: id };
  } catch (error) {
    if (error instanceof ShopifyTransientError) return transient(error);
    if (error instanceof ShopifyRefusedError) {
      if (!claim.store_id && error.userErrors.some((e) => e.code === 'TAKEN'))
        return adoptOwn(shopify, claim.code, error.message);
      return { kind: 'refused', message: error.message };
    }
    // Our own fault (a discount Shopify cannot take, say): nothing to gain by asking again.
    return {
      kind: 'refused',
      message: `The code could not be pushed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/**
 * Pushes every code that is due, one at a time, until none is left (or the round's limit);
 * answers how many the store now has as asked. The calls happen outside any transaction.
 */
export async function pushDueCodes(
  db: Db,
  shopify: ShopifyAdminClient,
  log: Log,
  now = new Date(),
): Promise<number> {
  // The round's clock: `now` (tests choose it), moved on by the time the round has taken.
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  let created = 0;
  for (let pushed = 0; pushed < ROUND_LIMIT; pushed++) {
    const claimedAt = clock();
    const claim = await claimNextDue(db, nowIso(claimedAt), nowIso(new Date(claimedAt.getTime() + LEASE_MS)));
    if (!claim) break;
    const outcome = await push(shopify, claim, claimedAt);
    const at = clock();
    const stamp = nowIso(at);
    const later = (ms: number) => nowIso(new Date(at.getTime() + Math.min(MAX_WAIT_MS, Math.max(0, ms))));
    let set: Parameters<typeof recordOutcome>[2];
    if (outcome.kind === 'created') {
      set = {
        state: 'created',
        store_id: outcome.storeId,
        message: null,
        throttled: 0,
        next_attempt_at: null,
        updated_at: stamp,
      };
    } else if (outcome.kind === 'refused') {
      log.warn(
        { code: claim.code, err: outcome.message },
        'shopify refused the discount code; kept for staff',
      );
      set = {
        state: 'failed',
        message: clip(outcome.message),
        throttled: 0,
        next_attempt_at: null,
        updated_at: stamp,
      };
    } else if (outcome.kind === 'throttled') {
      // The store asked us to wait: not an attempt of ours that failed.
      const throttled = claim.throttled + 1;
      set = {
        attempts: claim.attempts - 1,
        throttled,
        message: clip(outcome.message),
        next_attempt_at: later(outcome.waitMs ?? throttleBackoffMs(throttled)),
        updated_at: stamp,
      };
    } else if (claim.attempts >= MAX_ATTEMPTS) {
      log.warn(
        { code: claim.code, attempts: claim.attempts, err: outcome.message },
        'shopify did not take the discount code; given up',
      );
      set = {
        state: 'failed',
        message: clip(`Shopify did not take the code after ${claim.attempts} attempts: ${outcome.message}`),
        throttled: 0,
        next_attempt_at: null,
        updated_at: stamp,
      };
    } else {
      log.warn(
        { code: claim.code, attempts: claim.attempts, err: outcome.message },
        'shopify discount push failed; retried later',
      );
      set = {
        message: clip(outcome.message),
        throttled: 0,
        next_attempt_at: later(outcome.waitMs ?? backoffMs(claim.attempts)),
        updated_at: stamp,
      };
    }
    await recordOutcome(db, claim, set, outcome.kind === 'created' ? outcome.storeId : null);
    if (outcome.kind === 'created') created++;
    // Throttled: the store wants a pause from us, not only for this code.
    if (outcome.kind === 'throttled') break;
  }
  return created;
}
