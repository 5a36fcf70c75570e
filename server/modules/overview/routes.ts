// `GET /api/manager/overview` (docs/product/back-office.md#overview): the program's figures for the back office's first
// section, for every staff role (a reviewer reads partners and payouts already).
import { z } from 'zod';
import {
  deliveryPayloadAnswer,
  failedPushesAnswer,
  ordersApartAnswer,
  programOverviewAnswer,
  rejectedDeliveriesAnswer,
  releasedOrdersAnswer,
  retriedAllPushesAnswer,
  retriedPushAnswer,
} from '../../../common/contracts/overview';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { idParams, pagingQuery } from '../../plugins/paging';
import { refineTimeRange, timeRange, timeRangeQuery } from '../../plugins/time-range';
import { requireStaff, staffIdOf } from '../auth';
import { HANDLED_TOPICS } from '../ledger/service';
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

// The answer's type must match the schema: the compiler checks it here, once.
const typed = (data: ProgramOverview): z.infer<typeof programOverviewAnswer>['data'] => data;

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
        response: { 200: programOverviewAnswer },
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
        response: { 200: rejectedDeliveriesAnswer },
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
        response: { 200: deliveryPayloadAnswer },
      },
    },
    async (request) => ({ data: await rejectedDeliveryPayload(ctx.db, request.params.id) }),
  );

  app.get(
    '/api/manager/overview/store-pushes',
    {
      onRequest: anyStaff,
      schema: {
        ...doc('Every partner code whose push to the store failed, the latest failure first'),
        querystring: pagingQuery(20),
        response: { 200: failedPushesAnswer },
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
        response: { 202: retriedPushAnswer },
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
        response: { 200: retriedAllPushesAnswer },
      },
    },
    async (request) => ({
      data: await retryAllStorePushes(ctx.db, { staffId: staffIdOf(request), config: ctx.config }),
    }),
  );

  // ---- Orders kept apart from the figures (docs/product/commissions.md, docs/decisions/053).
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
        schema: { ...doc(summary), querystring: pagingQuery(25), response: { 200: ordersApartAnswer } },
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
        response: { 200: releasedOrdersAnswer },
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
