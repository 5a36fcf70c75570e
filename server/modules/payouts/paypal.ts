// Paying approved payouts through PayPal Payouts (docs/product/payouts.md#paypal; docs/decisions/020). Every node
// runs these tasks; a payout is claimed by one conditional update before PayPal is called, and the
// call itself happens outside any transaction. The sender_batch_id of a send round never changes:
// a time-out or 5xx is retried with the same one, so PayPal pays it at most once; only after PayPal
// reported a definitive failure, and staff approved the payout again, does a new round (and id) begin.
// An UNCLAIMED item is not a definitive failure: it stays claimable for 30 days, so the next round
// waits until PayPal has cancelled it (RETURNED); if the partner claimed it meanwhile, it paid.
import { BRAND } from '../../../common/brand';
import { isLocale } from '../../../common/i18n';
import type { Db } from '../../db';
import { i18n } from '../../i18n';
import { nowIso } from '../../db/dialect';
import { retryOnConflict } from '../../db/retry';
import type { Payout } from '../../db/schema';
import { AppError } from '../../errors';
import { PayPalRefusedError, PayPalTransientError } from '../../integrations/paypal/client';
import type { PayPalClient } from '../../integrations/paypal/client';
import type { PayPalPayoutEvent } from '../../integrations/paypal/webhook-event';
import { findPayout, isOpen, senderBatchId, staleError, transition } from './service';
import type { Actor } from './service';
import {
  claimSend,
  FAILURES,
  markChecked,
  nextDueToSend,
  NOT_SENT,
  openNextRound,
  partnerLocale,
  postponeSend,
  READY,
  recordSent,
  REFUSED,
  ROUND_OVER,
  sentPayoutsToCheck,
  UNCLAIMED,
} from './paypal-repository';

const PAYPAL: Actor = { kind: 'paypal', id: null, name: 'PayPal' };
const LEASE_MS = 120_000;
/** How long after a check the batch is asked again. */
const RECHECK_MS = 30_000;
/** Payout ids are PostgreSQL integers: a larger number in a sender_item_id is not ours. */
const MAX_ID = 2_147_483_647;

/** Retry delays after a transient failure: 30 s, 1, 2, 4 ... minutes, at most an hour. */
const backoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** Claims the next payout due to be sent (this node alone holds it until the lease ends). */
async function claimNextSend(db: Db, now: Date): Promise<Payout | undefined> {
  const at = nowIso(now);
  for (;;) {
    const due = await nextDueToSend(db, at);
    if (!due) return undefined;
    const claimed = await claimSend(db, due.id, at, new Date(now.getTime() + LEASE_MS).toISOString());
    if (claimed) return claimed;
    // Another node claimed it between our read and our update: the next one may still be free.
  }
}

const isStale = (error: unknown) => error instanceof AppError && error.key === staleError().key;

/**
 * Moves the payout after PayPal's word, unless it changed meanwhile (then the word is stale).
 * Another change committed between our read and our write (the webhook and the poll, or two
 * deliveries of one event, on two nodes) makes the write a 409: the payout is read again then,
 * and `apply` sees what it became.
 */
async function settle(
  db: Db,
  payoutId: number,
  apply: (payout: Payout, trx: Db) => Promise<void>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await retryOnConflict(() =>
        db.transaction().execute(async (trx) => {
          const payout = await findPayout(trx, payoutId);
          if (payout) await apply(payout, trx);
        }),
      );
      return;
    } catch (error) {
      if (attempt >= 5 || !isStale(error)) throw error;
    }
  }
}

type Log = { warn(obj: object, msg: string): void };

/** Leaves a claimed payout for a later attempt (after the back-off), sending nothing now. */
async function retryLater(db: Db, payout: Payout, why: string, now: Date): Promise<void> {
  await postponeSend(
    db,
    payout.id,
    new Date(now.getTime() + backoffMs(payout.send_attempts)).toISOString(),
    why.slice(0, 1000),
  );
}

/**
 * Asks PayPal to cancel an unclaimed item, and answers what the item is now. PayPal refuses to
 * cancel an item that is no longer unclaimed without saying what it became (claimed, returned
 * after 30 days...): the item itself says.
 */
async function takeBackUnclaimed(
  paypal: PayPalClient,
  itemId: string,
): Promise<{ status: string; batchId: string | null }> {
  try {
    const cancelled = await paypal.cancelPayoutItem(itemId);
    return {
      status: cancelled.transactionStatus,
      batchId: cancelled.alreadyCancelled ? null : cancelled.batchId,
    };
  } catch (error) {
    if (!(error instanceof PayPalRefusedError)) throw error;
    const item = await paypal.getPayoutItem(itemId);
    return { status: item.transactionStatus, batchId: item.batchId };
  }
}

/**
 * The payout was approved again after its round went unclaimed: that item must be gone before a
 * new round pays, or a partner who claims it later is paid twice. Cancelled (or returned), the new
 * round opens at once; claimed after all, the payout is paid by it; anything else (PayPal cannot
 * be reached, the item is still pending) is asked again later, and nothing is sent meanwhile.
 */
async function endUnclaimedRound(
  db: Db,
  paypal: PayPalClient,
  log: Log,
  payout: Payout,
  now: Date,
): Promise<void> {
  const round = senderBatchId(payout);
  const itemId = payout.paypal_item_id;
  const unchanged = (current: Payout) =>
    READY.includes(current.status) &&
    current.paypal_status === UNCLAIMED &&
    current.send_round === payout.send_round;
  let item: { status: string; batchId: string | null };
  try {
    if (!itemId) throw new Error(`PayPal did not name the unclaimed item of ${round}`);
    item = await takeBackUnclaimed(paypal, itemId);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof PayPalTransientError) {
      log.warn(
        { payout: payout.id, attempts: payout.send_attempts, err: message },
        'paypal cancel of the unclaimed item failed; retried later, nothing sent',
      );
      await retryLater(
        db,
        payout,
        `The unclaimed PayPal item of ${round} is not cancelled yet: ${message}`,
        now,
      );
      return;
    }
    // PayPal does not know the item (or never named it): staff check the PayPal account first.
    const why = `The unclaimed PayPal item of ${round} could not be cancelled: ${message}`;
    await settle(db, payout.id, async (current, trx) => {
      if (!unchanged(current)) return;
      await transition(
        trx,
        current,
        'IN_REVIEW',
        PAYPAL,
        {
          reason: why.slice(0, 500),
          paypalConfigured: true,
          set: { send_after: null, send_locked_until: null, send_error: why.slice(0, 1000) },
        },
        now,
      );
    });
    return;
  }
  if (item.status === 'SUCCESS') {
    await settle(db, payout.id, async (current, trx) => {
      if (!unchanged(current)) return;
      await transition(
        trx,
        current,
        'PAID',
        PAYPAL,
        {
          reason: `PayPal item ${itemId}`,
          paypalConfigured: true,
          set: {
            paypal_status: 'SUCCESS',
            paypal_batch_id: item.batchId,
            reference: itemId,
            send_locked_until: null,
            send_error: null,
          },
        },
        now,
      );
    });
  } else if (ROUND_OVER.includes(item.status)) {
    // The new round opens here rather than at the next claim: PayPal's event about the cancelled
    // item, which may come at any moment, is then about an older round and changes nothing.
    await openNextRound(db, payout, now);
  } else {
    await retryLater(db, payout, `The PayPal item of ${round} is ${item.status}, not cancelled yet`, now);
  }
}

/** What PayPal's mail to the partner says about the payment, in the partner's language. */
async function paypalWords(db: Db, payout: Payout): Promise<{ subject: string; note: string }> {
  const locale = await partnerLocale(db, payout.partner_id);
  const t = i18n.getFixedT(isLocale(locale) ? locale : 'en', 'mail');
  const vars = { program: BRAND.programName, id: payout.id };
  return { subject: t('payout_status.paypal_subject', vars), note: t('payout_status.paypal_note', vars) };
}

/** Sends every payout that is due, one at a time; answers how many PayPal accepted. */
export async function sendDuePayouts(
  db: Db,
  paypal: PayPalClient,
  log: Log,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (let payout = await claimNextSend(db, now); payout; payout = await claimNextSend(db, now)) {
    if (payout.paypal_status === UNCLAIMED) {
      await endUnclaimedRound(db, paypal, log, payout, now);
      continue;
    }
    const batchId = senderBatchId(payout);
    let answer: Awaited<ReturnType<PayPalClient['createPayout']>>;
    try {
      answer = await paypal.createPayout({
        senderBatchId: batchId,
        senderItemId: batchId,
        receiver: payout.paypal_email,
        amountCents: payout.amount_cents,
        currency: payout.currency,
        ...(await paypalWords(db, payout)),
      });
    } catch (error) {
      if (error instanceof PayPalTransientError) {
        log.warn(
          { payout: payout.id, attempts: payout.send_attempts, err: error.message },
          'paypal send failed; retried later with the same sender_batch_id',
        );
        await retryLater(db, payout, error.message, now);
        continue;
      }
      // PayPal refused it for good (or it cannot be asked): staff look at it again.
      const refused = error instanceof PayPalRefusedError;
      const why = refused
        ? `PayPal refused the payout: ${error.message}`
        : `The payout could not be sent: ${error instanceof Error ? error.message : String(error)}`;
      await settle(db, payout.id, async (current, trx) => {
        if (!READY.includes(current.status)) return;
        await transition(
          trx,
          current,
          'IN_REVIEW',
          PAYPAL,
          {
            reason: why.slice(0, 500),
            paypalConfigured: true,
            set: {
              send_after: null,
              send_locked_until: null,
              send_error: why.slice(0, 1000),
              paypal_batch_id: null,
              paypal_status: refused ? REFUSED : NOT_SENT,
            },
          },
          now,
        );
      });
      continue;
    }
    // Outside the try: PayPal has the batch now. If this write fails, the claim's lease runs out and
    // the next attempt of the same round gets PayPal's duplicate answer, never a second batch.
    // A duplicate answer means an earlier attempt of this round reached PayPal after all: that
    // batch is the payment. Without its id, PayPal's webhook will name it. (A webhook may have
    // settled the payout already while we waited: then it holds PayPal's word.)
    await recordSent(db, payout.id, {
      paypal_batch_id: answer.batchId,
      paypal_status: answer.batchStatus ?? (answer.duplicate ? 'DUPLICATE' : null),
      send_error: answer.batchId ? null : 'PayPal already holds this batch; waiting for its webhook',
    });
    sent++;
  }
  return sent;
}

/** Applies PayPal's outcome for the payout's item: PAID, back to review, or still waiting. */
async function applyOutcome(
  db: Db,
  payoutId: number,
  outcome: {
    round: string;
    itemId: string | null;
    batchId: string | null;
    status: string;
    error: string | null;
  },
  now: Date,
): Promise<void> {
  await settle(db, payoutId, async (payout, trx) => {
    // Word about an older round (a payment that failed before a re-approval) changes nothing now.
    if (senderBatchId(payout) !== outcome.round) return;
    // An item left unclaimed may still be claimed while staff look at the payout: then it is paid.
    const claimedMeanwhile =
      isOpen(payout.status) && payout.paypal_status === UNCLAIMED && outcome.status === 'SUCCESS';
    if (!READY.includes(payout.status) && !claimedMeanwhile) return;
    // Approved again after this round went unclaimed: the send job is cancelling its item and asks
    // PayPal what became of it. Only a claim settles the payout from here (paid, once).
    if (payout.paypal_status === UNCLAIMED && outcome.status !== 'SUCCESS') return;
    const set = {
      paypal_item_id: outcome.itemId,
      paypal_status: outcome.status,
      paypal_batch_id: outcome.batchId ?? payout.paypal_batch_id,
    };
    if (outcome.status === 'SUCCESS') {
      await transition(
        trx,
        payout,
        'PAID',
        PAYPAL,
        {
          reason: outcome.itemId ? `PayPal item ${outcome.itemId}` : null,
          paypalConfigured: true,
          set: { ...set, reference: outcome.itemId },
        },
        now,
      );
    } else if (FAILURES.has(outcome.status)) {
      const why = `PayPal: ${outcome.status}${outcome.error ? ` (${outcome.error})` : ''}`;
      // The batch is done with: a new approval starts a new round.
      await transition(
        trx,
        payout,
        'IN_REVIEW',
        PAYPAL,
        {
          reason: why.slice(0, 500),
          paypalConfigured: true,
          set: { ...set, paypal_batch_id: null, send_after: null, send_error: why.slice(0, 1000) },
        },
        now,
      );
    } else {
      await markChecked(trx, payout.id, nowIso(now), set);
    }
  });
}

/** Asks PayPal about every batch sent and not settled yet (webhooks may be lost). */
export async function pollSentPayouts(
  db: Db,
  paypal: PayPalClient,
  log: Log,
  now = new Date(),
): Promise<number> {
  const due = await sentPayoutsToCheck(db, new Date(now.getTime() - RECHECK_MS).toISOString());
  for (const payout of due) {
    try {
      const batch = await paypal.getPayoutBatch(payout.paypal_batch_id!);
      const item = batch.items.find((i) => i.senderItemId === senderBatchId(payout)) ?? batch.items[0];
      await applyOutcome(
        db,
        payout.id,
        {
          round: batch.senderBatchId,
          itemId: item?.itemId ?? null,
          batchId: batch.batchId,
          status: item?.transactionStatus ?? batch.batchStatus,
          error: item?.error ?? null,
        },
        now,
      );
    } catch (error) {
      log.warn(
        { payout: payout.id, err: error instanceof Error ? error.message : String(error) },
        'paypal batch check failed; asked again later',
      );
      await markChecked(db, payout.id, nowIso(now));
    }
  }
  return due.length;
}

/** A verified PayPal webhook event about a payout item. */
/** The payout an event's sender_item_id names ("42", or "42-2" for a later round), when the portal has it. */
export async function payoutOfEvent(db: Db, senderItemId: string): Promise<Payout | undefined> {
  const match = /^(\d{1,10})(?:-\d{1,4})?$/.exec(senderItemId);
  return match && Number(match[1]) <= MAX_ID ? await findPayout(db, Number(match[1])) : undefined;
}

// The webhook's record of the transmissions PayPal confirmed (routes.ts reads it through this file).
export { rememberVerified, verifiedBefore } from './paypal-repository';

export async function applyPayPalEvent(
  db: Db,
  event: PayPalPayoutEvent,
  now = new Date(),
): Promise<'applied' | 'unknown'> {
  const payout = await payoutOfEvent(db, event.senderItemId);
  if (!payout) return 'unknown';
  await applyOutcome(
    db,
    payout.id,
    {
      round: event.senderItemId,
      itemId: event.itemId,
      batchId: event.batchId,
      status: event.transactionStatus,
      error: event.error,
    },
    now,
  );
  return 'applied';
}
