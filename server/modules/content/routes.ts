// The content kit's routes (docs/product/content.md#staff-edits, docs/product/content.md#caption-check; the texts' shapes in common/content.ts, the answers in common/contracts/content.ts): the partner's
// talking points, pages, Grab and Go, kit and caption check; the images themselves; and the back
// office's editing of all of it (manager and admin).
import fs from 'node:fs/promises';
import { z } from 'zod';
import { noNul } from '../../../common/validation';
import type { FastifyError, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageContentSchema, productContentSchema } from '../../../common/content';
import { LOCALES } from '../../../common/i18n';
import type { Locale } from '../../../common/i18n';
import { PRODUCT_CODES } from '../../../common/products';
import { fileRoute, noBody } from '../../../common/contracts/answers';
import {
  captionCheckAnswer,
  competitorList,
  entryAnswer,
  galleryAnswer,
  pageAnswer,
  productAnswer,
  productsAnswer,
  staffGalleryAnswer,
  staffGalleryImageAnswer,
  staffPagesAnswer,
  staffProductsAnswer,
  versionAnswer,
} from '../../../common/contracts/content';
import type { AppContext, TypedApp } from '../../context';
import { AppError, invalid, notFound, schemaMessage } from '../../errors';
import { requestLocale, sayKey } from '../../i18n';
import { requirePublicClient } from '../../plugins/public-client';
import { partnerIdOf, requirePartner, requireStaff, staffIdOf } from '../auth';
import { MEDIA_FORMATS, MEDIA_NAME, MEDIA_TYPES, MEDIA_WIDTHS, UPLOAD_MAX_BYTES, mediaDirs } from './media';
import type { MediaWidth } from './media';
import {
  checkPartnerCaption,
  competitors,
  deleteGalleryImage,
  editGalleryImage,
  isPublicPage,
  mediaFile,
  orderGallery,
  pageDocument,
  partnerGallery,
  productDetail,
  productKit,
  productSummaries,
  readerOf,
  restoreText,
  saveText,
  setCompetitors,
  staffEntry,
  staffGallery,
  staffPageList,
  staffProductList,
  staffVersion,
  uploadGalleryImage,
} from './service';
import type { TextAddress } from './service';
import { unknownPageVariables } from './variables';

// PostgreSQL's text cannot hold a NUL character: refused as input, not a 500 from the database.
const wrong = sayKey('wrong_value');

const localeQuery = z.object({
  locale: z
    .enum(LOCALES, { error: wrong })
    .optional()
    .describe('The language to answer in; the partner’s own by default'),
});
/** `?format=`: the images as stored (WebP, the default) or as JPEG; anything else is refused. */
const formatQuery = z
  .enum(MEDIA_FORMATS, { error: 'content.media_format' })
  .optional()
  .describe('webp (the default) or jpeg');
const whole = (max: number) => z.coerce.number({ error: wrong }).int(wrong).min(1, wrong).max(max, wrong);

// ---- Inputs

const tagText = z
  .string({ error: wrong })
  .trim()
  .min(1, sayKey('required'))
  .max(30, sayKey('max', { n: 30 }))
  .refine(noNul, wrong);
const tagList = z
  .array(tagText, { error: wrong })
  .max(12, wrong)
  // Tags that differ only in case are one tag.
  .transform((tags) =>
    tags.filter((tag, i) => tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i),
  );
const altText = z
  .string({ error: sayKey('required') })
  .trim()
  .min(1, sayKey('required'))
  .max(1000, sayKey('max', { n: 1000 }))
  .refine(noNul, wrong);
const productOrNone = z.enum(PRODUCT_CODES, { error: wrong }).nullable();

const pageBody = pageContentSchema.superRefine((page, issue) => {
  if (unknownPageVariables(page).length > 0)
    issue.addIssue({ code: 'custom', message: 'content.unknown_variable' });
});
const baseVersion = z
  .number({ error: sayKey('required') })
  .int(wrong)
  .min(0, wrong)
  .describe('The version the editor started from: another one answers 409');

// Answers come from rows the server wrote after validating them: the contract's schemas
// (common/contracts/content.ts) document and type them, and are not run again on the way out.
const plainJson = () => (data: unknown) => JSON.stringify(data);

export function contentRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const publicClient = requirePublicClient(ctx.secrets.publicClientToken);
  const dirs = mediaDirs(ctx.config.dataDir);
  const doc = (summary: string) => ({ tags: ['partner'], summary, security: [{ partner: [] }] });

  app.get(
    '/api/products',
    {
      onRequest: partner,
      serializerCompiler: plainJson,
      schema: {
        ...doc('The 16 products, in the line’s order, for the product buttons'),
        querystring: localeQuery,
        response: { 200: productsAnswer },
      },
    },
    async (request) => ({
      data: await productSummaries(
        ctx.db,
        (await readerOf(ctx.db, partnerIdOf(request), request.query.locale)).locale,
      ),
    }),
  );

  app.get(
    '/api/products/:code',
    {
      onRequest: partner,
      serializerCompiler: plainJson,
      schema: {
        ...doc('A product’s talking points, its ready captions carrying the partner’s own promo code'),
        params: z.object({ code: z.string() }),
        querystring: localeQuery,
        response: { 200: productAnswer },
      },
    },
    async (request) => ({
      data: await productDetail(
        ctx.db,
        request.params.code,
        await readerOf(ctx.db, partnerIdOf(request), request.query.locale),
      ),
    }),
  );

  app.get(
    '/api/products/:code/kit',
    {
      onRequest: partner,
      schema: {
        ...doc(
          'The product’s kit: a ZIP of its images (WebP, or JPEG with `format=jpeg`, under images/) and captions-<locale>.txt with the partner’s code',
        ),
        params: z.object({ code: z.string() }),
        querystring: localeQuery.extend({ format: formatQuery }),
        ...fileRoute('application/zip', 'The kit, `sunbite-<product>-kit.zip` (`-kit-jpeg.zip` in JPEG)'),
      },
    },
    async (request, reply) => {
      const kit = await productKit(
        ctx.db,
        dirs,
        request.params.code,
        await readerOf(ctx.db, partnerIdOf(request), request.query.locale),
        request.query.format,
      );
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${kit.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(kit.zip.buffer, kit.zip.byteOffset, kit.zip.byteLength));
    },
  );

  // Terms and policy are public (a visitor reads them before signing up); the others are the
  // partner's. A public page read with a partner's token is in the partner's language.
  const pageGuard: onRequestAsyncHookHandler = async function (request, reply) {
    const { slug } = request.params as { slug?: string };
    if (slug !== undefined && isPublicPage(slug)) {
      const isPublicClient = await publicClient.call(this, request, reply).then(
        () => true,
        () => false,
      );
      if (isPublicClient) return;
    }
    await partner.call(this, request, reply);
  };

  app.get(
    '/api/pages/:slug',
    {
      onRequest: pageGuard,
      serializerCompiler: plainJson,
      schema: {
        tags: ['partner'],
        summary:
          'A page (faq, terms, policy, crafting_perfect_post, post_guidelines) with the program’s values filled in; terms and policy need only the public client credential',
        security: [{ partner: [] }, { publicClient: [] }],
        params: z.object({ slug: z.string() }),
        querystring: localeQuery,
        response: { 200: pageAnswer },
      },
    },
    async (request) => {
      let locale: Locale | undefined = request.query.locale;
      if (!locale && request.partnerId !== undefined)
        locale = (await readerOf(ctx.db, request.partnerId)).locale;
      return { data: await pageDocument(ctx.db, request.params.slug, locale ?? requestLocale(request)) };
    },
  );

  app.get(
    '/api/gallery',
    {
      onRequest: partner,
      serializerCompiler: plainJson,
      schema: {
        ...doc(
          'Grab and Go: ready-to-post images in the staff’s order, one product’s when `product` is given',
        ),
        querystring: localeQuery.extend({ product: z.enum(PRODUCT_CODES, { error: wrong }).optional() }),
        response: { 200: galleryAnswer },
      },
    },
    async (request) => {
      const { locale } = await readerOf(ctx.db, partnerIdOf(request), request.query.locale);
      return { data: await partnerGallery(ctx.db, locale, request.query.product) };
    },
  );

  app.get(
    '/api/media/:name',
    {
      schema: {
        tags: ['public'],
        summary:
          'An image (WebP, or JPEG with `format=jpeg`), cached as immutable; `w` gives a narrower rendition. No credential: it is used in <img src>',
        params: z.object({ name: z.string() }),
        querystring: z.object({
          w: z
            .enum(MEDIA_WIDTHS.map(String) as [string, ...string[]], { error: 'content.media_width' })
            .optional(),
          format: formatQuery,
        }),
        ...fileRoute('image/webp', 'The image'),
        produces: Object.values(MEDIA_TYPES),
      },
    },
    async (request, reply) => {
      if (!MEDIA_NAME.test(request.params.name)) throw notFound();
      const width = request.query.w === undefined ? undefined : (Number(request.query.w) as MediaWidth);
      const format = request.query.format ?? 'webp';
      const file = await mediaFile(ctx.db, dirs, request.params.name, width, format);
      // Opened once and streamed from that handle: a file removed meanwhile is a 404, not a broken answer.
      const handle = await fs.open(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw notFound();
        throw error;
      });
      const { size } = await handle.stat();
      return reply
        .type(MEDIA_TYPES[format])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', size)
        .send(handle.createReadStream());
    },
  );

  app.post(
    '/api/caption-check',
    {
      onRequest: partner,
      serializerCompiler: plainJson,
      schema: {
        ...doc(
          'Checks a draft caption against the post rules (docs/product/content.md#caption-check), with the partner’s code, the competitor list and the product’s approved benefits',
        ),
        body: z.object({
          text: z.string({ error: sayKey('required') }).max(2200, sayKey('max', { n: 2200 })),
          product: z.enum(PRODUCT_CODES, { error: wrong }).optional(),
          locale: z.enum(LOCALES, { error: wrong }).optional(),
        }),
        response: { 200: captionCheckAnswer },
      },
    },
    async (request) => {
      const reader = await readerOf(ctx.db, partnerIdOf(request), request.body.locale);
      return {
        data: await checkPartnerCaption(ctx.db, reader, {
          text: request.body.text,
          ...(request.body.product ? { product: request.body.product } : {}),
        }),
      };
    },
  );

  staffContentRoutes(app, ctx);
}

function staffContentRoutes(app: TypedApp, ctx: AppContext): void {
  const manager = requireStaff(ctx.db, ['manager', 'admin']);
  const dirs = mediaDirs(ctx.config.dataDir);
  const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });
  const base = '/api/manager/content';

  app.get(
    `${base}/products`,
    {
      onRequest: manager,
      serializerCompiler: plainJson,
      schema: {
        ...doc('Every product with the state of its English and French texts'),
        response: { 200: staffProductsAnswer },
      },
    },
    async (request) => ({ data: await staffProductList(ctx.db, requestLocale(request)) }),
  );
  app.get(
    `${base}/pages`,
    {
      onRequest: manager,
      serializerCompiler: plainJson,
      schema: {
        ...doc('Every page with the state of its English and French texts'),
        response: { 200: staffPagesAnswer },
      },
    },
    async (request) => ({ data: await staffPageList(ctx.db, requestLocale(request)) }),
  );

  // The same four routes for products (`:code`) and pages (`:slug`).
  for (const kind of ['product', 'page'] as const) {
    const key = kind === 'product' ? 'code' : 'slug';
    const path = `${base}/${kind}s/:${key}/:locale`;
    const body = kind === 'product' ? productContentSchema : pageBody;
    const params = z.object({ [key]: z.string(), locale: z.enum(LOCALES, { error: wrong }) });
    const versionParams = params.extend({ version: whole(1_000_000) });
    const address = (p: Record<string, string>): TextAddress => ({
      kind,
      key: p[key]!,
      locale: p.locale as Locale,
    });
    const noun = kind === 'product' ? 'A product’s talking points' : 'A page';

    app.get(
      path,
      {
        onRequest: manager,
        serializerCompiler: plainJson,
        schema: {
          ...doc(`${noun} in one language, with its history (who, when)`),
          params,
          response: { 200: entryAnswer(body) },
        },
      },
      async (request) => ({
        data: await staffEntry(ctx.db, address(request.params as Record<string, string>)),
      }),
    );
    app.get(
      `${path}/versions/:version`,
      {
        onRequest: manager,
        serializerCompiler: plainJson,
        schema: {
          ...doc(`One version of ${noun.toLowerCase()}`),
          params: versionParams,
          response: { 200: versionAnswer(body) },
        },
      },
      async (request) => ({
        data: await staffVersion(
          ctx.db,
          address(request.params as Record<string, string>),
          (request.params as unknown as { version: number }).version,
        ),
      }),
    );
    app.put(
      path,
      {
        onRequest: manager,
        serializerCompiler: plainJson,
        schema: {
          ...doc(
            `Saves ${noun.toLowerCase()} as a new version on top of \`base_version\` (409 when someone saved meanwhile)`,
          ),
          params,
          body: z.object({ body, base_version: baseVersion }),
          response: { 200: entryAnswer(body) },
        },
      },
      async (request) => {
        const { body: content, base_version } = request.body as {
          body: Parameters<typeof saveText>[2];
          base_version: number;
        };
        return {
          data: await saveText(
            ctx.db,
            address(request.params as Record<string, string>),
            content,
            base_version,
            staffIdOf(request),
          ),
        };
      },
    );
    app.post(
      `${path}/versions/:version/restore`,
      {
        onRequest: manager,
        serializerCompiler: plainJson,
        schema: {
          ...doc('Makes an earlier version current again, as a new version (source `restore`)'),
          params: versionParams,
          body: z.object({ base_version: baseVersion }),
          response: { 200: entryAnswer(body) },
        },
      },
      async (request) => {
        const params = request.params as Record<string, string> & { version: number };
        return {
          data: await restoreText(
            ctx.db,
            address(params),
            params.version,
            request.body.base_version,
            staffIdOf(request),
          ),
        };
      },
    );
  }

  const imageId = z.object({ id: whole(2_147_483_647) });

  app.get(
    `${base}/gallery`,
    {
      onRequest: manager,
      serializerCompiler: plainJson,
      schema: {
        ...doc('The Grab and Go gallery in its order, with both alt texts'),
        response: { 200: staffGalleryAnswer },
      },
    },
    async () => ({ data: await staffGallery(ctx.db) }),
  );

  // The upload takes the image's bytes as the body (not multipart): up to 10 MB on this route
  // only, parsed as a Buffer only here, and judged by its bytes whatever the declared type.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    const asBuffer = { parseAs: 'buffer' as const, bodyLimit: UPLOAD_MAX_BYTES };
    scope.addContentTypeParser(/^image\/[\w.+-]+$/i, asBuffer, (_request, body, done) => done(null, body));
    scope.addContentTypeParser('application/octet-stream', asBuffer, (_request, body, done) =>
      done(null, body),
    );
    // Fastify's own words for these say nothing of the rule; the error handler above this scope
    // still shapes and localizes the answer.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, 'content.upload_too_large');
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE')
        throw new AppError(415, 'content.upload_type');
      throw error;
    });
    scope.post(
      `${base}/gallery`,
      {
        onRequest: manager,
        bodyLimit: UPLOAD_MAX_BYTES,
        serializerCompiler: plainJson,
        schema: {
          ...doc(
            'Uploads an image (its bytes as the body: JPEG, PNG or WebP, at most 10 MB and 40 megapixels), re-encoded to WebP without metadata',
          ),
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'],
          querystring: z.object({
            product: z
              .union([z.literal(''), z.enum(PRODUCT_CODES)], { error: wrong })
              .optional()
              .describe('A product code, or empty for a program-wide image'),
            tags: z.string().max(400, wrong).optional().describe('Comma-separated'),
            alt_en: altText,
            alt_fr: altText,
          }),
          response: { 201: staffGalleryImageAnswer },
        },
      },
      async (request, reply) => {
        const tags = tagList.safeParse(
          (request.query.tags ?? '')
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        );
        if (!tags.success)
          throw invalid({
            tags: [tags.error.issues[0] ? schemaMessage(tags.error.issues[0].message) : wrong],
          });
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const image = await uploadGalleryImage(
          ctx.db,
          dirs,
          bytes,
          {
            product: request.query.product || null,
            tags: tags.data,
            alt: { en: request.query.alt_en, fr: request.query.alt_fr },
          },
          staffIdOf(request),
        );
        return reply.code(201).send({ data: image });
      },
    );
  });

  app.patch(
    `${base}/gallery/:id`,
    {
      onRequest: manager,
      serializerCompiler: plainJson,
      schema: {
        ...doc('Changes an image’s product, tags or alt texts'),
        params: imageId,
        body: z.object({
          product: productOrNone.optional(),
          tags: tagList.optional(),
          alt: z.object({ en: altText, fr: altText }, { error: wrong }).optional(),
        }),
        response: { 200: staffGalleryImageAnswer },
      },
    },
    async (request) => ({ data: await editGalleryImage(ctx.db, request.params.id, request.body) }),
  );

  app.put(
    `${base}/gallery/order`,
    {
      onRequest: manager,
      serializerCompiler: plainJson,
      schema: {
        ...doc(
          'Puts the gallery in this order; `ids` names every image once (409 when the gallery changed meanwhile)',
        ),
        body: z.object({
          ids: z
            .array(z.number({ error: wrong }).int(wrong).min(1, wrong), { error: wrong })
            .max(10_000, wrong)
            .refine((ids) => new Set(ids).size === ids.length, 'content.gallery_order'),
        }),
        response: { 200: staffGalleryAnswer },
      },
    },
    async (request) => ({ data: await orderGallery(ctx.db, request.body.ids) }),
  );

  app.delete(
    `${base}/gallery/:id`,
    {
      onRequest: manager,
      schema: {
        ...doc('Removes an image from the gallery'),
        params: imageId,
        response: { 204: noBody('Removed') },
      },
    },
    async (request, reply) => {
      await deleteGalleryImage(ctx.db, dirs, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/competitors`,
    {
      onRequest: manager,
      schema: {
        ...doc('The competitor names the caption check looks for'),
        response: { 200: competitorList },
      },
    },
    async () => ({ data: { names: await competitors(ctx.db) } }),
  );
  app.put(
    `${base}/competitors`,
    {
      onRequest: manager,
      schema: {
        ...doc(
          'Replaces the competitor list (names of 2 to 60 characters, at most 200; the same name twice is kept once)',
        ),
        body: z.object({
          names: z
            .array(
              z
                .string({ error: wrong })
                .trim()
                .min(2, sayKey('min', { n: 2 }))
                .max(60, sayKey('max', { n: 60 }))
                .refine(noNul, wrong),
              { error: wrong },
            )
            .max(200, wrong),
        }),
        response: { 200: competitorList },
      },
    },
    async (request) => ({ data: { names: await setCompetitors(ctx.db, request.body.names) } }),
  );
}
