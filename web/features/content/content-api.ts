// The partner side of the content kit (docs/product/content.md#products and docs/product/content.md#caption-check): the 16 products for the buttons, a
// product's talking points, the long-form pages and the caption check. Every answer is asked for
// in the language the partner reads, so switching the language refetches the words.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../common/i18n';
import type { z } from 'zod';
import type {
  captionCheckAnswer,
  pageAnswer,
  ProductDetail,
  productAnswer,
  productsAnswer,
} from '../../../common/contracts/content';
// Not from common/content.ts: that module builds zod schemas, which this page's chunk then carried.
import { PUBLIC_PAGE_SLUGS, type PageSlug } from '../../../common/page-slugs';
import { api, type ApiAuth } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { inFormat, type ImageFormat } from './media/image-format';
import { pageAnswerPath, productAnswerPath } from '../../../common/answer-paths';

/** Instagram cuts a caption at this many characters; the server refuses longer drafts. */
export const CAPTION_LIMIT = 2200;

export const contentKeys = {
  all: ['content'] as const,
  products: (locale: Locale) => ['content', 'products', locale] as const,
  product: (code: string, locale: Locale) => ['content', 'product', code, locale] as const,
  page: (slug: PageSlug, locale: Locale, auth: ApiAuth) => ['content', 'page', slug, locale, auth] as const,
};

/** The interface language, as the content API takes it. */
export function useContentLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

// Talking points change only when staff edit them: no need to ask again during a visit.
const CONTENT_STALE_MS = 10 * 60_000;

/** The products' query (also asked for ahead of the page's code, app/account/prefetch-account.ts). */
export function productsQuery(locale: Locale) {
  return {
    queryKey: contentKeys.products(locale),
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await api.get<z.infer<typeof productsAnswer>>('/api/products', { query: { locale }, signal })).data,
    staleTime: CONTENT_STALE_MS,
  };
}

export function productQuery(code: string, locale: Locale) {
  return {
    queryKey: contentKeys.product(code, locale),
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (
        await api.get<z.infer<typeof productAnswer>>(productAnswerPath(code), {
          query: { locale },
          signal,
        })
      ).data,
    staleTime: CONTENT_STALE_MS,
  };
}

/** A long-form page read inside the account, with the partner's token. */
export function pageQuery(slug: PageSlug, locale: Locale, auth: ApiAuth = 'user') {
  return {
    queryKey: contentKeys.page(slug, locale, auth),
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (
        await api.get<z.infer<typeof pageAnswer>>(pageAnswerPath(slug), {
          auth,
          query: { locale },
          signal,
        })
      ).data,
    staleTime: CONTENT_STALE_MS,
  };
}

export function useProducts() {
  const locale = useContentLocale();
  return useQuery({
    ...productsQuery(locale),
    // The names of the other language stay on the buttons until this one's arrive.
    placeholderData: (previous) => previous,
  });
}

export function useProduct(code: string) {
  const locale = useContentLocale();
  return useQuery({
    ...productQuery(code, locale),
    // After a language switch the same product stays on screen until its new words arrive;
    // another product's never stands in for this one.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === code ? previous : undefined,
  });
}

/**
 * A long-form page. Inside the account it is read with the partner's token; `terms` and `policy`
 * are also public (`/terms`, `/policy`), read with the public client credential, where a failure
 * must not end a session the visitor does not have.
 */
export function usePage(slug: PageSlug, access: 'partner' | 'public' = 'partner') {
  const locale = useContentLocale();
  const auth: ApiAuth = access === 'public' && PUBLIC_PAGE_SLUGS.includes(slug) ? 'public' : 'user';
  return useQuery({
    ...pageQuery(slug, locale, auth),
    placeholderData: (previous) => previous,
    meta: auth === 'public' ? { handlesErrors: true } : undefined,
  });
}

export interface CaptionCheckRequest {
  text: string;
  product?: string;
  locale: Locale;
}

/**
 * POST /api/caption-check. A mutation rather than a query: the panel runs it as the partner
 * types and shows a failure itself, while a 401 still ends the session (partnerSession).
 */
export function useCaptionCheckRequest() {
  return useMutation({
    mutationFn: async (request: CaptionCheckRequest) =>
      (await api.post<z.infer<typeof captionCheckAnswer>>('/api/caption-check', request)).data,
    meta: { handlesErrors: true, partnerSession: true },
  });
}

/** The product's kit (its images, WebP or JPEG, and captions, a ZIP made by the server), saved as a file. */
export function useKitDownload() {
  return useMutation({
    mutationFn: async ({
      detail,
      format,
    }: {
      detail: Pick<ProductDetail, 'code' | 'kit_url'>;
      format: ImageFormat;
    }) => {
      await downloadFile(
        inFormat(detail.kit_url, format),
        'user',
        `sunbite-${detail.code}-kit${format === 'jpeg' ? '-jpeg' : ''}.zip`,
      );
    },
  });
}

// A picture's renditions, as the content pages and the early requests describe them.
export { mediaAtWidth } from './media/artwork';
export { inFormat, type ImageFormat } from './media/image-format';
