// The partner hears of every status change of their payout (decisions §7, §12): a bell
// notification, a transactional e-mail and a live push, in their language. Runs as a queued job
// written in the same transaction as the change, so none is lost; the notification's dedupe key
// makes a retried job send nothing twice.
import { isLocale } from '../../../common/i18n';
import type { Locale } from '../../../common/i18n';
import { statusLabelKey } from '../../../common/statuses';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { i18n } from '../../i18n';
import type { Mailer } from '../../integrations/mail/mailer';
import { payoutStatusMail } from '../../integrations/mail/templates';
import { addNotification, formatMoney } from '../notifications/service';


/** Answers the live push to make once the job's writes are committed, or nothing. */
export async function notifyPayoutChange(
  db: Db,
  deps: { mailer: Mailer; publicUrl: string; push: (uuid: string, payload: Record<string, unknown>) => void },
  eventId: number,
): Promise<(() => void) | undefined> {
  const event = await db
    .selectFrom('payout_events')
    .innerJoin('payouts', 'payouts.id', 'payout_events.payout_id')
    .innerJoin('partners', 'partners.id', 'payouts.partner_id')
    .select(['payout_events.id', 'payout_events.at', 'payout_events.payout_id', 'payout_events.to_status', 'payout_events.from_status', 'payout_events.reason', 'payout_events.actor_kind', 'payouts.amount_cents', 'payouts.currency', 'payouts.paypal_email', 'payouts.status', 'partners.id as partner_id', 'partners.uuid', 'partners.email', 'partners.first_name', 'partners.locale'])
    .where('payout_events.id', '=', eventId)
    .executeTakeFirst();
  if (!event || event.from_status === null) return undefined;
  // A status passed through in the same change (approved, then at once sent to the manager
  // stage) is not news: the partner hears of where it landed.
  const later = await db
    .selectFrom('payout_events')
    .select('id')
    .where('payout_id', '=', event.payout_id)
    .where('id', '>', event.id)
    .where('at', '=', event.at)
    .executeTakeFirst();
  const push = () => deps.push(event.uuid, { payout_id: event.payout_id, status: event.status });
  if (later) return push;
  const lng: Locale = isLocale(event.locale) ? event.locale : 'en';
  const amount = formatMoney(event.amount_cents, lng, event.currency);
  const statusLabel = i18n.t(statusLabelKey(event.to_status), { lng });
  const paid = event.to_status === 'PAID';
  const vars = { lng, amount, status: statusLabel, email: event.paypal_email };
  const body = [paid ? i18n.t('notifications_server.payout_paid_body', vars) : i18n.t('notifications_server.payout_body', vars)];
  // Staff's reasons are for the partner; PayPal's and the system's are technical, for staff.
  const reason = event.actor_kind === 'staff' && !paid ? event.reason : null;
  if (reason) body.push(i18n.t('notifications_server.payout_reason', { lng, reason }));
  const inserted = await addNotification(db, {
    partnerId: event.partner_id,
    kind: 'payout',
    title: i18n.t('notifications_server.payout_title', { lng }),
    body: body.join(' '),
    data: { payout_id: event.payout_id, status: event.to_status },
    dedupeKey: `payout-event:${event.id}`,
    at: nowIso(),
  });
  if (inserted === undefined) return push;
  // Sent inside the job's transaction: if the commit fails the job runs again and may send it
  // twice, which is better than never (decisions/020).
  await deps.mailer.send(
    payoutStatusMail(
      { email: event.email, firstName: event.first_name, locale: lng },
      { amount, statusLabel, paid, paypalEmail: event.paypal_email, reason },
      `${deps.publicUrl}/account/cashout`,
    ),
  );
  return push;
}
