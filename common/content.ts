// The shape of a product's talking points (decisions §9), one file per product and locale under
// content/products/<code>/<locale>.json. The seed, the staff editor and the API all check against
// this schema, so an edit that would break the partner page or the caption check is refused.
import { z } from 'zod';

/**
 * The hashtag rules of spec point 5 as decisions §13 reads them: the brand tag plus one
 * disclosure, both before a feed's "more" cut. `#Pub` and other local variants are not accepted,
 * because the FTC guidance the program follows names these three.
 */
export const HASHTAG_RULES = {
  brand: '#SunbitePartner',
  disclosures: ['#Ad', '#Sponsored', '#Paid'],
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
  const has = (tag: string) => new RegExp(`${tag.replace(/[+]/g, '\\+')}(?![\\p{L}\\p{N}_])`, 'iu').test(head);
  return has(HASHTAG_RULES.brand) && HASHTAG_RULES.disclosures.some(has);
}

export const productContentSchema = z
  .object({
    name: text,
    subtitle: text,
    benefits: z.array(z.object({ text, ingredient: text }).strict()).min(3).max(5),
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
      .refine((tags) => tags.some((t) => (HASHTAG_RULES.disclosures as readonly string[]).includes(t)), {
        message: `one of ${HASHTAG_RULES.disclosures.join(', ')} is required`,
      }),
    popular_hashtags: z.array(hashtag).min(5).max(8),
  })
  .strict();

export type ProductContent = z.infer<typeof productContentSchema>;
