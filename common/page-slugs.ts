// The long-form pages' slugs (docs/product/content.md#pages), without zod: the SPA's content pages need only these,
// and common/content.ts (which re-exports them) would bring zod and its schemas into their chunks.
export const PAGE_SLUGS = ['faq', 'terms', 'policy', 'crafting_perfect_post', 'post_guidelines'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];
/** Pages anyone may read, signed in or not (`/terms`, `/policy`). */
export const PUBLIC_PAGE_SLUGS: readonly PageSlug[] = ['terms', 'policy'];

export function isPageSlug(value: string): value is PageSlug {
  return (PAGE_SLUGS as readonly string[]).includes(value);
}
