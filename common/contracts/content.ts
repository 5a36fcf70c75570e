// What the content kit's routes answer (server/modules/content/routes.ts): the partner's
// GET /api/products, /api/products/{code}, /api/pages/{slug} and /api/gallery and
// POST /api/caption-check (the kit and the images are files, answers.ts's `fileRoute`); and the
// back office's /api/manager/content: the product and page lists, one text in one language with
// its versions (read, saved, restored), one past version, the Grab and Go gallery (listed,
// uploaded, changed, ordered) and the competitor list. docs/product/content.md#staff-edits,
// docs/product/content.md#caption-check.
import { z } from 'zod';
import { CAPTION_RULES } from '../caption-check';
import type { CaptionRule } from '../caption-check';
import { GALLERY_FORMATS, PAGE_SLUGS, pageContentSchema } from '../content';
import { dataAnswer } from './answers';

// ---- The partner's answers (docs/product/content.md), inside the usual `{"data": ...}`

/** `GET /api/products`: the 16, in PRODUCT_CODES order, for the buttons. */
export const productSummary = z.object({ code: z.string(), name: z.string(), image_url: z.string() });
export type ProductSummary = z.infer<typeof productSummary>;
export const productsAnswer = dataAnswer(z.array(productSummary));

const benefit = z.object({ text: z.string(), ingredient: z.string() });
/** `GET /api/products/{code}`: the talking points with the partner's own code written in. */
export const productDetail = productSummary.extend({
  subtitle: z.string(),
  benefits: z.array(benefit),
  caption_ideas: z.array(z.string()),
  captions: z.array(z.string()).describe('Ready captions with the partner’s promo code written in'),
  required_hashtags: z.array(z.string()),
  popular_hashtags: z.array(z.string()),
  kit_url: z.string(),
  promo_code: z.string(),
  updated_at: z.string(),
});
export type ProductDetail = z.infer<typeof productDetail>;
export const productAnswer = dataAnswer(productDetail);

/** `GET /api/pages/{slug}`: the page with its `{{variables}}` filled in. */
export const pageDocument = pageContentSchema.extend({ slug: z.enum(PAGE_SLUGS), updated_at: z.string() });
export type PageDocument = z.infer<typeof pageDocument>;
export const pageAnswer = dataAnswer(pageDocument);

const galleryImageFields = {
  id: z.number(),
  product: z.string().nullable(),
  format: z.enum(GALLERY_FORMATS),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  thumb_url: z.string().describe('About 480 px wide, for the grid'),
  tags: z.array(z.string()),
};
/** `GET /api/gallery?product=`: Grab and Go, in the staff's order, the alt text in the reader's language. */
export const galleryImage = z.object({ ...galleryImageFields, alt: z.string() });
export type GalleryImage = z.infer<typeof galleryImage>;
export const galleryAnswer = dataAnswer(z.array(galleryImage));

/** `POST /api/caption-check`: the result of common/caption-check.ts. */
export const captionCheckResult = z.object({
  ok: z.boolean().describe('False when a rule of severity `error` fails'),
  findings: z.array(
    z.object({
      rule: z.enum(CAPTION_RULES as [CaptionRule, ...CaptionRule[]]),
      ok: z.boolean(),
      severity: z.enum(['error', 'warning', 'info']),
      matches: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })),
      fix: z
        .object({
          kind: z.enum(['insert_start', 'append', 'remove']),
          text: z.string().optional(),
          start: z.number().optional(),
          end: z.number().optional(),
        })
        .optional(),
    }),
  ),
});
export const captionCheckAnswer = dataAnswer(captionCheckResult);

// ---- The back office's answers

/** An image of the gallery as staff edit it: both alt texts, its place in the order. */
export const staffGalleryImage = z.object({
  ...galleryImageFields,
  alt: z.object({ en: z.string(), fr: z.string() }),
  position: z.number(),
  created_at: z.string(),
});
export const staffGalleryImageAnswer = dataAnswer(staffGalleryImage);
export const staffGalleryAnswer = z.object({ data: z.array(staffGalleryImage) });

export const textSource = z.enum(['seed', 'staff', 'restore']);
/** One language of one product or page, as the lists show it. */
export const textMeta = z.object({
  version: z.number(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
  source: textSource,
  seed_differs: z
    .boolean()
    .describe('A newer release ships another text than the one this text was taken from'),
});
export const versionRow = z.object({
  version: z.number(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  source: textSource,
  restored_from: z.number().nullable(),
});
/** The current text of one product or page in one language, with its versions. */
export const entryAnswer = <T extends z.ZodType>(body: T) =>
  z.object({
    data: textMeta.extend({
      body,
      versions: z.array(versionRow).describe('Newest first'),
      image_url: z.string().optional().describe("Products only: the product's artwork"),
    }),
  });
export const versionAnswer = <T extends z.ZodType>(body: T) =>
  z.object({ data: versionRow.extend({ body }) });
/** A language without a text yet is null. */
export const localesAnswer = z.object({ en: textMeta.nullable(), fr: textMeta.nullable() });

export const staffProductsAnswer = z.object({
  data: z.array(z.object({ code: z.string(), name: z.string(), locales: localesAnswer })),
});
export const staffPagesAnswer = z.object({
  data: z.array(z.object({ slug: z.string(), title: z.string(), locales: localesAnswer })),
});

export const competitorList = z.object({ data: z.object({ names: z.array(z.string()) }) });
