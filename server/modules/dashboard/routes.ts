import { z } from 'zod';
import type { AppContext, TypedApp } from '../../context';
import { requestLocale } from '../../i18n';
import { pagedAnswer, pagingQuery } from '../../plugins/paging';
import { partnerIdOf, requirePartner } from '../auth/guards';
import { voucherAnswerSchema } from '../vouchers/service';
import {
  bellNotifications,
  markNotificationsRead,
  referralSales,
  saleNotifications,
  salesChart,
  salesSummary,
  shopSales,
  totals,
  verifiedTiers,
  vouchers,
} from './service';

const paging = pagingQuery();
const saleRow = z.object({
  id: z.number(),
  order_number: z.string(),
  date: z.string(),
  product: z.string(),
  order_amount: z.number().describe('The order subtotal net of refunds, in major units'),
  commission: z
    .number()
    .describe('What the partner earns from the order now, in major units: 0 when rejected, lowered by partial refunds, net of any adjustment taken back after payment'),
  adjustment: z.number().describe('Taken back after payment by refunds (0 or negative, major units), already counted in `commission`'),
  status: z.string().nullable(),
  status_label: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string(),
});
const notification = z.object({ id: z.number(), kind: z.string(), title: z.string(), body: z.string(), data: z.unknown(), read: z.boolean(), date: z.string() });

export function dashboardRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const doc = (summary: string) => ({ tags: ['partner'], summary, security: [{ partner: [] }] });

  app.get('/api/getPartnerSalesSummary', { onRequest: partner, schema: doc('Current month sales, commissions, average order value, latest cash-out') }, async (request) => ({
    data: await salesSummary(ctx.db, partnerIdOf(request)),
  }));

  app.get('/api/getTotals', { onRequest: partner, schema: doc('Totals by status and kind, and sales by region (CA, US, Other)') }, async (request) => ({
    data: await totals(ctx.db, partnerIdOf(request)),
  }));

  app.get('/api/getPartnerSalesSummaryChart', { onRequest: partner, schema: doc('Weekly (12 weeks) and monthly (12 months) sales and commissions') }, async (request) => ({
    data: await salesChart(ctx.db, partnerIdOf(request)),
  }));

  app.get('/api/getPartnerVerifiedTiers', { onRequest: partner, schema: doc('Commission tiers, verified sales and progress to the next tier') }, async (request) => ({
    data: await verifiedTiers(ctx.db, partnerIdOf(request)),
  }));

  app.get(
    '/api/getShopifySalesItemsNoVouchers',
    { onRequest: partner, schema: { ...doc('Store sales made with the partner’s code (own-voucher orders left out), paged'), querystring: paging, response: { 200: pagedAnswer(saleRow) } } },
    async (request) => shopSales(ctx.db, partnerIdOf(request), request.query, requestLocale(request)),
  );

  app.get(
    '/api/getShopifySalesItemsReferrals',
    { onRequest: partner, schema: { ...doc('Sales of referred partners that earned a referral commission, paged'), querystring: paging, response: { 200: pagedAnswer(saleRow.extend({ referral: z.string() })) } } },
    async (request) => referralSales(ctx.db, partnerIdOf(request), request.query, requestLocale(request)),
  );

  app.get('/api/getVouchersPaginated', { onRequest: partner, schema: { ...doc('Vouchers issued to the partner, paged'), querystring: paging, response: { 200: pagedAnswer(voucherAnswerSchema) } } }, async (request) =>
    vouchers(ctx.db, partnerIdOf(request), request.query),
  );

  app.get('/api/getSalesNotifications', { onRequest: partner, schema: { ...doc('The latest sale notifications'), response: { 200: z.object({ data: z.array(notification) }) } } }, async (request) => ({
    data: await saleNotifications(ctx.db, partnerIdOf(request)),
  }));

  app.get(
    '/api/getBellNotifications',
    { onRequest: partner, schema: { ...doc('Unread count and the latest notifications'), response: { 200: z.object({ data: z.object({ count: z.number(), custom_unread: z.number().describe('Unread custom notifications from staff (the header’s pulsing dot)'), items: z.array(notification) }) }) } } },
    async (request) => ({ data: await bellNotifications(ctx.db, partnerIdOf(request)) }),
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: partner,
      schema: { ...doc('Marks notifications read (all when no ids are given; any kind: sales, announcements, custom notifications); answers the unread counts'), body: z.object({ ids: z.array(z.number().int()).max(500).optional() }).default({}) },
    },
    async (request) => ({ data: await markNotificationsRead(ctx.db, partnerIdOf(request), request.body.ids) }),
  );
}
