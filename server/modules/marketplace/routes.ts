import type { FastifyError } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportBytesProblem, REPORT_MAX_BYTES } from '../../../common/marketplace-report';
import type { ReportFileProblem } from '../../../common/marketplace-report';
import {
  amazonLinksAnswer,
  importAnswer,
  importLinesAnswer,
  importsAnswer,
  marketplaceSalesAnswer,
} from '../../../common/contracts/marketplace';
import type { AppContext, TypedApp } from '../../context';
import { AppError } from '../../errors';
import type { ApiMessageKey } from '../../errors';
import { requestLocale, sayKey } from '../../i18n';
import { sendListCsv, listCsv } from '../../plugins/list-export';
import { listExportQuery, listQuery } from '../../plugins/list-range';
import { idParams, pagingQuery } from '../../plugins/paging';
import { partnerIdOf, requirePartner, requireStaff, staffIdOf } from '../auth';
import { voucherAnswer } from '../../../common/contracts/vouchers';
import { fileRoute } from '../../../common/contracts/answers';
import { issueVoucher, voucherInputSchema, voucherJson } from '../vouchers/service';
import {
  amazonLinks,
  importAssociatesReport,
  importDetail,
  listImports,
  marketplaceSales,
  marketplaceSalesCsv,
} from './service';

const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });

const REFUSALS: Record<ReportFileProblem, { status: number; key: ApiMessageKey }> = {
  file_type: { status: 415, key: 'marketplace.file_type_with_csv' },
  too_large: { status: 413, key: 'marketplace.too_large' },
  empty: { status: 422, key: 'marketplace.empty' },
  not_text: { status: 422, key: 'marketplace.not_text' },
};
/** A report refused whole, said by the rule it breaks, at the field `file` too (as the SPA shows it). */
const refused = (problem: ReportFileProblem) => {
  const { status, key } = REFUSALS[problem];
  return new AppError(status, key, { errors: { file: [key] } });
};

const filename = z
  .string({ error: sayKey('wrong_value') })
  .trim()
  .min(1, sayKey('required'))
  .max(255, sayKey('max', { n: 255 }))
  // A name is shown back to staff: no control characters (and PostgreSQL's text holds no NUL).
  .refine(
    (v) => ![...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
    sayKey('wrong_value'),
  );

export function marketplaceRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const staff = requireStaff(ctx.db, ['manager', 'admin']);

  app.get(
    '/api/generateAmazonLinks',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'One Amazon link per product, carrying the partner’s tracking id',
        security: [{ partner: [] }],
        response: { 200: amazonLinksAnswer },
      },
    },
    async (request) => ({ data: await amazonLinks(ctx.db, partnerIdOf(request), requestLocale(request)) }),
  );

  app.get(
    '/api/getAmazonSalesItems',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'Marketplace sales from imported Associates reports, paged, in a range of report days',
        security: [{ partner: [] }],
        querystring: listQuery,
        response: { 200: marketplaceSalesAnswer },
      },
    },
    async (request) => marketplaceSales(ctx.db, partnerIdOf(request), request.query, requestLocale(request)),
  );

  app.get(
    '/api/exports/marketplace.csv',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'The marketplace sales of a range as CSV (`marketplace-<date>.csv`)',
        security: [{ partner: [] }],
        querystring: listExportQuery,
        ...fileRoute(
          'text/csv',
          'The marketplace sales of the range (every page, the newest 5,000 at most), columns headed in the request’s language, money as plain decimals beside a currency column, days as YYYY-MM-DD; UTF-8 with a byte order mark; text a spreadsheet would run as a formula starts with an apostrophe',
        ),
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const file = await marketplaceSalesCsv(ctx.db, partnerIdOf(request), request.query, locale);
      return sendListCsv(reply, 'marketplace', listCsv(file.columns, file.rows, locale));
    },
  );

  app.post(
    '/api/manager/partners/:uuid/vouchers',
    {
      onRequest: staff,
      schema: {
        tags: ['manager'],
        summary: 'Issues a voucher to a partner (a code is generated when none is given)',
        security: [{ staff: [] }],
        params: z.object({ uuid: z.string().uuid() }),
        body: voucherInputSchema,
        response: { 201: voucherAnswer },
      },
    },
    async (request, reply) => {
      const v = await issueVoucher(ctx.db, staffIdOf(request), request.params.uuid, request.body);
      return reply.code(201).send({ data: voucherJson(v) });
    },
  );

  // The report is the request body itself (tab- or comma-separated text), named by `filename`.
  void app.register(async (child) => {
    const upload = child.withTypeProvider<ZodTypeProvider>();
    upload.addContentTypeParser(
      ['text/tab-separated-values', 'text/plain', 'text/csv', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: REPORT_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    // Fastify's words for a body it will not read say nothing of the rule: the report's own do
    // (the back office says the same before sending, common/marketplace-report.ts).
    upload.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw refused('too_large');
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE')
        throw refused('file_type');
      throw error;
    });
    upload.put(
      '/api/manager/marketplace/imports',
      {
        onRequest: staff,
        schema: {
          ...doc(
            'Imports an Amazon Associates earnings report: the body is the file itself, tab- or comma-separated UTF-8 text (the header row says which), at most 5 MB; a return never takes back more than the partner’s earlier lines on its tracking ID brought in; the same file twice changes nothing (manager, admin)',
          ),
          querystring: z.object({
            filename: filename.default('report.tsv'),
            currency: z
              .string()
              .regex(/^[A-Za-z]{3}$/, sayKey('wrong_value'))
              .transform((v) => v.toUpperCase())
              .optional()
              .describe(
                'The report’s currency (amazon.com USD, amazon.ca CAD…): the program currency unless said; another one is converted at the rate set for it in the settings, and without one the report is refused (422 `errors.currency`)',
              ),
          }),
          response: { 200: importAnswer },
        },
      },
      async (request) => {
        // A body another parser read (JSON, a form) is not a report file.
        if (request.body !== undefined && !Buffer.isBuffer(request.body)) throw refused('file_type');
        const content = request.body ?? Buffer.alloc(0);
        const problem = reportBytesProblem(content);
        if (problem) throw refused(problem);
        return {
          data: await importAssociatesReport(
            ctx.db,
            { name: request.query.filename, content },
            staffIdOf(request),
            {
              now: new Date(),
              locale: requestLocale(request),
              ...(request.query.currency ? { currency: request.query.currency } : {}),
            },
          ),
        };
      },
    );
  });

  app.get(
    '/api/manager/marketplace/imports',
    {
      onRequest: staff,
      schema: {
        ...doc(
          'Past imports of Associates reports, newest first: the file, who, when, rows imported, duplicates skipped, lines rejected (manager, admin)',
        ),
        querystring: pagingQuery(20),
        response: { 200: importsAnswer },
      },
    },
    async (request) => listImports(ctx.db, request.query),
  );

  app.get(
    '/api/manager/marketplace/imports/:id',
    {
      onRequest: staff,
      schema: {
        ...doc(
          'One import and a page of its rejected lines in order, each with its number and the reason in the reader’s language (manager, admin)',
        ),
        params: idParams,
        querystring: pagingQuery(50),
        response: { 200: importLinesAnswer },
      },
    },
    async (request) => importDetail(ctx.db, request.params.id, request.query, requestLocale(request)),
  );
}
