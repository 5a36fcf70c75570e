// The shape of a product's talking points (docs/product/content.md#products), one file per product and locale under
// content/products/<code>/<locale>.json. The seed, the staff editor and the API all check against
// this schema, so an edit that would break the partner page or the caption check is refused.
import { z } from 'zod';
import { DISCLOSURE_HASHTAGS, hasDisclosure, isDisclosureHashtag } from './disclosures';

/**
 * The hashtag rules of docs/product/content.md#post-rules as docs/product/content.md#caption-check reads them: the brand tag plus one
 * disclosure, both before a feed's "more" cut. The disclosures are common/disclosures.ts's, the
 * same the caption check accepts: the English tags, the French ones and "Partenariat rémunéré".
 */
export const HASHTAG_RULES = {
  brand: '#SunbitePartner',
  disclosures: DISCLOSURE_HASHTAGS,
  disclosureWithin: 125,
  /** Where the partner's own promo code is written into a ready caption. */
  codePlaceholder: '{code}',
} as const;

const text = z.string().trim().min(1);
const hashtag = z.string().regex(/^#[\p{L}\p{N}_+]+$/u);

const countOf = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/** True when the caption carries the brand tag and a disclosure inside the first characters a feed shows. */
export function hasRequiredHashtagsUpFront(caption: string): boolean {
  const head = caption.slice(0, HASHTAG_RULES.disclosureWithin);
  const has = (tag: string) =>
    new RegExp(`${tag.replace(/[+]/g, '\\+')}(?![\\p{L}\\p{N}_])`, 'iu').test(head);
  return has(HASHTAG_RULES.brand) && hasDisclosure(head);
}

export const productContentSchema = z
  .object({
    name: text,
    subtitle: text,
    benefits: z
      .array(z.object({ text, ingredient: text }).strict())
      .min(3)
      .max(5),
    caption_ideas: z.array(text).min(3).max(5),
    captions: z
      .array(
        text
          .refine((c) => countOf(c, HASHTAG_RULES.codePlaceholder) === 1, {
            message: `a caption holds ${HASHTAG_RULES.codePlaceholder} exactly once`,
          })
          .refine(hasRequiredHashtagsUpFront, {
            message: `${HASHTAG_RULES.brand} and a disclosure stand in the first ${HASHTAG_RULES.disclosureWithin} characters`,
          }),
      )
      .min(3)
      .max(4),
    required_hashtags: z
      .array(hashtag)
      .refine((tags) => tags.includes(HASHTAG_RULES.brand), { message: `${HASHTAG_RULES.brand} is required` })
      .refine((tags) => tags.some(isDisclosureHashtag), {
        message: `one of ${HASHTAG_RULES.disclosures.join(', ')} is required`,
      }),
    popular_hashtags: z.array(hashtag).min(5).max(8),
  })
  .strict();

export type ProductContent = z.infer<typeof productContentSchema>;

// ---------------------------------------------------------------------------------------------
// Pages (docs/product/content.md#pages): content/pages/<slug>/<locale>.json. A page is a title, a lead and
// sections; a section is a heading and blocks. The FAQ's sections are its questions (heading:
// the question, blocks: the answer), grouped by `group`. Text is plain, with `**bold**` as the
// only inline mark. `{{name}}` stands for a program value the server fills in when it serves the
// page (PAGE_VARIABLES), so terms and FAQ follow the program's settings.

// The slugs live in a module without zod (the SPA's content pages import them from there).
export { PAGE_SLUGS, PUBLIC_PAGE_SLUGS, isPageSlug, type PageSlug } from './page-slugs';

/**
 * Program values a page may name as `{{name}}`: filled by the server from the program's settings
 * and tiers, formatted in the page's language (money with its currency, percentages, days).
 */
export const PAGE_VARIABLES = [
  'minimum_payout',
  'manager_threshold',
  'holding_days',
  'commission_min',
  'commission_max',
] as const;
export type PageVariable = (typeof PAGE_VARIABLES)[number];

const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('p'), text }).strict(),
  z
    .object({ type: z.literal('list'), ordered: z.boolean().optional(), items: z.array(text).min(1) })
    .strict(),
  /** Do and don't lists of the post guide: shown side by side with a tick and a cross. */
  z.object({ type: z.literal('do'), items: z.array(text).min(1) }).strict(),
  z.object({ type: z.literal('dont'), items: z.array(text).min(1) }).strict(),
  /** A highlighted note (a key rule, a tip). */
  z.object({ type: z.literal('note'), text }).strict(),
]);
export type PageBlock = z.infer<typeof blockSchema>;

export const pageContentSchema = z
  .object({
    title: text,
    lead: text,
    /** ISO date the text last changed in substance (terms and policy show it). */
    effective_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    sections: z
      .array(
        z
          .object({
            /** Anchor, unique in the page: lower-case words joined by hyphens. */
            id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
            heading: text,
            /** FAQ only: the group a question is listed under. */
            group: text.optional(),
            blocks: z.array(blockSchema).min(1),
          })
          .strict(),
      )
      .min(1)
      .refine((sections) => new Set(sections.map((s) => s.id)).size === sections.length, {
        message: 'section ids are unique',
      }),
  })
  .strict();
export type PageContent = z.infer<typeof pageContentSchema>;

// ---------------------------------------------------------------------------------------------
// Grab and Go's images (docs/product/content.md): what `GET /api/gallery` and the back office answer
// of them is in common/contracts/content.ts.

export const GALLERY_FORMATS = ['square', 'story'] as const;
export type GalleryFormat = (typeof GALLERY_FORMATS)[number];
