// Queries of the PayPal send job and of PayPal's word on a payout (server/modules/payouts/paypal.ts
// holds the rules, docs/product/payouts.md#paypal): which payout is due, its claim, the writes of
// each answer, and the webhook transmissions PayPal confirmed.
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import type { Database, Payout } from '../../db/schema';

/** PayPal's statuses of an item that did not pay. */
export const FAILURES = new Set([
  'FAILED',
  'RETURNED',
  'UNCLAIMED',
  'BLOCKED',
  'REFUNDED',
  'REVERSED',
  'CANCELED',
  'DENIED',
]);
/** The statuses of a payout approved for payment: what the send job sends. */
export const READY: Payout['status'][] = ['APPROVED', 'MANAGER_APPROVED'];
/** paypal_status of a round that cannot have paid: PayPal refused the request, or it was never made. */
export const REFUSED = 'REFUSED';
export const NOT_SENT = 'NOT_SENT';
/**
 * An item waiting for its receiver to open a PayPal account. A payout approved again in this state
 * still has that item out: the send job cancels it before any new round (paypal.ts, endUnclaimedRound).
 */
export const UNCLAIMED = 'UNCLAIMED';
/** A round is over only when PayPal said it failed or refused it; anything else (UNCLAIMED too) may still pay. */
export const ROUND_OVER = [...FAILURES].filter((s) => s !== UNCLAIMED).concat(REFUSED, NOT_SENT);

const dueToSend = (at: string) => (eb: ExpressionBuilder<Database, 'payouts'>) =>
  eb.and([
    eb('send_after', '<=', at),
    eb('status', 'in', READY),
    eb('paypal_batch_id', 'is', null),
    eb.or([eb('send_locked_until', 'is', null), eb('send_locked_until', '<', at)]),
  ]);

/**
 * A new round (and sender_batch_id) begins at the first attempt after an approval, and only when
 * there was no round yet or the last one is known to be over. A round whose send went unanswered
 * (a time-out, a 5xx) keeps its id whatever staff did meanwhile: PayPal may hold that batch.
 */
const opensRound = (eb: ExpressionBuilder<Database, 'payouts'>) =>
  eb.and([
    eb('send_attempts', '=', 0),
    eb.or([eb('send_round', '=', 0), eb('paypal_status', 'in', ROUND_OVER)]),
  ]);

/** The payout due to be sent first at `at`, if any. */
export function nextDueToSend(db: Db, at: string) {
  return db
    .selectFrom('payouts')
    .select('id')
    .where(dueToSend(at))
    .orderBy('send_after')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims the payout for a send until `lockedUntil` if it is still due at `at` (undefined when
 * another node claimed it first): one more attempt, and a new round when one opens.
 */
export function claimSend(db: Db, id: number, at: string, lockedUntil: string): Promise<Payout | undefined> {
  return db
    .updateTable('payouts')
    .set((eb) => ({
      send_locked_until: lockedUntil,
      send_round: eb
        .case()
        .when(opensRound(eb))
        .then(eb('send_round', '+', 1))
        .else(eb.ref('send_round'))
        .end(),
      paypal_status: eb
        .case()
        .when(opensRound(eb))
        .then(eb.val<string | null>(null))
        .else(eb.ref('paypal_status'))
        .end(),
      send_attempts: eb('send_attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where(dueToSend(at))
    .returningAll()
    .executeTakeFirst();
}

/** Releases a claimed payout still approved, to be sent again from `sendAfter`, with why. */
export async function postponeSend(db: Db, id: number, sendAfter: string, why: string): Promise<void> {
  await db
    .updateTable('payouts')
    .set({ send_after: sendAfter, send_locked_until: null, send_error: why })
    .where('id', '=', id)
    .where('status', 'in', READY)
    .execute();
}

/**
 * Opens the next round of a payout still approved whose unclaimed round is over, due at once;
 * nothing when the payout or its round changed meanwhile.
 */
export async function openNextRound(
  db: Db,
  payout: Pick<Payout, 'id' | 'send_round'>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('payouts')
    .set((eb) => ({
      send_round: eb('send_round', '+', 1),
      paypal_status: null,
      send_attempts: 0,
      send_after: nowIso(now),
      send_locked_until: null,
      send_error: null,
    }))
    .where('id', '=', payout.id)
    .where('status', 'in', READY)
    .where('paypal_status', '=', UNCLAIMED)
    .where('send_round', '=', payout.send_round)
    .execute();
}

/** The partner's language, for PayPal's mail to them. */
export async function partnerLocale(db: Db, partnerId: number): Promise<string | undefined> {
  const partner = await db
    .selectFrom('partners')
    .select('locale')
    .where('id', '=', partnerId)
    .executeTakeFirst();
  return partner?.locale;
}

/** PayPal's answer to a send, written on the payout if it is still approved. */
export async function recordSent(
  db: Db,
  id: number,
  sent: Pick<Payout, 'paypal_batch_id' | 'paypal_status' | 'send_error'>,
): Promise<void> {
  await db
    .updateTable('payouts')
    .set({
      paypal_batch_id: sent.paypal_batch_id,
      paypal_status: sent.paypal_status,
      send_after: null,
      send_locked_until: null,
      send_error: sent.send_error,
      checked_at: null,
    })
    .where('id', '=', id)
    .where('status', 'in', READY)
    .execute();
}

/** When PayPal was last asked about the payout's batch, with what it said (if anything). */
export async function markChecked(
  db: Db,
  id: number,
  at: string,
  said: Partial<Pick<Payout, 'paypal_item_id' | 'paypal_status' | 'paypal_batch_id'>> = {},
): Promise<void> {
  await db
    .updateTable('payouts')
    .set({ ...said, checked_at: at })
    .where('id', '=', id)
    .execute();
}

/** Payouts sent and not settled whose batch was not checked since `checkedBefore`, at most 100. */
export function sentPayoutsToCheck(db: Db, checkedBefore: string): Promise<Payout[]> {
  return db
    .selectFrom('payouts')
    .selectAll()
    .where('paypal_batch_id', 'is not', null)
    .where('status', 'in', READY)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', checkedBefore)]))
    .orderBy('id')
    .limit(100)
    .execute();
}

/** Whether PayPal already confirmed this transmission with this very body. */
export async function verifiedBefore(db: Db, transmissionId: string, bodySha256: string): Promise<boolean> {
  const row = await db
    .selectFrom('paypal_verified_transmissions')
    .select('body_sha256')
    .where('transmission_id', '=', transmissionId)
    .executeTakeFirst();
  return row?.body_sha256 === bodySha256;
}

/** Keeps a transmission PayPal confirmed (the first body kept when two nodes keep it at once). */
export async function rememberVerified(
  db: Db,
  transmissionId: string,
  bodySha256: string,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('paypal_verified_transmissions')
    .values({ transmission_id: transmissionId, body_sha256: bodySha256, verified_at: nowIso(now) })
    .onConflict((oc) => oc.column('transmission_id').doNothing())
    .execute();
}
