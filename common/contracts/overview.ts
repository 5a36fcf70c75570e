// What the overview routes answer (server/modules/overview/routes.ts): GET /api/manager/overview
// (the program's figures) and the pages behind its "needs a look" (refused deliveries and their
// payloads, failed store pushes and their retries, the orders kept apart and their release).
// Money is in major units, rounded to cents.
import { z } from 'zod';
import { STATUSES } from '../statuses';
import { dataAnswer, pagedAnswer } from './answers';

/** What went wrong with one field of a refused delivery, as the SPA has words for it. */
export const REJECTION_ISSUES = [
  'not_json',
  'not_object',
  'missing',
  'wrong_type',
  'bad_format',
  'whole_number',
  'out_of_range',
  'too_long',
  'too_many',
  'amount',
  'amount_range',
  'date',
  'email',
  'nul',
  'refund_too_large',
  'other',
] as const;

const money = z
  .number()
  .describe('Major units, rounded to cents (docs/product/errors-and-languages.md#the-api-conventions)');
export const overviewPartnerRef = z.object({ uuid: z.string(), name: z.string() });
const salesFigures = z.object({ orders: z.number(), amount: money });
const commissionFigures = z.object({ count: z.number().describe('How many earnings'), amount: money });
export const waitingStage = z.enum(['review', 'manager', 'payment']);

export const rejectionProblem = z.object({
  field: z
    .string()
    .describe('The field’s path without item numbers (`line_items.price`); `body` for the payload'),
  item: z.number().nullable().describe('From 1, for a field of a list’s item'),
  issue: z.enum(REJECTION_ISSUES),
  detail: z.string().describe('The technical words, as logged'),
});

export const monthPoint = z.object({
  month: z.string().describe('The month’s first day, YYYY-MM-DD (UTC months)'),
  orders: z.number(),
  sales: money,
  commissions: money,
});

export const programOverview = z.object({
  currency: z.string(),
  month: z.string().describe('The first day of this UTC month (YYYY-MM-DD)'),
  last_month: z.string(),
  partners: z.object({
    total: z.number(),
    active: z
      .object({ this_month: z.number(), last_month: z.number() })
      .describe('Partners with a counted order in the month, or who signed in during it'),
    joined: z.object({ this_month: z.number(), last_month: z.number() }),
  }),
  sales: z
    .object({ this_month: salesFigures, last_month: salesFigures })
    .describe('Paid orders with a partner’s own code, net of refunds'),
  commissions: z
    .object({ this_month: commissionFigures, last_month: commissionFigures })
    .describe('Earnings created in the month: pending, approved, in a payout or paid'),
  monthly: z.array(monthPoint).describe('The last 12 months, oldest first'),
  money_owed: z.object({ payable: money, pending: money, in_review: money, in_payouts: money }),
  payouts_waiting: z.array(
    z.object({
      stage: waitingStage,
      count: z.number(),
      amount: money,
      statuses: z.array(z.object({ status: z.enum(STATUSES), count: z.number(), amount: money })),
    }),
  ),
  top_partners: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      email: z.string(),
      orders: z.number(),
      sales: money,
      commissions: money,
    }),
  ),
  recent_signups: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      email: z.string(),
      country: z.string().nullable(),
      verified: z.boolean(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  needs_attention: z.object({
    total: z.number(),
    shopify_deliveries: z.object({
      count: z.number(),
      since: z.string().describe('Counted from this time (the last 30 days)'),
      items: z.array(
        z.object({
          delivery_id: z.string(),
          topic: z.string(),
          error: z.string().nullable(),
          problems: z
            .array(rejectionProblem)
            .describe('The error, field by field (as in /api/manager/overview/deliveries)'),
          error_id: z.string(),
          rejected_at: z.string(),
        }),
      ),
    }),
    store_pushes: z.object({
      count: z.number(),
      items: z.array(
        z.object({
          code: z.string(),
          partner: overviewPartnerRef,
          message: z.string().nullable(),
          attempts: z.number(),
          updated_at: z.string(),
        }),
      ),
    }),
    orders_waiting: z
      .object({
        count: z.number(),
        items: z.array(z.object({ currency: z.string(), orders: z.number(), rate: z.string().nullable() })),
      })
      .describe(
        'Paid orders in a currency without a rate, by currency (released from /api/manager/overview/orders-waiting)',
      ),
    paypal_payouts: z.object({
      count: z.number(),
      items: z.array(
        z.object({
          id: z.number(),
          partner: overviewPartnerRef,
          amount: money,
          currency: z.string(),
          status: z.enum(STATUSES),
          error: z.string().nullable(),
          updated_at: z.string(),
        }),
      ),
    }),
    store_reconciliation: z
      .object({
        count: z
          .number()
          .describe(
            'What the last finding recorded (within the last 30 days), and 1 more when the last round stopped short',
          ),
        last_run_at: z.string().nullable().describe('When the last round ran (null: never)'),
        error: z.string().nullable().describe('Why the last round stopped short'),
        missed_at: z.string().nullable().describe('The last round that found what the webhooks had missed'),
        missed: z.object({ orders: z.number(), cancellations: z.number(), refunds: z.number() }),
      })
      .describe('The reconciliation with the store (docs/decisions/057-store-reconciliation.md)'),
  }),
});
export const programOverviewAnswer = dataAnswer(programOverview);

// ---- The pages behind "needs a look" (docs/decisions/039-needs-a-look.md)

export const ledgerState = z.enum(['recorded', 'not_recorded', 'unknown']);

export const rejectedDelivery = z.object({
  id: z.number(),
  delivery_id: z.string(),
  topic: z.string(),
  shop: z.string().nullable().describe('X-Shopify-Shop-Domain of the delivery'),
  received_at: z.string(),
  rejected_at: z.string(),
  error_id: z.string().describe('Also in the server log'),
  error: z.string().nullable().describe('Why it was refused, as logged'),
  problems: z.array(rejectionProblem).describe('The error, field by field, for the SPA to word'),
  payload_length: z.number().describe('Characters of the stored payload'),
  ledger: z
    .object({
      state: ledgerState,
      shopify_id: z.string().nullable().describe('The order’s (or refund’s) id the payload names'),
      order_number: z.string().nullable(),
    })
    .describe('Whether the ledger has what this delivery would have recorded, brought by a later delivery'),
});
export const rejectedDeliveriesAnswer = pagedAnswer(rejectedDelivery);

export const deliveryPayload = z.object({
  id: z.number(),
  delivery_id: z.string(),
  topic: z.string(),
  error_id: z.string(),
  format: z.enum(['json', 'text']),
  text: z.string(),
  length: z.number().describe('Characters of the whole text; `text` holds the first ones when truncated'),
  truncated: z.boolean(),
  hidden: z.number().describe('Values hidden (tokens, links with keys, card details)'),
});
export const deliveryPayloadAnswer = dataAnswer(deliveryPayload);

export const storeSync = z.object({
  state: z.enum(['off', 'not_pushed', 'pending', 'created', 'failed']),
  store_id: z.string().nullable(),
  message: z.string().nullable(),
  attempts: z.number(),
  updated_at: z.string().nullable(),
});

export const failedPush = z.object({
  code: z.string(),
  partner: z.object({ uuid: z.string(), name: z.string(), email: z.string() }),
  message: z.string().nullable().describe('The store’s own words, or why the last attempt did not land'),
  attempts: z.number(),
  failed_at: z.string(),
});
export const failedPushesAnswer = pagedAnswer(failedPush).extend({
  push_configured: z.boolean().describe('False when the push is off: nothing can be retried'),
});

export const retriedPushAnswer = dataAnswer(z.object({ code: z.string(), store_sync: storeSync }));
export const retriedAllPushesAnswer = dataAnswer(z.object({ retried: z.number() }));

// ---- Orders kept apart from the figures (docs/product/commissions.md, docs/decisions/053)

export const orderApart = z.object({
  id: z.number(),
  shopify_order_id: z.string(),
  order_number: z.string(),
  status: z.enum(['created', 'paid', 'cancelled']),
  placed_at: z.string(),
  paid_at: z.string().nullable(),
  currency: z.string().describe('The shop’s currency, which the amounts are in'),
  amount: money.describe('The commission base in the shop’s currency (major units)'),
  total: money.describe('The order’s total in the shop’s currency'),
  code: z.string().nullable(),
  partner: overviewPartnerRef.nullable().describe('The partner the code belongs to (none for test orders)'),
  rate: z.string().nullable().describe('The rate set now for the currency, if any'),
});
export const ordersApartAnswer = pagedAnswer(orderApart);
export const releasedOrdersAnswer = dataAnswer(z.object({ released: z.number() }));
