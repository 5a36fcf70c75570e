// The partner hears of every status change of their payout (docs/product/payouts.md, docs/product/engagement.md#mail-a-partner-receives): a bell
// notification, a transactional e-mail and a live push, in their language. Runs as a queued job
// written in the same transaction as the change, so none is lost; the notification's and the
// mail's dedupe keys make a retried job write nothing twice.
//
// The e-mail is not sent here: the job runs inside a transaction, and a mail cannot be rolled
// back (nor should a slow SMTP server hold the transaction open). It is a `payout_status` row of
// the mail outbox, written in the job's transaction and sent by the outbox's round after the
// commit (decisions/047).
import { statusLabelKey } from '../../../common/statuses';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { addNotification, type Phrase } from '../notifications/service';
import { queuePayoutStatusMail } from '../program-mail/service';
import { laterEventAtSameTime, payoutEventForPartner } from './repository';

/**
 * Answers what to do once the job's writes are committed (the live push, and waking the mail's
 * send round when a mail was queued), or nothing.
 */
export async function notifyPayoutChange(
  db: Db,
  deps: { push: (uuid: string, payload: Record<string, unknown>) => void; mailQueued: () => void },
  eventId: number,
): Promise<(() => void) | undefined> {
  const event = await payoutEventForPartner(db, eventId);
  if (!event || event.from_status === null) return undefined;
  // A status passed through in the same change (approved, then at once sent to the manager
  // stage) is not news: the partner hears of where it landed.
  const later = await laterEventAtSameTime(db, event);
  const push = () => deps.push(event.uuid, { payout_id: event.payout_id, status: event.status });
  if (later) return push;
  const paid = event.to_status === 'PAID';
  const amount = { money: event.amount_cents, currency: event.currency };
  const body: Phrase[] = [
    paid
      ? { key: 'notifications_server.payout_paid_body', params: { amount, email: event.paypal_email } }
      : {
          key: 'notifications_server.payout_body',
          params: { amount, status: { key: statusLabelKey(event.to_status) } },
        },
  ];
  // Staff's reasons are for the partner; PayPal's and the system's are technical, for staff.
  const reason = event.actor_kind === 'staff' && !paid ? event.reason : null;
  if (reason) body.push({ key: 'notifications_server.payout_reason', params: { reason } });
  await addNotification(db, {
    partnerId: event.partner_id,
    kind: 'payout',
    locale: event.locale,
    words: { title: { key: 'notifications_server.payout_title' }, body },
    data: { payout_id: event.payout_id, status: event.to_status },
    dedupeKey: `payout-event:${event.id}`,
    at: nowIso(),
  });
  // The mail's facts (not its words: they are written when it is sent, in the partner's language
  // then) go into the outbox in this transaction. Its key is the event's: queued once.
  const queued = await queuePayoutStatusMail(db, event.partner_id, event.id, {
    status: event.to_status,
    amount_cents: event.amount_cents,
    currency: event.currency,
    paypal_email: event.paypal_email,
    reason,
  });
  return () => {
    push();
    if (queued) deps.mailQueued();
  };
}
