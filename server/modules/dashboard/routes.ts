import { z } from 'zod';
import { pagedAnswer } from '../../../common/contracts/answers';
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
import { pagingQuery } from '../../plugins/paging';
import { partnerIdOf, requirePartner } from '../auth';
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
    '/api/getSalesNotifications',
    {
      onRequest: partner,
      schema: { ...doc('The latest sale notifications'), response: { 200: saleNotificationsAnswer } },
    },
    async (request) => ({
      data: await saleNotifications(ctx.db, partnerIdOf(request)),
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
    async (request) => ({ data: await bellNotifications(ctx.db, partnerIdOf(request)) }),
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
