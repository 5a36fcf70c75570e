import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGING } from '../../../common/statuses';
import type { AppContext, TypedApp } from '../../context';
import { invalid } from '../../errors';
import { requestLocale, sayKey } from '../../i18n';
import { partnerIdOf, requirePartner, requireStaff, staffIdOf } from '../auth/guards';
import { issueVoucher, voucherAnswerSchema, voucherInputSchema, voucherJson } from '../vouchers/service';
import { amazonLinks, importAssociatesReport, marketplaceSales } from './service';

const paging = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(PAGING.defaultPage),
  length: z.coerce.number().int().min(1).max(PAGING.maxLength).default(PAGING.defaultLength),
});
const REPORT_LIMIT = 5 * 1024 * 1024;

export function marketplaceRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const staff = requireStaff(ctx.db, ['manager', 'admin']);

  app.get(
    '/api/generateAmazonLinks',
    { onRequest: partner, schema: { tags: ['partner'], summary: 'One Amazon link per product, carrying the partner’s tracking id', security: [{ partner: [] }] } },
    async (request) => ({ data: await amazonLinks(ctx.db, partnerIdOf(request), requestLocale(request)) }),
  );

  app.get(
    '/api/getAmazonSalesItems',
    { onRequest: partner, schema: { tags: ['partner'], summary: 'Marketplace sales from imported Associates reports, paged', security: [{ partner: [] }], querystring: paging } },
    async (request) => marketplaceSales(ctx.db, partnerIdOf(request), request.query, requestLocale(request)),
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
        response: { 201: z.object({ data: voucherAnswerSchema }) },
      },
    },
    async (request, reply) => {
      const v = await issueVoucher(ctx.db, staffIdOf(request), request.params.uuid, request.body);
      return reply.code(201).send({ data: voucherJson(v) });
    },
  );

  // The report is the request body itself (tab-separated text), named by `filename`.
  void app.register(async (child) => {
    const upload = child.withTypeProvider<ZodTypeProvider>();
    upload.addContentTypeParser(['text/tab-separated-values', 'text/plain', 'text/csv', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: REPORT_LIMIT }, (_req, body, done) => done(null, body));
    upload.put(
      '/api/manager/marketplace/imports',
      {
        onRequest: staff,
        schema: {
          tags: ['manager'],
          summary: 'Imports an Amazon Associates earnings report (tab-separated); the same file twice changes nothing',
          security: [{ staff: [] }],
          querystring: z.object({ filename: z.string().min(1).max(255).default('report.tsv') }),
        },
      },
      async (request) => {
        const content = Buffer.isBuffer(request.body) ? request.body : null;
        if (!content || content.length === 0) throw invalid({ file: [sayKey('required')] });
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(content);
        } catch {
          throw invalid({ file: [sayKey('wrong_value')] });
        }
        return { data: await importAssociatesReport(ctx.db, { name: request.query.filename, content }, staffIdOf(request)) };
      },
    );
  });
}
