// What the back office's partner routes answer (server/modules/partner-admin/routes.ts): the list
// (GET /api/manager/partners) and its filters' choices, one partner (read and changed), the paged
// parts of their page (earnings, payouts, vouchers, referrals, notes, audit), a note added, a
// code's discount changed or pushed again, the verification mail resent and a voucher revoked.
// The CSV export answers a file. docs/product/back-office.md#partners.
import { z } from 'zod';
import { REFERRAL_TYPES } from '../program-settings';
import { dataAnswer, pagedAnswer } from './answers';
import { voucherRow } from './vouchers';

export const storeSync = z
  .object({
    state: z
      .enum(['off', 'not_pushed', 'pending', 'created', 'failed'])
      .describe(
        'off: the push is not configured; not_pushed: it is, but the code was made before (staff may push it); pending: queued or being retried; created: the store has it as asked; failed: the store refused it or never answered (staff may retry)',
      ),
    store_id: z
      .string()
      .nullable()
      .describe('The store’s id of the discount (gid://shopify/DiscountCodeNode/…)'),
    message: z
      .string()
      .nullable()
      .describe('Why it failed (the store’s own words for a refusal), or why the last attempt did not land'),
    attempts: z.number().describe('Calls to the store since the code was last queued'),
    updated_at: z.string().nullable(),
  })
  .describe(
    'The push of the code to the Shopify store as a discount (docs/product/links-and-integrations.md#discount-push)',
  );

export const partnerPromoCode = z.object({
  code: z.string(),
  value: z.number().describe('Customer discount, percent'),
  commission_rate: z
    .number()
    .describe('What the partner earns now, percent (tier or staff override), as their profile shows it'),
  store_sync: storeSync,
});

export const partnerStatus = z.enum(['active', 'suspended']);
const money = (what: string) => z.number().describe(`${what}, in major units of the program currency`);

export const partnerListRow = z.object({
  uuid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  country: z.string().nullable(),
  verified: z.boolean(),
  status: partnerStatus,
  created_at: z.string(),
  codes: z.array(z.string()),
  sales: money('All-time sales with the partner’s codes, net of refunds'),
  commissions: money('Earned: pending, approved, in a payout or paid'),
  verified_sales: z
    .number()
    .describe('Sale earnings approved, in a payout or paid (what places the partner in a tier)'),
  currency: z.string(),
});

export const tier = z.object({ min_sales: z.number(), rate: z.number() });

export const partnerDetail = z.object({
  uuid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  country: z.string().nullable(),
  verified: z.boolean(),
  status: partnerStatus,
  created_at: z.string(),
  last_login_dt: z.string().nullable(),
  paypal_email: z.string().nullable(),
  locale: z.string(),
  subpartner: z.object({ slug: z.string(), name: z.string() }).nullable(),
  promo_codes: z.array(partnerPromoCode),
  commission: z
    .object({
      rate: z.number().describe('What the partner earns now, percent'),
      source: z.enum(['override', 'tier']),
      override: z.number().nullable().describe('The staff override, percent, or null'),
      verified_sales: z.number(),
      tier: tier.nullable().describe('The tier their verified sales reach'),
      next_tier: tier.nullable(),
    })
    .describe(
      'The rate a new order earns now and where it comes from (docs/product/commissions.md#referrals)',
    ),
  referral_commission: z
    .object({ amount: z.number(), type: z.enum(REFERRAL_TYPES) })
    .describe(
      'What the partner earns per sale of a partner they referred: percent of the subtotal, or a fixed amount',
    ),
  referrer: z
    .object({ uuid: z.string(), name: z.string(), email: z.string(), status: partnerStatus })
    .nullable(),
  referrals_count: z.number(),
  figures: z
    .object({
      currency: z.string(),
      orders: z.number(),
      sales: z.number(),
      sales_by_region: z.object({ CA: z.number(), US: z.number(), OTHER: z.number() }),
      average_order: z.number(),
      this_month: z.object({ orders: z.number(), sales: z.number() }),
      last_month: z.object({ orders: z.number(), sales: z.number() }),
      commissions: z.number(),
      balances: z.object({
        pending: z.number(),
        payable: z.number(),
        in_payout: z.number(),
        paid: z.number(),
        in_review: z.number(),
        rejected: z.number(),
      }),
    })
    .describe('From the ledger’s running totals; money in major units'),
});
export const partnerDetailAnswer = dataAnswer(partnerDetail);

export const partnerEarning = z.object({
  id: z.number(),
  kind: z.string(),
  order_number: z.string().nullable(),
  product: z.string().nullable(),
  date: z.string(),
  base: z.number(),
  rate: z.number().nullable(),
  amount: z.number(),
  status: z.string(),
  hold_until: z.string().nullable(),
  payout_id: z.number().nullable(),
  history: z.array(
    z.object({
      at: z.string(),
      from: z.string().nullable(),
      to: z.string(),
      amount_before: z.number().nullable(),
      amount_after: z.number(),
      reason: z.string(),
      actor: z.string(),
    }),
  ),
});
export const partnerPayout = z.object({
  id: z.number(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  earnings_count: z.number(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  invoice_number: z.string().nullable(),
});
export const partnerReferral = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  status: partnerStatus,
  created_at: z.string(),
  sales: z.number(),
  currency: z.string(),
});
export const partnerNote = z.object({
  id: z.number(),
  body: z.string(),
  created_at: z.string(),
  author: z.string().nullable(),
});
export const partnerAuditLine = z.object({
  id: z.number(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  staff: z.string().nullable(),
  at: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const partnerListAnswer = pagedAnswer(partnerListRow);

export const filterChoices = z.object({
  tiers: z.array(tier),
  subpartners: z.array(z.object({ slug: z.string(), name: z.string(), active: z.boolean() })),
});
export const filterChoicesAnswer = dataAnswer(filterChoices);

/** A voucher of the partner's list, with when it was issued. */
export const partnerVoucher = voucherRow.extend({ created_at: z.string() });

/** The parts of a partner's page, each answered a page at a time (GET /api/manager/partners/{uuid}/{part}). */
export const partnerParts = {
  earnings: partnerEarning,
  payouts: partnerPayout,
  vouchers: partnerVoucher,
  referrals: partnerReferral,
  notes: partnerNote,
  audit: partnerAuditLine,
} as const;

export const partnerNoteAnswer = dataAnswer(partnerNote);
export const partnerPromoCodeAnswer = dataAnswer(partnerPromoCode);
export const verificationResentAnswer = dataAnswer(z.object({ sent: z.boolean(), email: z.string() }));
