// `GET /api/manager/overview` (decisions §11): the program's figures for the back office's first
// section, for every staff role (a reviewer reads partners and payouts already).
import { z } from 'zod';
import { STATUSES } from '../../../common/statuses';
import type { AppContext, TypedApp } from '../../context';
import { requireStaff } from '../auth/guards';
import { programOverview } from './service';
import type { ProgramOverview } from './service';

const money = z.number().describe('Major units, rounded to cents (decisions §3)');
const partnerRef = z.object({ uuid: z.string(), name: z.string() });
const salesFigures = z.object({ orders: z.number(), amount: money });
const commissionFigures = z.object({ count: z.number().describe('How many earnings'), amount: money });
const stage = z.enum(['review', 'manager', 'payment']);

const overview = z.object({
  currency: z.string(),
  month: z.string().describe('The first day of this UTC month (YYYY-MM-DD)'),
  last_month: z.string(),
  partners: z.object({
    total: z.number(),
    active: z.object({ this_month: z.number(), last_month: z.number() }).describe('Partners with a counted order in the month, or who signed in during it'),
    joined: z.object({ this_month: z.number(), last_month: z.number() }),
  }),
  sales: z.object({ this_month: salesFigures, last_month: salesFigures }).describe('Paid orders with a partner’s own code, net of refunds'),
  commissions: z.object({ this_month: commissionFigures, last_month: commissionFigures }).describe('Earnings created in the month: pending, approved, in a payout or paid'),
  monthly: z.array(z.object({ month: z.string(), orders: z.number(), sales: money, commissions: money })).describe('The last 12 months, oldest first'),
  money_owed: z.object({ payable: money, pending: money, in_review: money, in_payouts: money }),
  payouts_waiting: z.array(
    z.object({
      stage,
      count: z.number(),
      amount: money,
      statuses: z.array(z.object({ status: z.enum(STATUSES), count: z.number(), amount: money })),
    }),
  ),
  top_partners: z.array(z.object({ uuid: z.string(), name: z.string(), email: z.string(), orders: z.number(), sales: money, commissions: money })),
  recent_signups: z.array(
    z.object({ uuid: z.string(), name: z.string(), email: z.string(), country: z.string().nullable(), verified: z.boolean(), status: z.string(), created_at: z.string() }),
  ),
  needs_attention: z.object({
    total: z.number(),
    shopify_deliveries: z.object({
      count: z.number(),
      since: z.string().describe('Counted from this time (the last 30 days)'),
      items: z.array(z.object({ delivery_id: z.string(), topic: z.string(), error: z.string().nullable(), error_id: z.string(), rejected_at: z.string() })),
    }),
    store_pushes: z.object({
      count: z.number(),
      items: z.array(z.object({ code: z.string(), partner: partnerRef, message: z.string().nullable(), attempts: z.number(), updated_at: z.string() })),
    }),
    paypal_payouts: z.object({
      count: z.number(),
      items: z.array(
        z.object({ id: z.number(), partner: partnerRef, amount: money, currency: z.string(), status: z.enum(STATUSES), error: z.string().nullable(), updated_at: z.string() }),
      ),
    }),
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
        summary: 'The program at a glance: partners, sales and commissions this month and last, 12 months, money owed, payouts waiting, top partners, sign-ups, what needs a look',
        security: [{ staff: [] }],
        response: { 200: z.object({ data: overview }) },
      },
    },
    async () => ({ data: typed(await programOverview(ctx.db)) }),
  );
}
