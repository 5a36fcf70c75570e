// What the payout routes answer (server/modules/payouts/routes.ts): the partner's cash-out and
// invoices, and the back office's queue and payout page. The server serializes by these schemas;
// the SPA's payout calls and their test fixtures are typed by what they infer.
import { z } from 'zod';
import { STATUSES } from '../statuses';
import { dataAnswer, pagedAnswer } from './answers';

export const payoutStatus = z.enum(STATUSES);
export const earningKind = z.enum(['sale', 'referral', 'marketplace', 'bonus', 'adjustment']);
export const earningStatus = z.enum(['PENDING', 'APPROVED', 'IN_PAYOUT', 'PAID', 'REJECTED', 'IN_REVIEW']);

// ---- The partner's cash-out

export const invoiceRef = z.object({ id: z.number(), number: z.string(), pdf_url: z.string() });

export const cashoutRow = z.object({
  id: z.number(),
  amount: z.number(),
  currency: z.string(),
  status: payoutStatus,
  status_label: z.string(),
  date: z.string().describe('When the partner asked'),
  paid_at: z.string().nullable(),
  reason: z.string().nullable().describe('Why, when rejected or sent back to review'),
  invoice: invoiceRef.nullable(),
});

export const cashoutBlocker = z.enum([
  'email_not_verified',
  'paypal_email_missing',
  'paypal_email_recent',
  'below_minimum',
  'payout_open',
]);

export const payMeNowStats = z.object({
  payable_balance: z.number(),
  pending_balance: z.number(),
  in_payout_balance: z.number(),
  next_payable_at: z.string().nullable(),
  minimum: z.number(),
  currency: z.string(),
  paypal_email: z.string().nullable(),
  paypal_hold_until: z
    .string()
    .nullable()
    .describe('While a PayPal e-mail changed less than 72 hours ago holds cash-out: until when'),
  can_request: z.boolean(),
  blockers: z.array(cashoutBlocker),
  open_payout: cashoutRow.nullable(),
  lifetime_paid: z.number(),
  recent_cashouts: z.array(cashoutRow),
  latest_paid: cashoutRow.nullable(),
});
export const payMeNowStatsAnswer = dataAnswer(payMeNowStats);

/** A cash-out just asked for: its invoice always exists. */
export const requestedCashout = cashoutRow.extend({ invoice: invoiceRef });
export const payMeNowAnswer = dataAnswer(requestedCashout);

export const invoiceRow = z.object({
  id: z.number(),
  number: z.string(),
  amount: z.number(),
  status: payoutStatus,
  status_label: z.string(),
  date: z.string(),
  pdf_url: z.string(),
  payout_id: z.number(),
  paid_at: z.string().nullable(),
});
export const invoicesAnswer = pagedAnswer(invoiceRow);

// ---- The back office

export const payoutStage = z.enum(['review', 'manager', 'payment', 'closed']);
export const paypalState = z.enum(['queued', 'sent', 'failed']);
export const staffPayoutAction = z.enum(['approve', 'reject', 'review', 'mark_paid']);

export const payoutListRow = z.object({
  id: z.number(),
  partner: z.object({ uuid: z.string(), name: z.string(), email: z.string() }),
  amount: z.number(),
  currency: z.string(),
  status: payoutStatus,
  status_label: z.string(),
  stage: payoutStage,
  earnings_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  paypal_state: paypalState.nullable().describe('Where PayPal stands with the payout'),
});

/** Payouts per status over the whole program (not the search); `open` sums the waiting ones. */
export const payoutStatusCounts = z.object({
  PENDING: z.number(),
  IN_REVIEW: z.number(),
  APPROVED: z.number(),
  MANAGER_IN_REVIEW: z.number(),
  MANAGER_APPROVED: z.number(),
  PAID: z.number(),
  REJECTED: z.number(),
  MANAGER_REJECTED: z.number(),
  open: z.number(),
});

export const payoutQueueAnswer = pagedAnswer(payoutListRow).extend({ counts: payoutStatusCounts });

export const payoutDetail = z.object({
  payout: payoutListRow.extend({
    paypal_email: z.string(),
    reference: z.string().nullable(),
    reason: z.string().nullable(),
    fraudulent: z.boolean(),
    invoice: invoiceRef.nullable(),
    paypal: z
      .object({
        sender_batch_id: z.string(),
        batch_id: z.string().nullable(),
        status: z.string().nullable(),
        error: z.string().nullable(),
      })
      .nullable()
      .describe('Once sent to PayPal: its batch and where it stands'),
  }),
  partner: z.object({
    uuid: z.string(),
    name: z.string(),
    email: z.string(),
    paypal_email: z.string().nullable(),
    verified: z.boolean(),
    country: z.string().nullable(),
    created_at: z.string(),
    lifetime_paid: z.number(),
    payouts_count: z.number(),
  }),
  earnings: z.array(
    z.object({
      id: z.number(),
      kind: earningKind,
      order_number: z.string().nullable(),
      date: z.string(),
      product: z.string().nullable(),
      amount: z.number(),
      status: earningStatus.nullable().describe('The earning’s status now; null once it no longer exists'),
    }),
  ),
  signals: z.object({
    self_purchase: z.array(
      z.object({ order_number: z.string(), date: z.string(), customer_email: z.string().nullable() }),
    ),
    own_voucher_orders: z.number(),
    in_review_earnings: z.number(),
    in_review_amount: z.number(),
  }),
  history: z.array(
    z.object({
      at: z.string(),
      from: payoutStatus.nullable(),
      to: payoutStatus,
      from_label: z.string().nullable(),
      to_label: z.string(),
      actor: z.string(),
      actor_kind: z
        .enum(['partner', 'staff', 'system', 'paypal'])
        .describe('Who acted, so the page can name them in its language'),
      actor_name: z.string(),
      reason: z.string().nullable(),
    }),
  ),
  actions: z.array(staffPayoutAction).describe('What this staff member may do now'),
  threshold: z.number(),
  paypal_configured: z.boolean(),
});
export const payoutDetailAnswer = dataAnswer(payoutDetail);

// ---- PayPal's webhook

export const paypalWebhookAnswer = dataAnswer(
  z.object({ outcome: z.enum(['applied', 'ignored', 'unknown']) }),
);
