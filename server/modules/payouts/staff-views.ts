// What staff read about payouts (docs/product/payouts.md, docs/product/back-office.md#partners): the queue and one payout with its partner,
// earnings, fraud signals and history. Part of the payouts service; their queries are in
// staff-views-repository.ts.
import type { Readable } from 'node:stream';
import { major } from '../../../common/currency';
import type { Locale } from '../../../common/i18n';
import type { Db } from '../../db';
import type { Payout, PayoutStatus } from '../../db/schema';
import { notFound } from '../../errors';
import { csvMoney, csvStream, pagesAfter } from '../../plugins/csv';
import { readPayoutRules } from '../settings/service';
import type { StaffRole } from '../staff/service';
import { CLOSED_STATUSES, lifetimePaidCents, payoutCountsByStatus, payoutEvents } from './repository';
import { allowedActions, label, senderBatchId, stageOf } from './service';
import {
  countPartnerPayouts,
  countVoucherOrders,
  earningsInReview,
  invoiceOfPayout,
  ordersByCustomerEmails,
  payoutLines,
  payoutWithPartner,
  queueCount,
  queuePage,
  queueRowsAfter,
} from './staff-views-repository';
import type { StatusFilter } from './staff-views-repository';

/** Where PayPal stands with the payout, for the queue. */
function paypalState(
  p: Pick<Payout, 'status' | 'send_after' | 'paypal_batch_id' | 'send_error'>,
): 'queued' | 'sent' | 'failed' | null {
  if (p.paypal_batch_id !== null && stageOf(p.status) === 'payment') return 'sent';
  if (p.send_after !== null) return p.send_error ? 'failed' : 'queued';
  return null;
}

type ListRow = Payout & { uuid: string; first_name: string; last_name: string; email: string };

function listRowJson(p: ListRow, locale: Locale) {
  return {
    id: p.id,
    partner: { uuid: p.uuid, name: `${p.first_name} ${p.last_name}`, email: p.email },
    amount: major(p.amount_cents),
    currency: p.currency,
    status: p.status,
    status_label: label(p.status, locale),
    stage: stageOf(p.status),
    earnings_count: p.earnings_count,
    created_at: p.created_at,
    updated_at: p.updated_at,
    paypal_state: paypalState(p),
  };
}

export type { StatusFilter } from './staff-views-repository';

export async function payoutQueue(
  db: Db,
  filter: { status?: StatusFilter; q?: string | undefined; page: number; length: number },
  locale: Locale,
) {
  const [rows, n, byStatus] = await Promise.all([
    // Oldest first while waiting (a queue); newest first once settled.
    queuePage(
      db,
      filter,
      filter.status === 'open' || (filter.status && !CLOSED_STATUSES.includes(filter.status))
        ? 'asc'
        : 'desc',
      filter.page,
      filter.length,
    ),
    queueCount(db, filter),
    payoutCountsByStatus(db),
  ]);
  return {
    data: rows.map((r) => listRowJson(r, locale)),
    current_page: filter.page,
    per_page: filter.length,
    last_page: Math.max(1, Math.ceil(n / filter.length)),
    total: n,
    counts: {
      ...byStatus,
      open: Object.entries(byStatus)
        .filter(([s]) => !CLOSED_STATUSES.includes(s as PayoutStatus))
        .reduce((sum, [, v]) => sum + v, 0),
    },
  };
}

export async function payoutDetail(
  db: Db,
  payoutId: number,
  staff: { id: number; role: StaffRole },
  paypalConfigured: boolean,
  locale: Locale,
  now = new Date(),
) {
  const payout = await payoutWithPartner(db, payoutId);
  if (!payout) throw notFound();
  const partnerId = payout.partner_id;
  const [rules, invoice, earnings, events, paidTotal, payoutsCount, selfPurchases, ownVoucher, inReview] =
    await Promise.all([
      readPayoutRules(db),
      invoiceOfPayout(db, payoutId),
      // While open, the earnings it holds now; once settled, what it held when requested.
      payoutLines(db, payoutId),
      payoutEvents(db, payoutId),
      lifetimePaidCents(db, partnerId),
      countPartnerPayouts(db, partnerId),
      // Orders bought by the partner themself: the customer e-mail is theirs or their PayPal's.
      ordersByCustomerEmails(db, partnerId, [
        payout.email.toLowerCase(),
        (payout.partner_paypal ?? payout.email).toLowerCase(),
        payout.paypal_email.toLowerCase(),
      ]),
      countVoucherOrders(db, partnerId),
      earningsInReview(db, partnerId),
    ]);
  const p = payout as unknown as ListRow & typeof payout;
  return {
    payout: {
      ...listRowJson(p, locale),
      paypal_email: payout.paypal_email,
      reference: payout.reference,
      reason: payout.reason,
      fraudulent: payout.fraudulent === 1,
      invoice: invoice
        ? { id: invoice.id, number: invoice.number, pdf_url: `/api/manager/invoices/${invoice.id}/pdf` }
        : null,
      paypal:
        payout.send_round > 0 || payout.paypal_batch_id
          ? {
              sender_batch_id: senderBatchId(payout),
              batch_id: payout.paypal_batch_id,
              status: payout.paypal_status,
              error: payout.send_error,
            }
          : null,
    },
    partner: {
      uuid: payout.uuid,
      name: `${payout.first_name} ${payout.last_name}`,
      email: payout.email,
      paypal_email: payout.partner_paypal,
      verified: payout.verified === 1,
      country: payout.country,
      created_at: payout.partner_since,
      lifetime_paid: major(paidTotal),
      payouts_count: payoutsCount,
    },
    earnings: earnings.map((e) => ({
      id: e.id,
      kind: e.kind,
      order_number: e.order_number,
      date: e.occurred_at,
      product: e.product,
      amount: major(e.amount_cents),
      status: e.status,
    })),
    signals: {
      self_purchase: selfPurchases.map((o) => ({
        order_number: o.order_number,
        date: o.placed_at,
        customer_email: o.customer_email,
      })),
      own_voucher_orders: ownVoucher,
      in_review_earnings: inReview.count,
      in_review_amount: major(inReview.cents),
    },
    history: events.map((e) => ({
      at: e.at,
      from: e.from_status,
      to: e.to_status,
      from_label: e.from_status ? label(e.from_status, locale) : null,
      to_label: label(e.to_status, locale),
      actor:
        e.actor_kind === 'partner'
          ? `${e.actor_name} (partner)`
          : e.actor_kind === 'paypal'
            ? 'PayPal'
            : e.actor_name,
      actor_kind: e.actor_kind,
      actor_name: e.actor_name,
      reason: e.reason,
    })),
    actions: allowedActions(payout, staff, paypalConfigured, now),
    threshold: major(rules.managerThresholdCents),
    paypal_configured: paypalConfigured,
  };
}

const CSV_COLUMNS = [
  'payout_id',
  'partner_uuid',
  'partner_name',
  'partner_email',
  'paypal_email',
  'amount',
  'currency',
  'status',
  'stage',
  'earnings',
  'requested_at',
  'paid_at',
  'reference',
  'invoice',
  'reason',
] as const;
const CSV_PAGE = 1000;

/**
 * `GET /api/manager/payouts.csv` (docs/product/back-office.md#exports): the queue's rows, every page, oldest first,
 * streamed a page at a time (server/plugins/csv.ts).
 */
export function payoutsCsv(
  db: Db,
  filter: { status?: StatusFilter; q?: string | undefined },
): Promise<Readable> {
  const page = (after: number) => queueRowsAfter(db, filter, after, CSV_PAGE);
  return csvStream(
    CSV_COLUMNS,
    pagesAfter(page, (r) => r.id, CSV_PAGE),
    (r) => [
      r.id,
      r.uuid,
      `${r.first_name} ${r.last_name}`,
      r.email,
      r.paypal_email,
      csvMoney(r.amount_cents),
      r.currency,
      r.status,
      stageOf(r.status),
      r.earnings_count,
      r.created_at,
      r.paid_at,
      r.reference,
      r.invoice_number,
      r.reason,
    ],
  );
}
