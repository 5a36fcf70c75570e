// Notifications a partner reads in the bell and the sales list: one per attributed sale,
// created once (dedupe key), in the partner's language.
import { isLocale } from '../../../common/i18n';
import type { Db } from '../../db';
import type { NotificationsTable } from '../../db/schema';
import { nowIso } from '../../db/dialect';
import { i18n } from '../../i18n';

// A formatter costs far more to build than to use: one per language and currency.
const formatters = new Map<string, Intl.NumberFormat>();
/** An amount as a partner reads it in their language (notifications, e-mails). */
export const formatMoney = (cents: number, locale: string, currency = 'USD') => {
  const tag = locale === 'fr' ? 'fr-CA' : 'en-US';
  let format = formatters.get(`${tag}:${currency}`);
  if (!format) formatters.set(`${tag}:${currency}`, (format = new Intl.NumberFormat(tag, { style: 'currency', currency })));
  return format.format(cents / 100);
};

/** The sale notification of an order; answers the partner's uuid when one was created. */
export async function notifySale(db: Db, orderId: number): Promise<{ uuid: string; notificationId: number } | undefined> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('partners', 'partners.id', 'orders.partner_id')
    .leftJoin('earnings', (j) => j.onRef('earnings.order_id', '=', 'orders.id').on('earnings.kind', '=', 'sale'))
    .select(['orders.id', 'orders.order_number', 'orders.voucher_id', 'partners.id as partner_id', 'partners.uuid', 'partners.locale', 'earnings.amount_cents', 'earnings.status'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!row || row.voucher_id !== null || row.amount_cents === null) return undefined;
  const lng = isLocale(row.locale) ? row.locale : 'en';
  const notificationId = await addNotification(db, {
    partnerId: row.partner_id,
    kind: 'sale',
    title: i18n.t('notifications_server.sale_title', { lng }),
    body: i18n.t('notifications_server.sale_body', { lng, order: row.order_number, amount: formatMoney(row.amount_cents, lng) }),
    data: { order_id: row.id, order_number: row.order_number, commission: row.amount_cents / 100, status: row.status },
    dedupeKey: `sale:${row.id}`,
    at: nowIso(),
  });
  return notificationId === undefined ? undefined : { uuid: row.uuid, notificationId };
}

export interface NewNotification {
  partnerId: number;
  kind: NotificationsTable['kind'];
  title: string;
  body: string;
  data?: Record<string, unknown>;
  /** Makes the notification once: a second insert with the same key does nothing. */
  dedupeKey: string;
  at: string;
}

/** Writes a notification once per dedupe key; answers its id, or undefined when it existed. */
export async function addNotification(db: Db, n: NewNotification): Promise<number | undefined> {
  const inserted = await db
    .insertInto('notifications')
    .values({
      partner_id: n.partnerId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      data: n.data ? JSON.stringify(n.data) : null,
      dedupe_key: n.dedupeKey,
      read_at: null,
      created_at: n.at,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}
