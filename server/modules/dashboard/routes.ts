import { z } from 'zod';
import { fileRoute, pagedAnswer } from '../../../common/contracts/answers';
import {
  bellNotificationsAnswer,
  notificationsReadAnswer,
  referralSalesAnswer,
  saleNotificationsAnswer,
  salesChartAnswer,
  salesSummaryAnswer,
  shopSalesAnswer,
  totalsAnswer,
  verifiedTiersAnswer,
} from '../../../common/contracts/dashboard';
import type { AppContext, TypedApp } from '../../context';
import { requestLocale } from '../../i18n';
import { sendListCsv, listCsv } from '../../plugins/list-export';
import { listExportQuery, listQuery } from '../../plugins/list-range';
import { partnerIdOf, requirePartner } from '../auth';
import { voucherAnswerSchema } from '../vouchers/service';
import {
  bellNotifications,
  markNotificationsRead,
  referralSales,
  referralSalesCsv,
  saleNotifications,
  salesChart,
  salesSummary,
  shopSales,
  shopSalesCsv,
  totals,
  verifiedTiers,
  vouchers,
  vouchersCsv,
} from './service';

const paging = listQuery;
/** What a list's CSV download says of itself in the API's documentation. */
const csvDoc = (what: string) =>
  fileRoute(
    'text/csv',
    `${what} of the range (every page, the newest 5,000 at most), columns headed in the request’s language, money as plain decimals beside a currency column, days as YYYY-MM-DD of the program’s calendar; UTF-8 with a byte order mark; text a spreadsheet would run as a formula starts with an apostrophe`,
  );

export function dashboardRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const doc = (summary: string) => ({ tags: ['partner'], summary, security: [{ partner: [] }] });

  app.get(
    '/api/getPartnerSalesSummary',
    {
      onRequest: partner,
      schema: {
        ...doc('Current month sales, commissions, average order value, latest cash-out'),
        response: { 200: salesSummaryAnswer },
      },
    },
    async (request) => ({
      data: await salesSummary(ctx.db, partnerIdOf(request)),
    }),
  );

  app.get(
    '/api/getTotals',
    {
      onRequest: partner,
      schema: {
        ...doc('Totals by status and kind, and sales by region (CA, US, Other)'),
        response: { 200: totalsAnswer },
      },
    },
    async (request) => ({
      data: await totals(ctx.db, partnerIdOf(request)),
    }),
  );

  app.get(
    '/api/getPartnerSalesSummaryChart',
    {
      onRequest: partner,
      schema: {
        ...doc('Weekly (12 weeks) and monthly (12 months) sales and commissions'),
        response: { 200: salesChartAnswer },
      },
    },
    async (request) => ({
      data: await salesChart(ctx.db, partnerIdOf(request)),
    }),
  );

  app.get(
    '/api/getPartnerVerifiedTiers',
    {
      onRequest: partner,
      schema: {
        ...doc('Commission tiers, verified sales and progress to the next tier'),
        response: { 200: verifiedTiersAnswer },
      },
    },
    async (request) => ({
      data: await verifiedTiers(ctx.db, partnerIdOf(request)),
    }),
  );

  app.get(
    '/api/getShopifySalesItemsNoVouchers',
    {
      onRequest: partner,
      schema: {
        ...doc('Store sales made with the partner’s code (own-voucher orders left out), paged'),
        querystring: paging,
        response: { 200: shopSalesAnswer },
      },
    },
    async (request) => shopSales(ctx.db, partnerIdOf(request), request.query, requestLocale(request)),
  );

  app.get(
    '/api/getShopifySalesItemsReferrals',
    {
      onRequest: partner,
      schema: {
        ...doc('Sales of referred partners that earned a referral commission, paged'),
        querystring: paging,
        response: { 200: referralSalesAnswer },
      },
    },
    async (request) => referralSales(ctx.db, partnerIdOf(request), request.query, requestLocale(request)),
  );

  app.get(
    '/api/getVouchersPaginated',
    {
      onRequest: partner,
      schema: {
        ...doc('Vouchers issued to the partner, paged'),
        querystring: paging,
        response: { 200: pagedAnswer(voucherAnswerSchema) },
      },
    },
    async (request) => vouchers(ctx.db, partnerIdOf(request), request.query),
  );

  app.get(
    '/api/exports/sales.csv',
    {
      onRequest: partner,
      schema: {
        ...doc('The store sales of a range as CSV (`sales-<date>.csv`)'),
        querystring: listExportQuery,
        ...csvDoc('The store sales'),
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const file = await shopSalesCsv(ctx.db, partnerIdOf(request), request.query, locale);
      return sendListCsv(reply, 'sales', listCsv(file.columns, file.rows, locale));
    },
  );

  app.get(
    '/api/exports/referrals.csv',
    {
      onRequest: partner,
      schema: {
        ...doc('The referral sales of a range as CSV (`referrals-<date>.csv`)'),
        querystring: listExportQuery,
        ...csvDoc('The referral sales'),
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const file = await referralSalesCsv(ctx.db, partnerIdOf(request), request.query, locale);
      return sendListCsv(reply, 'referrals', listCsv(file.columns, file.rows, locale));
    },
  );

  app.get(
    '/api/exports/vouchers.csv',
    {
      onRequest: partner,
      schema: {
        ...doc('The vouchers of a range (by the day each became valid) as CSV (`vouchers-<date>.csv`)'),
        querystring: listExportQuery,
        ...csvDoc('The vouchers'),
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const file = await vouchersCsv(ctx.db, partnerIdOf(request), request.query, locale);
      return sendListCsv(reply, 'vouchers', listCsv(file.columns, file.rows, locale));
    },
  );

  app.get(
    '/api/getSalesNotifications',
    {
      onRequest: partner,
      schema: { ...doc('The latest sale notifications'), response: { 200: saleNotificationsAnswer } },
    },
    async (request) => ({
      data: await saleNotifications(ctx.db, partnerIdOf(request), requestLocale(request)),
    }),
  );

  app.get(
    '/api/getBellNotifications',
    {
      onRequest: partner,
      schema: {
        ...doc('Unread count and the latest notifications'),
        response: { 200: bellNotificationsAnswer },
      },
    },
    async (request) => ({
      data: await bellNotifications(ctx.db, partnerIdOf(request), requestLocale(request)),
    }),
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: partner,
      schema: {
        ...doc(
          'Marks notifications read (all when no ids are given; any kind: sales, announcements, custom notifications); answers the unread counts',
        ),
        body: z.object({ ids: z.array(z.number().int()).max(500).optional() }).default({}),
        response: { 200: notificationsReadAnswer },
      },
    },
    async (request) => ({
      data: await markNotificationsRead(ctx.db, partnerIdOf(request), request.body.ids),
    }),
  );
}
