// Cash-out routes: the partner's (docs/product/payouts.md#cash-out) and the back office's (docs/product/back-office.md#partners).
import { z } from 'zod';
import { noNul } from '../../../common/validation';
import type { FastifyReply } from 'fastify';
import { STATUSES } from '../../../common/statuses';
import { fileRoute } from '../../../common/contracts/answers';
import {
  invoicesAnswer,
  payMeNowAnswer,
  payMeNowStatsAnswer,
  payoutDetailAnswer,
  payoutQueueAnswer,
  paypalWebhookAnswer,
} from '../../../common/contracts/payouts';
import type { AppContext, TypedApp } from '../../context';
import type { PayoutStatus } from '../../db/schema';
import { requestLocale, sayKey } from '../../i18n';
import { sendCsv } from '../../plugins/csv';
import { sendListCsv, listCsv } from '../../plugins/list-export';
import { listExportQuery, listQuery } from '../../plugins/list-range';
import { pagingQuery } from '../../plugins/paging';
import { partnerIdOf, requirePartner, requireStaff, staffIdOf } from '../auth';
import { recordExport } from '../audit/service';
import { findStaffById } from '../staff/service';
import { renderInvoicePdf } from './invoice-pdf';
import {
  invoiceDocument,
  markPayoutPaid,
  partnerInvoices,
  partnerInvoicesCsv,
  payMeNowStats,
  requestPayout,
  reviewPayout,
} from './service';
import { payoutDetail, payoutQueue, payoutsCsv } from './staff-views';
import { createHash } from 'node:crypto';
import { applyPayPalEvent, payoutOfEvent, rememberVerified, verifiedBefore } from './paypal';
import { parsePayPalPayoutEvent } from '../../integrations/paypal/webhook-event';
import { AppError, notAuthorized } from '../../errors';

const idParam = z.object({
  id: z.coerce
    .number({ error: sayKey('wrong_value') })
    .int(sayKey('wrong_value'))
    .min(1, sayKey('wrong_value'))
    .max(2_147_483_647, sayKey('wrong_value')),
});
const expectedStatus = z
  .enum(STATUSES, { error: sayKey('wrong_value') })
  .optional()
  .describe('The status the staff member saw: another answers 409');
// PostgreSQL's text cannot hold a NUL character: refused as input, not a 500 from the database.
const queueStatus = z.enum([...STATUSES, 'open'], { error: sayKey('wrong_value') }).optional();
const queueSearch = z
  .string()
  .max(200, sayKey('wrong_value'))
  .refine(noNul, sayKey('wrong_value'))
  .optional();
const reasonText = z
  .string({ error: sayKey('wrong_value') })
  .trim()
  .max(500, sayKey('max', { n: 500 }))
  .refine(noNul, sayKey('wrong_value'));

async function sendPdf(reply: FastifyReply, doc: Awaited<ReturnType<typeof invoiceDocument>>) {
  const pdf = await renderInvoicePdf(doc);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${doc.number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export function payoutRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const doc = (summary: string) => ({ tags: ['partner'], summary, security: [{ partner: [] }] });
  const paypalConfigured = () => Boolean(ctx.config.paypal.clientId && ctx.config.paypal.clientSecret);

  app.get(
    '/api/getPayMeNowStats',
    {
      onRequest: partner,
      // The schema below documents the answer and types the handler (the compiler checks its
      // shape); checking it again at run time took a third of this page's time (docs/performance.md).
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        ...doc('Payable and pending balances, the rules still unmet, the open cash-out and the latest ones'),
        response: { 200: payMeNowStatsAnswer },
      },
    },
    async (request) => ({ data: await payMeNowStats(ctx.db, partnerIdOf(request), requestLocale(request)) }),
  );

  const payMeNow = {
    onRequest: partner,
    schema: {
      ...doc('Pay me now: gathers every approved earning and adjustment into one cash-out with its invoice'),
      response: { 201: payMeNowAnswer },
    },
  };
  // The spec calls it with GET (docs/product/errors-and-languages.md#the-api-conventions); POST is accepted too (docs/product/payouts.md).
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/payMeNow',
      ...payMeNow,
      handler: async (request, reply) =>
        reply
          .code(201)
          .send({ data: await requestPayout(ctx.db, partnerIdOf(request), requestLocale(request)) }),
    });
  }

  app.get(
    '/api/getInvoices',
    {
      onRequest: partner,
      schema: {
        ...doc(
          'The partner’s invoices, one per cash-out, newest first, paged, in a range of the day each was issued',
        ),
        querystring: listQuery,
        response: { 200: invoicesAnswer },
      },
    },
    async (request) => partnerInvoices(ctx.db, partnerIdOf(request), request.query, requestLocale(request)),
  );

  app.get(
    '/api/exports/invoices.csv',
    {
      onRequest: partner,
      schema: {
        ...doc('The partner’s invoices of a range as CSV (`invoices-<date>.csv`)'),
        querystring: listExportQuery,
        ...fileRoute(
          'text/csv',
          'The invoices of the range (every page, the newest 5,000 at most), columns headed in the request’s language, amounts as plain decimals beside their currency, days as YYYY-MM-DD of the program’s calendar; UTF-8 with a byte order mark; text a spreadsheet would run as a formula starts with an apostrophe',
        ),
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const file = await partnerInvoicesCsv(ctx.db, partnerIdOf(request), request.query, locale);
      return sendListCsv(reply, 'invoices', listCsv(file.columns, file.rows, locale));
    },
  );

  app.get(
    '/api/invoices/:id/pdf',
    {
      onRequest: partner,
      schema: {
        ...doc('The invoice as a PDF in the partner’s language (404 for another partner’s)'),
        params: idParam,
        ...fileRoute('application/pdf', 'The invoice, `<number>.pdf`'),
      },
    },
    async (request, reply) =>
      sendPdf(reply, await invoiceDocument(ctx.db, request.params.id, partnerIdOf(request))),
  );

  // ---- Back office
  const staffDoc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });
  const anyStaff = requireStaff(ctx.db);
  const staffOf = async (request: { staffId?: number }) => {
    const staff = await findStaffById(ctx.db, staffIdOf(request));
    if (!staff) throw notAuthorized();
    return staff;
  };

  app.get(
    '/api/manager/payouts',
    {
      onRequest: anyStaff,
      schema: {
        ...staffDoc(
          'The payouts queue: by status (or `open`), searched by partner name, e-mail, code, payout id or invoice number',
        ),
        querystring: pagingQuery(20).extend({ status: queueStatus, q: queueSearch }),
        response: { 200: payoutQueueAnswer },
      },
    },
    async (request) => payoutQueue(ctx.db, request.query, requestLocale(request)),
  );

  app.get(
    '/api/manager/payouts.csv',
    {
      onRequest: anyStaff,
      schema: {
        ...staffDoc('The payouts of the queue as CSV (same filters), for accounting'),
        querystring: z.object({ status: queueStatus, q: queueSearch }),
        ...fileRoute('text/csv', 'The payouts, one a line, `payouts-<date>.csv`'),
      },
    },
    async (request, reply) => {
      const rows = await payoutsCsv(ctx.db, request.query);
      await recordExport(ctx.db, staffIdOf(request), 'payouts', request.query);
      return sendCsv(reply, 'payouts', rows);
    },
  );

  app.get(
    '/api/manager/payouts/:id',
    {
      onRequest: anyStaff,
      schema: {
        ...staffDoc(
          'One payout: its partner, earnings, fraud signals, history, and what this staff member may do',
        ),
        params: idParam,
        response: { 200: payoutDetailAnswer },
      },
    },
    async (request) => ({
      data: await payoutDetail(
        ctx.db,
        request.params.id,
        await staffOf(request),
        paypalConfigured(),
        requestLocale(request),
      ),
    }),
  );

  app.post(
    '/api/manager/payouts/:id/review',
    {
      onRequest: anyStaff,
      schema: {
        ...staffDoc(
          'A review decision; the staff member’s role decides the stage it acts on (409 when the payout changed meanwhile)',
        ),
        params: idParam,
        body: z
          .object({
            action: z.enum(['approve', 'reject', 'review'], { error: sayKey('wrong_value') }),
            reason: reasonText.optional(),
            fraudulent: z.boolean({ error: sayKey('wrong_value') }).optional(),
            expected_status: expectedStatus,
          })
          .superRefine((body, issue) => {
            if (body.action !== 'approve' && !body.reason)
              issue.addIssue({ code: 'custom', path: ['reason'], message: sayKey('required') });
            if (body.fraudulent && body.action !== 'reject')
              issue.addIssue({ code: 'custom', path: ['fraudulent'], message: sayKey('wrong_value') });
          }),
        response: { 200: payoutDetailAnswer },
      },
    },
    async (request) => {
      const staff = await staffOf(request);
      const { action, reason, fraudulent, expected_status } = request.body;
      await reviewPayout(ctx.db, {
        payoutId: request.params.id,
        staff,
        action,
        reason,
        fraudulent,
        expected: expected_status as PayoutStatus | undefined,
        paypalConfigured: paypalConfigured(),
      });
      ctx.jobs.wake();
      return {
        data: await payoutDetail(
          ctx.db,
          request.params.id,
          staff,
          paypalConfigured(),
          requestLocale(request),
        ),
      };
    },
  );

  app.post(
    '/api/manager/payouts/:id/mark-paid',
    {
      onRequest: requireStaff(ctx.db, ['manager', 'admin']),
      schema: {
        ...staffDoc(
          'Records a payment made by hand, with its reference (only while PayPal is not configured)',
        ),
        params: idParam,
        body: z.object({
          reference: z
            .string({ error: sayKey('required') })
            .trim()
            .min(1, sayKey('required'))
            .max(200, sayKey('wrong_value'))
            .refine(noNul, sayKey('wrong_value')),
          expected_status: expectedStatus,
        }),
        response: { 200: payoutDetailAnswer },
      },
    },
    async (request) => {
      const staff = await staffOf(request);
      await markPayoutPaid(ctx.db, {
        payoutId: request.params.id,
        staff,
        reference: request.body.reference,
        expected: request.body.expected_status as PayoutStatus | undefined,
        paypalConfigured: paypalConfigured(),
      });
      ctx.jobs.wake();
      return {
        data: await payoutDetail(
          ctx.db,
          request.params.id,
          staff,
          paypalConfigured(),
          requestLocale(request),
        ),
      };
    },
  );

  app.get(
    '/api/manager/invoices/:id/pdf',
    {
      onRequest: anyStaff,
      schema: {
        ...staffDoc('An invoice as a PDF'),
        params: idParam,
        ...fileRoute('application/pdf', 'The invoice, `<number>.pdf`'),
      },
    },
    async (request, reply) => sendPdf(reply, await invoiceDocument(ctx.db, request.params.id)),
  );

  // PayPal's webhooks (docs/product/payouts.md#paypal): nothing changes before PayPal itself has confirmed the
  // signature; the body is read raw so it is verified exactly as PayPal sent it.
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/api/webhooks/paypal',
      {
        // PayPal sends a few events a payout; more than this from one address is not PayPal.
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['webhooks'],
          summary: 'PayPal Payouts item webhooks (verified with PayPal before use)',
          description:
            'Answers 200 `{"data": {"outcome": "applied" | "ignored" | "unknown"}}`. Before PayPal is asked: a body that is not a payout item event is 400; an event of a kind the portal does not handle is `ignored` and one for a payout it does not know `unknown`, both changing nothing. An event PayPal does not confirm is 400 and changes nothing; 5xx when PayPal cannot be asked, so it redelivers. A transmission PayPal confirmed, with the same body, is not asked again. At most 120 a minute from one address (429).',
          response: { 200: paypalWebhookAnswer },
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let body: unknown;
        try {
          body = JSON.parse(rawBody.toString('utf8'));
        } catch {
          throw new AppError(400, 'paypal_event_unverified');
        }
        // What the portal would not act on is settled before PayPal is asked (issue 31): asking
        // spends the program's PayPal API quota, and anyone can post here.
        const parsed = parsePayPalPayoutEvent(body);
        if (!parsed.ok) {
          request.log.warn(
            { error: parsed.error, transmission: request.headers['paypal-transmission-id'] },
            'paypal webhook refused: not a payout item event',
          );
          throw new AppError(400, 'paypal_event_unverified');
        }
        if (!parsed.event) return reply.send({ data: { outcome: 'ignored' } });
        if (!(await payoutOfEvent(ctx.db, parsed.event.senderItemId))) {
          request.log.warn(
            { event: parsed.event.id, item: parsed.event.senderItemId },
            'paypal webhook for an unknown payout',
          );
          return reply.send({ data: { outcome: 'unknown' } });
        }
        const transmission = request.headers['paypal-transmission-id'];
        const transmissionId =
          typeof transmission === 'string' && transmission.length <= 100 ? transmission : null;
        const digest = createHash('sha256').update(rawBody).digest('hex');
        const known = transmissionId !== null && (await verifiedBefore(ctx.db, transmissionId, digest));
        if (!known) {
          if (!ctx.paypal || !(await ctx.paypal.verifyWebhook(request.headers, rawBody.toString('utf8')))) {
            request.log.warn({ transmission }, 'paypal webhook refused: not verified');
            throw new AppError(400, 'paypal_event_unverified');
          }
          if (transmissionId) await rememberVerified(ctx.db, transmissionId, digest);
        }
        const outcome = await applyPayPalEvent(ctx.db, parsed.event);
        if (outcome === 'unknown')
          request.log.warn(
            { event: parsed.event.id, item: parsed.event.senderItemId },
            'paypal webhook for an unknown payout',
          );
        ctx.jobs.wake();
        return reply.send({ data: { outcome } });
      },
    );
  });
}
