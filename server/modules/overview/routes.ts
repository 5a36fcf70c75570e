// `GET /api/manager/overview` (docs/product/back-office.md#overview): the program's figures for the back office's first
// section, for every staff role (a reviewer reads partners and payouts already).
import { z } from 'zod';
import { STATUSES } from '../../../common/statuses';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { idParams, pagedAnswer, pagingQuery } from '../../plugins/paging';
import { refineTimeRange, timeRange, timeRangeQuery } from '../../plugins/time-range';
import { requireStaff, staffIdOf } from '../auth';
import { HANDLED_TOPICS } from '../sales/service';
import { REJECTION_ISSUES } from './rejection-view';
import {
  listFailedStorePushes,
  listOrdersApart,
  listRejectedDeliveries,
  programOverview,
  rejectedDeliveryPayload,
  releaseOrdersOfCurrency,
  retryAllStorePushes,
  retryStorePush,
} from './service';
import type { ProgramOverview } from './service';

const money = z
  .number()
  .describe('Major units, rounded to cents (docs/product/errors-and-languages.md#the-api-conventions)');
const partnerRef = z.object({ uuid: z.string(), name: z.string() });
const salesFigures = z.object({ orders: z.number(), amount: money });
const commissionFigures = z.object({ count: z.number().describe('How many earnings'), amount: money });
const stage = z.enum(['review', 'manager', 'payment']);

const rejectionProblem = z.object({
  field: z.string(),
  item: z.number().nullable(),
  issue: z.enum(REJECTION_ISSUES),
  detail: z.string(),
});

const overview = z.object({
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
  monthly: z
    .array(z.object({ month: z.string(), orders: z.number(), sales: money, commissions: money }))
    .describe('The last 12 months, oldest first'),
  money_owed: z.object({ payable: money, pending: money, in_review: money, in_payouts: money }),
  payouts_waiting: z.array(
    z.object({
      stage,
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
          partner: partnerRef,
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
          partner: partnerRef,
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

// The answer's type must match the schema: the compiler checks it here, once.
const typed = (data: ProgramOverview): z.infer<typeof overview> => data;

export function overviewRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/manager/overview',
    {
      onRequest: requireStaff(ctx.db),
      // The schema documents the answer and `typed` checks its shape at compile time; checking it
      // again on every request would cost more than the reads themselves.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['manager'],
        summary:
          'The program at a glance: partners, sales and commissions this month and last, 12 months, money owed, payouts waiting, top partners, sign-ups, what needs a look',
        security: [{ staff: [] }],
        response: { 200: z.object({ data: overview }) },
      },
    },
    async () => ({ data: typed(await programOverview(ctx.db)) }),
  );

  // ---- The pages behind "needs a look" (docs/decisions/039-needs-a-look.md): every staff role
  // reads them; retrying the store's pushes is a manager's or an admin's (docs/product/back-office.md#overview).
  const anyStaff = requireStaff(ctx.db);
  const managers = requireStaff(ctx.db, ['manager', 'admin']);
  const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });
  const wrong = sayKey('wrong_value');

  app.get(
    '/api/manager/overview/deliveries',
    {
      onRequest: anyStaff,
      schema: {
        ...doc(
          'Every Shopify delivery refused and kept with its error, newest first: filtered by topic and time (when it was refused)',
        ),
        querystring: pagingQuery(20)
          .extend({ topic: z.enum(HANDLED_TOPICS, { error: wrong }).optional(), ...timeRangeQuery.shape })
          .superRefine(refineTimeRange),
        response: {
          200: pagedAnswer(
            z.object({
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
                  state: z.enum(['recorded', 'not_recorded', 'unknown']),
                  shopify_id: z
                    .string()
                    .nullable()
                    .describe('The order’s (or refund’s) id the payload names'),
                  order_number: z.string().nullable(),
                })
                .describe(
                  'Whether the ledger has what this delivery would have recorded, brought by a later delivery',
                ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { page, length, topic } = request.query;
      return listRejectedDeliveries(ctx.db, { topic, ...timeRange(request.query) }, page, length);
    },
  );

  app.get(
    '/api/manager/overview/deliveries/:id/payload',
    {
      onRequest: anyStaff,
      schema: {
        ...doc(
          'A refused delivery’s payload, pretty-printed, with keys and card details hidden, cut short past 60,000 characters',
        ),
        params: idParams,
        response: {
          200: z.object({
            data: z.object({
              id: z.number(),
              delivery_id: z.string(),
              topic: z.string(),
              error_id: z.string(),
              format: z.enum(['json', 'text']),
              text: z.string(),
              length: z.number(),
              truncated: z.boolean(),
              hidden: z.number().describe('Values hidden (tokens, links with keys, card details)'),
            }),
          }),
        },
      },
    },
    async (request) => ({ data: await rejectedDeliveryPayload(ctx.db, request.params.id) }),
  );

  const storeSync = z.object({
    state: z.enum(['off', 'not_pushed', 'pending', 'created', 'failed']),
    store_id: z.string().nullable(),
    message: z.string().nullable(),
    attempts: z.number(),
    updated_at: z.string().nullable(),
  });

  app.get(
    '/api/manager/overview/store-pushes',
    {
      onRequest: anyStaff,
      schema: {
        ...doc('Every partner code whose push to the store failed, the latest failure first'),
        querystring: pagingQuery(20),
        response: {
          200: pagedAnswer(
            z.object({
              code: z.string(),
              partner: z.object({ uuid: z.string(), name: z.string(), email: z.string() }),
              message: z
                .string()
                .nullable()
                .describe('The store’s own words, or why the last attempt did not land'),
              attempts: z.number(),
              failed_at: z.string(),
            }),
          ).extend({
            push_configured: z.boolean().describe('False when the push is off: nothing can be retried'),
          }),
        },
      },
    },
    async (request) => listFailedStorePushes(ctx.db, ctx.config, request.query.page, request.query.length),
  );

  app.post(
    '/api/manager/overview/store-pushes/:code/retry',
    {
      onRequest: managers,
      schema: {
        ...doc(
          'Pushes one failed code to the store again (manager, admin): due now, audited; 409 unless it failed, or when the push is off',
        ),
        params: z.object({
          code: z
            .string({ error: wrong })
            .min(1, wrong)
            .max(40, wrong)
            .regex(/^[A-Za-z0-9]+$/, wrong),
        }),
        response: { 202: z.object({ data: z.object({ code: z.string(), store_sync: storeSync }) }) },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        data: await retryStorePush(ctx.db, {
          code: request.params.code,
          staffId: staffIdOf(request),
          config: ctx.config,
        }),
      }),
  );

  app.post(
    '/api/manager/overview/store-pushes/retry-all',
    {
      onRequest: managers,
      schema: {
        ...doc(
          'Pushes every failed code to the store again (manager, admin), in one transaction, one audit line per code; a code already retried is left alone, so a second call answers 0',
        ),
        response: { 200: z.object({ data: z.object({ retried: z.number() }) }) },
      },
    },
    async (request) => ({
      data: await retryAllStorePushes(ctx.db, { staffId: staffIdOf(request), config: ctx.config }),
    }),
  );

  // ---- Orders kept apart from the figures (docs/product/commissions.md, docs/decisions/053).
  const orderApart = z.object({
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
    partner: partnerRef.nullable().describe('The partner the code belongs to (none for test orders)'),
    rate: z.string().nullable().describe('The rate set now for the currency, if any'),
  });
  for (const [path, kind, summary] of [
    [
      'orders-waiting',
      'awaiting_rate',
      'Paid orders in a currency without a rate: recorded, earning nothing until released, newest first',
    ],
    [
      'test-orders',
      'test',
      'The store’s test orders (`test: true`): recorded, earning nothing and counted in no figure, newest first',
    ],
  ] as const) {
    app.get(
      `/api/manager/overview/${path}`,
      {
        onRequest: anyStaff,
        schema: { ...doc(summary), querystring: pagingQuery(25), response: { 200: pagedAnswer(orderApart) } },
      },
      async (request) => listOrdersApart(ctx.db, kind, request.query.page, request.query.length),
    );
  }

  app.post(
    '/api/manager/overview/orders-waiting/release',
    {
      onRequest: managers,
      schema: {
        ...doc(
          'Releases the orders of a currency waiting for a rate (manager, admin): each is converted at the rate set now and earns as a paid order does (its holding period from now); audited. 409 without a rate, or with nothing waiting',
        ),
        body: z.object({ currency: z.string({ error: sayKey('required') }).regex(/^[A-Za-z]{3}$/, wrong) }),
        response: { 200: z.object({ data: z.object({ released: z.number() }) }) },
      },
    },
    async (request) => ({
      data: await releaseOrdersOfCurrency(ctx.db, {
        currency: request.body.currency,
        staffId: staffIdOf(request),
      }),
    }),
  );
}
