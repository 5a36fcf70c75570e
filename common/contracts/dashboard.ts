// What the partner's dashboard routes answer (server/modules/dashboard/routes.ts): the month's
// figures, the totals, the chart, the tiers and the sales lists. Money is in major units.
import { z } from 'zod';
import { dataAnswer, pagedAnswer } from './answers';

export const region = z.enum(['CA', 'US', 'OTHER']);

export const salesSummary = z.object({
  current_month_sales: z.number(),
  current_month_orders: z.number(),
  total_commissions: z.number(),
  average_order_value: z.number(),
  this_month_commissions: z.number(),
  last_month_commissions: z.number(),
  latest_paid_cashout: z.object({ amount: z.number(), date: z.string() }).nullable(),
  currency: z.string(),
  time_zone: z
    .string()
    .describe('The program’s time zone (IANA): the months above are cut in it, by the day the customer paid'),
});
export const salesSummaryAnswer = dataAnswer(salesSummary);

export const totals = z.object({
  sales_count: z.number(),
  sales_amount: z.number(),
  pending: z.number(),
  payable: z.number(),
  in_payout: z.number(),
  paid: z.number(),
  in_review: z.number(),
  referral_commissions: z.number(),
  marketplace_commissions: z.number(),
  geography: z.array(z.object({ region, orders: z.number(), sales: z.number() })),
  currency: z.string(),
});
export const totalsAnswer = dataAnswer(totals);

export const chartPoint = z.object({
  start: z.string(),
  orders: z.number(),
  sales: z.number(),
  commissions: z.number(),
});
export const salesChart = z.object({
  weekly: z.array(chartPoint),
  monthly: z.array(chartPoint),
  currency: z.string(),
});
export const salesChartAnswer = dataAnswer(salesChart);

export const verifiedTiers = z.object({
  tiers: z.array(z.object({ min_sales: z.number(), rate: z.number(), reached: z.boolean() })),
  verified_sales: z.number(),
  current_rate: z.number(),
  override: z.boolean(),
  next_tier: z.object({ min_sales: z.number(), rate: z.number(), sales_needed: z.number() }).nullable(),
  progress: z.number(),
});
export const verifiedTiersAnswer = dataAnswer(verifiedTiers);

export const saleRow = z.object({
  id: z.number(),
  order_number: z.string(),
  date: z.string(),
  product: z.string(),
  order_amount: z.number().describe('The order subtotal net of refunds, in major units'),
  commission: z
    .number()
    .describe(
      'What the partner earns from the order now, in major units: 0 when rejected, lowered by partial refunds, net of any adjustment taken back after payment',
    ),
  adjustment: z
    .number()
    .describe(
      'Taken back after payment by refunds (0 or negative, major units), already counted in `commission`',
    ),
  status: z.string().nullable(),
  status_label: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string(),
});
export const shopSalesAnswer = pagedAnswer(saleRow);
export const referralSaleRow = saleRow.extend({ referral: z.string() });
export const referralSalesAnswer = pagedAnswer(referralSaleRow);

export const saleNotification = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  data: z.unknown(),
  read: z.boolean(),
  date: z.string(),
});

/** The unread counts after marking notifications read. */
export const notificationsReadAnswer = dataAnswer(z.object({ count: z.number(), custom_unread: z.number() }));
export const saleNotificationsAnswer = dataAnswer(z.array(saleNotification));
export const bellNotificationsAnswer = dataAnswer(
  z.object({
    count: z.number(),
    custom_unread: z.number().describe('Unread custom notifications from staff (the header’s pulsing dot)'),
    items: z.array(saleNotification),
  }),
);
