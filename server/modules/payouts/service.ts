// Cash-out (docs/product/payouts.md#cash-out, docs/product/back-office.md#partners): a partner's request gathers every approved earning and adjustment
// into one payout with its invoice, in one transaction; staff review it in one or two stages; it is
// paid by PayPal (or marked paid by hand while PayPal is not configured). Every status change is a
// conditional update (the status read must still hold), an event (from, to, who, when, why), moves
// the payout's earnings with it, and queues the partner's notification in the same transaction.
import { paypalHoldUntil } from '../../../common/account-changes';
import { localDay } from '../../../common/calendar';
import { BRAND } from '../../../common/brand';
import { major } from '../../../common/currency';
import type { Locale } from '../../../common/i18n';
import { LIST_EXPORT_MAX, type ListRangeQuery, listWindow } from '../../../common/list-range';
import { hasRole } from '../../../common/staff-roles';
import type { Db } from '../../db';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import { retryOnConflict } from '../../db/retry';
import type { Payout, PayoutStatus } from '../../db/schema';
import type { InvoiceSettlement } from './invoice-pdf';
import { AppError, notFound } from '../../errors';
import type { ApiMessageKey } from '../../errors';
import { statusLabel } from '../../i18n';
import { csvMoney, type CsvValue } from '../../plugins/csv';
import { csvDay } from '../../plugins/list-export';
import { enqueueJob } from '../../jobs/queue';
import { recordAudit } from '../audit/service';
import { findPartnerById } from '../partners/service';
import { foldAdjustmentsBack, moveEarnings, programTimeZone, rangeWindow } from '../ledger/service';
import { payoutRulesOf, readPayoutRules } from '../settings/service';
import type { StaffRole } from '../staff/service';
import {
  approvedAdjustmentsOfOrders,
  CLOSED_STATUSES,
  earningsInPayout,
  findOpenPayout,
  findPayout,
  insertInvoice,
  insertPayout,
  insertPayoutEvent,
  invoiceOfPartner,
  invoicePage,
  latestPaidPayout,
  nextInvoiceSeq,
  cashOutProfile,
  payoutCountsByStatus,
  payoutItems,
  recentPayouts,
  setPayoutTotal,
  snapshotPayoutItems,
  updatePayoutIfUnchanged,
} from './repository';
import type { PayoutRow } from './repository';
import { readProgramCurrency } from '../settings';

export const label = (status: PayoutStatus, locale: Locale) => statusLabel(status, locale);

export const PAYOUT_CHANGED_JOB = 'payout_changed';

export type Blocker =
  'email_not_verified' | 'paypal_email_missing' | 'paypal_email_recent' | 'below_minimum' | 'payout_open';

const BLOCKER_MESSAGES: Record<Blocker, ApiMessageKey> = {
  email_not_verified: 'payout_email_not_verified',
  paypal_email_missing: 'payout_paypal_missing',
  paypal_email_recent: 'payout_paypal_hold',
  below_minimum: 'payout_below_minimum',
  payout_open: 'payout_open',
};

export const invoicePdfUrl = (invoiceId: number) => `/api/invoices/${invoiceId}/pdf`;

/** The cash-out row of the partner API (docs/product/errors-and-languages.md#the-api-conventions). */
export function cashoutJson(p: PayoutRow, locale: Locale) {
  return {
    id: p.id,
    amount: major(p.amount_cents),
    currency: p.currency,
    status: p.status,
    status_label: label(p.status, locale),
    date: p.created_at,
    paid_at: p.paid_at,
    reason: p.reason,
    invoice:
      p.invoice_id !== null
        ? { id: p.invoice_id, number: p.invoice_number!, pdf_url: invoicePdfUrl(p.invoice_id) }
        : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Partner side

export async function payMeNowStats(db: Db, partnerId: number, locale: Locale) {
  // Two reads: the partner with their balances and the program's rules, then the latest payouts.
  // A partner's open payout is always their newest (a new one needs none open), and what was paid
  // to them is their PAID earnings (a payout pays exactly its earnings).
  const [partner, recent, currency] = await Promise.all([
    cashOutProfile(db, partnerId),
    recentPayouts(db, partnerId, 5),
    readProgramCurrency(db),
  ]);
  if (!partner) throw notFound();
  const rules = payoutRulesOf({
    minimumCents: partner.minimum_setting,
    managerThresholdCents: partner.threshold_setting,
  });
  const nextAt = partner.next_payable_at;
  const open = recent[0] && isOpen(recent[0].status) ? recent[0] : undefined;
  const latest =
    recent.find((r) => r.status === 'PAID') ??
    (recent.length === 5 ? await latestPaidPayout(db, partnerId) : undefined);
  const payable = Number(partner.approved_cents);
  const blockers: Blocker[] = [];
  if (!partner.verified) blockers.push('email_not_verified');
  if (!partner.paypal_email) blockers.push('paypal_email_missing');
  // A PayPal e-mail that replaced another waits 72 hours (docs/decisions/063-account-changes.md).
  const holdUntil = partner.paypal_email ? paypalHoldUntil(partner.paypal_email_changed_at) : null;
  if (holdUntil) blockers.push('paypal_email_recent');
  if (payable < rules.minimumCents) blockers.push('below_minimum');
  if (open) blockers.push('payout_open');
  return {
    payable_balance: major(payable),
    pending_balance: major(Number(partner.pending_cents)),
    in_payout_balance: major(Number(partner.in_payout_cents)),
    next_payable_at: nextAt,
    minimum: major(rules.minimumCents),
    currency,
    paypal_email: partner.paypal_email,
    paypal_hold_until: holdUntil,
    can_request: blockers.length === 0,
    blockers,
    open_payout: open ? cashoutJson(open, locale) : null,
    lifetime_paid: major(Number(partner.paid_cents)),
    recent_cashouts: recent.map((r) => cashoutJson(r, locale)),
    latest_paid: latest ? cashoutJson(latest, locale) : null,
  };
}

/** The dashboard's "latest paid cash-out" metric. */
export async function latestPaidCashout(
  db: Db,
  partnerId: number,
): Promise<{ amount: number; date: string } | null> {
  const latest = await latestPaidPayout(db, partnerId);
  return latest ? { amount: major(latest.amount_cents), date: latest.paid_at ?? latest.updated_at } : null;
}

const addressLines = (p: {
  address_1: string | null;
  address_2: string | null;
  po_box: string | null;
  city: string | null;
  state: string | null;
  postal: string | null;
  country: string | null;
}) =>
  [
    p.address_1,
    p.address_2,
    p.po_box,
    [p.city, p.state, p.postal].filter(Boolean).join(' '),
    p.country,
  ].filter((line): line is string => Boolean(line && line.trim()));

/**
 * Pay me now: one payout holding every approved earning and adjustment of the partner, with its
 * invoice, in one transaction. However many requests arrive at once, on however many nodes, the
 * unique index on open payouts lets one through, and each earning moves only from APPROVED.
 */
export async function requestPayout(db: Db, partnerId: number, locale: Locale, now = new Date()) {
  let payoutId: number;
  try {
    payoutId = await retryOnConflict(() =>
      db.transaction().execute(async (trx) => {
        const partner = await findPartnerById(trx, partnerId);
        if (!partner) throw notFound();
        // Suspended (docs/product/back-office.md#suspension): nothing is gathered, whatever the balance.
        if (partner.status === 'suspended') throw new AppError(403, 'payout_suspended');
        const [rules, currency] = await Promise.all([readPayoutRules(trx), readProgramCurrency(trx)]);
        if (!partner.verified) throw new AppError(422, BLOCKER_MESSAGES.email_not_verified);
        if (!partner.paypal_email) throw new AppError(422, BLOCKER_MESSAGES.paypal_email_missing);
        if (paypalHoldUntil(partner.paypal_email_changed_at, now))
          throw new AppError(422, BLOCKER_MESSAGES.paypal_email_recent);
        if (await findOpenPayout(trx, partnerId)) throw new AppError(422, BLOCKER_MESSAGES.payout_open);
        const at = nowIso(now);
        // The open payout row comes first: a concurrent request waits on the unique index here
        // and then fails, before it touches any earning.
        const payout = await insertPayout(trx, {
          partner_id: partnerId,
          status: 'PENDING',
          amount_cents: 0,
          currency,
          paypal_email: partner.paypal_email,
          earnings_count: 0,
          reason: null,
          approved_by: null,
          reference: null,
          paid_at: null,
          created_at: at,
          updated_at: at,
          send_after: null,
          send_locked_until: null,
          send_error: null,
          paypal_batch_id: null,
          paypal_item_id: null,
          paypal_status: null,
          checked_at: null,
        });
        const moved = await moveEarnings(
          trx,
          { partnerId, from: 'APPROVED', inPayout: null },
          { status: 'IN_PAYOUT', payoutId: payout.id },
          `cash-out requested (payout ${payout.id})`,
          `partner:${partnerId}`,
          now,
        );
        const amount = moved.reduce((sum, e) => sum + e.amount_cents, 0);
        // Adjustments count too: the balance that is paid must reach the minimum.
        if (moved.length === 0 || amount < rules.minimumCents)
          throw new AppError(422, BLOCKER_MESSAGES.below_minimum);
        await setPayoutTotal(trx, payout.id, amount, moved.length);
        await snapshotPayoutItems(trx, payout.id);
        await recordEvent(
          trx,
          payout.id,
          null,
          'PENDING',
          { kind: 'partner', id: partnerId, name: `${partner.first_name} ${partner.last_name}` },
          null,
          now,
        );
        // The year of the program's time zone (decisions/054): a cash-out on New Year's Eve evening in Montréal is that year's.
        const year = Number(localDay(now, await programTimeZone(trx)).slice(0, 4));
        // Last, so the counter row (one per year, shared by every partner) is held for the shortest time.
        const seq = await nextInvoiceSeq(trx, year);
        await insertInvoice(trx, {
          number: `INV-${year}-${String(seq).padStart(6, '0')}`,
          year,
          seq,
          partner_id: partnerId,
          payout_id: payout.id,
          amount_cents: amount,
          currency,
          locale: partner.locale,
          billing: JSON.stringify({
            program: {
              name: BRAND.programName,
              legalName: BRAND.legalName,
              addressLines: [...BRAND.address],
              email: BRAND.supportEmail,
            },
            partner: {
              name: `${partner.first_name} ${partner.last_name}`,
              email: partner.email,
              paypalEmail: partner.paypal_email,
              addressLines: addressLines(partner),
            },
          }),
          issued_at: at,
        });
        return payout.id;
      }),
    );
  } catch (error) {
    // Another request of the same partner opened a payout first (payouts_one_open).
    if (isUniqueViolation(error)) throw new AppError(422, BLOCKER_MESSAGES.payout_open);
    throw error;
  }
  const row = (await recentPayouts(db, partnerId, 1)).find((r) => r.id === payoutId)!;
  const json = cashoutJson(row, locale);
  return { ...json, invoice: json.invoice! };
}

export async function partnerInvoices(
  db: Db,
  partnerId: number,
  paging: { page: number; length: number } & ListRangeQuery,
  locale: Locale,
) {
  const { rows, total } = await invoicePage(
    db,
    partnerId,
    paging.length,
    (paging.page - 1) * paging.length,
    await rangeWindow(db, paging),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      number: r.number,
      amount: major(r.amount_cents),
      status: r.status,
      status_label: label(r.status, locale),
      date: r.issued_at,
      pdf_url: invoicePdfUrl(r.id),
      payout_id: r.payout_id,
      paid_at: r.paid_at,
    })),
    current_page: paging.page,
    per_page: paging.length,
    last_page: Math.max(1, Math.ceil(total / paging.length)),
    total,
  };
}

/**
 * The partner's invoices of a range (by the day each was issued, the day the list shows) as CSV
 * rows (plugins/list-export.ts), the newest first, each in its own currency.
 */
export async function partnerInvoicesCsv(db: Db, partnerId: number, range: ListRangeQuery, locale: Locale) {
  const zone = await programTimeZone(db);
  const { rows, total } = await invoicePage(db, partnerId, LIST_EXPORT_MAX, 0, listWindow(range, zone));
  const columns = ['date', 'invoice', 'amount', 'currency', 'status', 'paid_on'] as const;
  return {
    columns,
    total,
    rows: rows.map((r): CsvValue[] => {
      const c = {
        date: csvDay(r.issued_at, zone),
        invoice: r.number,
        amount: csvMoney(r.amount_cents),
        currency: r.currency,
        status: label(r.status, locale),
        paid_on: csvDay(r.paid_at, zone),
      };
      return columns.map((k) => c[k]);
    }),
  };
}

/** Where an invoice's money stands: paid, refused by a reviewer (never paid), or on its way. */
const settlementOf = (status: PayoutStatus): InvoiceSettlement =>
  status === 'PAID'
    ? 'paid'
    : status === 'REJECTED' || status === 'MANAGER_REJECTED'
      ? 'not_paid'
      : 'to_be_paid';

/** The invoice as a document to render; a partner asking for another's gets 404 (`partnerId`). */
export async function invoiceDocument(db: Db, invoiceId: number, partnerId?: number) {
  const invoice = await invoiceOfPartner(db, invoiceId, partnerId);
  if (!invoice) throw notFound();
  const billing = JSON.parse(invoice.billing) as {
    program: { name: string; legalName?: string; addressLines: string[]; email: string };
    partner: { name: string; email: string; paypalEmail: string; addressLines: string[] };
  };
  const items = await payoutItems(db, invoice.payout_id);
  const locale = invoice.locale === 'fr' ? 'fr' : 'en';
  return {
    locale,
    number: invoice.number,
    issuedAt: invoice.issued_at,
    currency: invoice.currency,
    statusLabel: label(invoice.status, locale),
    paidAt: invoice.paid_at,
    settlement: settlementOf(invoice.status),
    reference: invoice.reference,
    program: billing.program,
    partner: billing.partner,
    lines: items.map((i) => ({
      kind: i.kind,
      orderNumber: i.order_number,
      date: i.occurred_at,
      product: i.product,
      amountCents: i.amount_cents,
    })),
    totalCents: invoice.amount_cents,
    timeZone: await programTimeZone(db),
  };
}

// ---------------------------------------------------------------------------------------------
// Transitions

export interface Actor {
  kind: 'partner' | 'staff' | 'system' | 'paypal';
  id: number | null;
  name: string;
}

async function recordEvent(
  db: Db,
  payoutId: number,
  from: PayoutStatus | null,
  to: PayoutStatus,
  actor: Actor,
  reason: string | null,
  now: Date,
): Promise<number> {
  return insertPayoutEvent(db, {
    payout_id: payoutId,
    at: nowIso(now),
    from_status: from,
    to_status: to,
    actor_kind: actor.kind,
    actor_id: actor.id,
    actor_name: actor.name.slice(0, 200),
    reason: reason?.slice(0, 500) ?? null,
  });
}

/** The audit log's verb of a staff decision, by the status it leads to (migration 021 names past ones the same). */
const STAFF_VERBS: Record<PayoutStatus, string> = {
  PENDING: 'update',
  APPROVED: 'approve',
  MANAGER_APPROVED: 'approve',
  REJECTED: 'reject',
  MANAGER_REJECTED: 'reject',
  IN_REVIEW: 'review',
  MANAGER_IN_REVIEW: 'review',
  PAID: 'mark_paid',
};

export const staleError = () => new AppError(409, 'payout_stale');

export interface TransitionOptions {
  reason?: string | null;
  fraudulent?: boolean;
  /** Extra columns written with the status (in the same conditional update). */
  set?: Partial<
    Pick<
      Payout,
      | 'reference'
      | 'approved_by'
      | 'paypal_batch_id'
      | 'paypal_item_id'
      | 'paypal_status'
      | 'send_after'
      | 'send_error'
      | 'send_attempts'
      | 'send_locked_until'
    >
  >;
  paypalConfigured: boolean;
}

/**
 * Moves the payout from the status it was read in to `to`, in the caller's transaction; throws 409
 * when another change got there first. Earnings follow: PAID with the payout; back to APPROVED
 * (out of the payout) when it is rejected, or REJECTED when staff mark them fraudulent. A payout
 * approved for payment is queued for PayPal when PayPal is configured.
 */
export async function transition(
  trx: Db,
  payout: Payout,
  to: PayoutStatus,
  actor: Actor,
  options: TransitionOptions,
  now = new Date(),
): Promise<Payout> {
  const at = nowIso(now);
  const reason = options.reason?.trim() || null;
  const readyToPay = to === 'MANAGER_APPROVED' || (to === 'APPROVED' && !(await needsManager(trx, payout)));
  const rejected = to === 'REJECTED' || to === 'MANAGER_REJECTED';
  const updated = await updatePayoutIfUnchanged(trx, payout, {
    status: to,
    updated_at: at,
    // What the partner reads: a staff member's reason for this status. PayPal's and the
    // system's words (technical, in English) stay in the history, for staff.
    reason: to === 'PAID' || readyToPay || actor.kind !== 'staff' ? null : reason,
    ...(to === 'PAID' ? { paid_at: at, send_after: null } : {}),
    ...(rejected ? { fraudulent: options.fraudulent ? 1 : 0, send_after: null } : {}),
    // Sent by the PayPal job from now on (docs/product/payouts.md#paypal); by hand otherwise.
    ...(readyToPay && options.paypalConfigured ? { send_after: at, send_error: null, send_attempts: 0 } : {}),
    ...(to === 'IN_REVIEW' ? { send_after: null } : {}),
    ...options.set,
  });
  if (!updated) throw staleError();
  const eventId = await recordEvent(trx, payout.id, payout.status, to, actor, reason, now);
  // A staff decision is a staff action: a line of the program's audit log too (docs/product/back-office.md#audit-log),
  // beside the payout's own history.
  if (actor.kind === 'staff' && actor.id !== null) {
    const after = {
      status: to,
      ...(reason ? { reason } : {}),
      ...(rejected ? { fraudulent: Boolean(options.fraudulent) } : {}),
      ...(options.set?.reference ? { reference: options.set.reference } : {}),
    };
    await recordAudit(
      trx,
      {
        staffId: actor.id,
        action: `payout.${STAFF_VERBS[to]}`,
        entity: 'payout',
        entityId: payout.id,
        before: { status: payout.status },
        after,
      },
      at,
    );
  }
  const who = `${actor.kind}:${actor.id ?? actor.name}`;
  if (to === 'PAID') {
    await moveEarnings(
      trx,
      { partnerId: payout.partner_id, from: 'IN_PAYOUT', inPayout: payout.id },
      { status: 'PAID', payoutId: payout.id },
      `payout ${payout.id} paid`,
      who,
      now,
    );
  } else if (rejected && options.fraudulent) {
    // What refunds of orders paid by earlier payouts took back is still owed: those adjustments
    // return to the balance. Only the payout's earnings, and refunds of their own orders, go.
    const held = await earningsInPayout(trx, payout.id);
    const ownOrders = new Set(held.filter((e) => e.kind !== 'adjustment').map((e) => e.order_id));
    const owed = held
      .filter(
        (e) =>
          e.kind === 'adjustment' &&
          e.amount_cents < 0 &&
          (e.order_id === null || !ownOrders.has(e.order_id)),
      )
      .map((e) => e.id);
    await moveEarnings(
      trx,
      { partnerId: payout.partner_id, from: 'IN_PAYOUT', inPayout: payout.id, ids: owed },
      { status: 'APPROVED', payoutId: null },
      `payout ${payout.id} rejected as fraudulent: still owed`,
      who,
      now,
    );
    const moved = await moveEarnings(
      trx,
      { partnerId: payout.partner_id, from: 'IN_PAYOUT', inPayout: payout.id },
      { status: 'REJECTED', payoutId: payout.id },
      `payout ${payout.id} rejected as fraudulent: ${reason ?? ''}`.trim(),
      who,
      now,
    );
    // Refunds of these orders recorded while they were in the payout took money back by
    // adjustment: with the earnings gone, there is nothing to take back.
    const orderIds = [...new Set(moved.map((e) => e.order_id).filter((id): id is number => id !== null))];
    for (let i = 0; i < orderIds.length; i += 500) {
      const adjustments = await approvedAdjustmentsOfOrders(
        trx,
        payout.partner_id,
        orderIds.slice(i, i + 500),
      );
      await moveEarnings(
        trx,
        { partnerId: payout.partner_id, from: 'APPROVED', inPayout: null, ids: adjustments.map((a) => a.id) },
        { status: 'REJECTED', payoutId: null },
        `earning of payout ${payout.id} rejected as fraudulent`,
        who,
        now,
      );
    }
  } else if (rejected) {
    const returned = await moveEarnings(
      trx,
      { partnerId: payout.partner_id, from: 'IN_PAYOUT', inPayout: payout.id },
      { status: 'APPROVED', payoutId: null },
      `payout ${payout.id} rejected: earnings returned`,
      who,
      now,
    );
    await foldAdjustmentsBack(
      trx,
      payout.partner_id,
      returned.filter((e) => e.kind !== 'adjustment').map((e) => e.id),
      who,
      now,
    );
  }
  await enqueueJob(trx, PAYOUT_CHANGED_JOB, { payoutId: payout.id, eventId }, now);
  return updated;
}

async function needsManager(db: Db, payout: Payout): Promise<boolean> {
  return payout.amount_cents > (await readPayoutRules(db)).managerThresholdCents;
}

export type ReviewAction = 'approve' | 'reject' | 'review';
export type StaffAction = ReviewAction | 'mark_paid';

const FIRST_STAGE: readonly PayoutStatus[] = ['PENDING', 'IN_REVIEW'];
const PAYMENT_STAGE: readonly PayoutStatus[] = ['APPROVED', 'MANAGER_APPROVED'];
const canManage = (role: StaffRole) => hasRole(role, 'manager');

export type Stage = 'review' | 'manager' | 'payment' | 'closed';
export function stageOf(status: PayoutStatus): Stage {
  if (FIRST_STAGE.includes(status)) return 'review';
  if (status === 'MANAGER_IN_REVIEW') return 'manager';
  if (PAYMENT_STAGE.includes(status)) return 'payment';
  return 'closed';
}

/** Whether PayPal holds the payout now (asked, or being asked): staff must not pull it back then. */
// A send that was attempted and not answered for good may have reached PayPal: until PayPal has
// answered (paid, or failed, which leaves the payment stage), staff cannot take it back.
const withPayPal = (p: Payout, now: Date) =>
  p.paypal_batch_id !== null ||
  p.send_attempts > 0 ||
  (p.send_locked_until !== null && p.send_locked_until > nowIso(now));

/** What this staff member may do with the payout now (docs/product/payouts.md#paypal, docs/product/back-office.md#exports). */
export function allowedActions(
  p: Payout,
  staff: { id: number; role: StaffRole },
  paypalConfigured: boolean,
  now = new Date(),
): StaffAction[] {
  const stage = stageOf(p.status);
  // A PayPal item left unclaimed can still be claimed: rejecting would give its earnings back
  // while the money waits at PayPal. Approving again cancels the item before anything else.
  if (stage === 'review' && p.paypal_status === 'UNCLAIMED') return ['approve'];
  if (stage === 'manager' && p.paypal_status === 'UNCLAIMED')
    return canManage(staff.role) && p.approved_by !== staff.id ? ['approve'] : [];
  if (stage === 'review')
    return p.status === 'PENDING' ? ['approve', 'reject', 'review'] : ['approve', 'reject'];
  if (!canManage(staff.role)) return [];
  if (stage === 'manager')
    return p.approved_by === staff.id ? ['reject', 'review'] : ['approve', 'reject', 'review'];
  if (stage === 'payment') {
    if (withPayPal(p, now)) return [];
    return paypalConfigured ? ['review'] : ['mark_paid', 'review'];
  }
  return [];
}

/**
 * Runs a staff decision on the payout in one transaction: 404 when it is unknown, 409 when the
 * staff member's screen showed another status (`expected`).
 */
async function decide(
  db: Db,
  payoutId: number,
  expected: PayoutStatus | undefined,
  decision: (payout: Payout, trx: Db) => Promise<void>,
): Promise<void> {
  await retryOnConflict(() =>
    db.transaction().execute(async (trx) => {
      const payout = await findPayout(trx, payoutId);
      if (!payout) throw notFound();
      if (expected && expected !== payout.status) throw staleError();
      await decision(payout, trx);
    }),
  );
}

/** A staff decision on a payout; `expected` is the status the staff member's screen showed. */
export async function reviewPayout(
  db: Db,
  input: {
    payoutId: number;
    staff: { id: number; role: StaffRole; name: string };
    action: ReviewAction;
    reason?: string | undefined;
    fraudulent?: boolean | undefined;
    expected?: PayoutStatus | undefined;
    paypalConfigured: boolean;
  },
  now = new Date(),
): Promise<void> {
  await decide(db, input.payoutId, input.expected, async (payout, trx) => {
    const allowed = allowedActions(payout, input.staff, input.paypalConfigured, now);
    if (!allowed.includes(input.action)) {
      if (CLOSED_STATUSES.includes(payout.status)) throw staleError();
      const stage = stageOf(payout.status);
      if (stage !== 'review' && !canManage(input.staff.role))
        throw new AppError(403, 'payout_stage_forbidden');
      if (stage === 'manager' && input.action === 'approve') throw new AppError(403, 'payout_second_person');
      throw new AppError(409, 'payout_action_refused');
    }
    const actor: Actor = { kind: 'staff', id: input.staff.id, name: input.staff.name };
    const options = {
      reason: input.reason ?? null,
      fraudulent: input.fraudulent ?? false,
      paypalConfigured: input.paypalConfigured,
    };
    const stage = stageOf(payout.status);
    if (input.action === 'review') {
      await transition(trx, payout, 'IN_REVIEW', actor, options, now);
    } else if (input.action === 'reject') {
      await transition(
        trx,
        payout,
        stage === 'manager' ? 'MANAGER_REJECTED' : 'REJECTED',
        actor,
        options,
        now,
      );
    } else if (stage === 'manager') {
      await transition(trx, payout, 'MANAGER_APPROVED', actor, options, now);
    } else {
      const approved = await transition(
        trx,
        payout,
        'APPROVED',
        actor,
        { ...options, set: { approved_by: input.staff.id } },
        now,
      );
      // Above the threshold the manager stage follows at once (docs/product/payouts.md#review-and-transitions).
      if (await needsManager(trx, approved)) {
        await transition(
          trx,
          approved,
          'MANAGER_IN_REVIEW',
          { kind: 'system', id: null, name: 'system' },
          { reason: null, paypalConfigured: input.paypalConfigured },
          now,
        );
      }
    }
  });
}

/** A payment made by hand while PayPal is not configured (docs/product/payouts.md#paypal). */
export async function markPayoutPaid(
  db: Db,
  input: {
    payoutId: number;
    staff: { id: number; role: StaffRole; name: string };
    reference: string;
    expected?: PayoutStatus | undefined;
    paypalConfigured: boolean;
  },
  now = new Date(),
): Promise<void> {
  await decide(db, input.payoutId, input.expected, async (payout, trx) => {
    if (input.paypalConfigured) throw new AppError(409, 'payout_paypal_configured');
    if (!canManage(input.staff.role)) throw new AppError(403, 'payout_stage_forbidden');
    if (!allowedActions(payout, input.staff, false, now).includes('mark_paid')) {
      throw CLOSED_STATUSES.includes(payout.status)
        ? staleError()
        : new AppError(409, 'payout_action_refused');
    }
    await transition(
      trx,
      payout,
      'PAID',
      { kind: 'staff', id: input.staff.id, name: input.staff.name },
      {
        reason: `paid by hand, reference ${input.reference}`,
        set: { reference: input.reference },
        paypalConfigured: false,
      },
      now,
    );
  });
}

export { findPayout };

/** Payouts in each status, for the operations gauge of /metrics (plugins/metrics.ts). */
export const payoutsByStatus = (db: Db) => payoutCountsByStatus(db);

/**
 * PayPal's sender_batch_id (and sender_item_id) of the payout's current send round: the payout id
 * (docs/product/payouts.md#paypal), then `<id>-<round>` for a round begun after PayPal failed and staff approved again.
 */
export function senderBatchId(p: Pick<Payout, 'id' | 'send_round'>): string {
  return p.send_round <= 1 ? String(p.id) : `${p.id}-${p.send_round}`;
}

export const isOpen = (status: PayoutStatus) => !CLOSED_STATUSES.includes(status);
