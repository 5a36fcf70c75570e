// The reads of /account/affiliate_links: the short link's clicks and orders (GET /api/links/stats)
// and the partner's Amazon link for each product (GET /api/generateAmazonLinks). The links
// themselves (short, referral, promo code) are in the profile the shell already holds.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { linkDay, linkStats } from '../../../common/contracts/links';
import type { amazonLink } from '../../../common/contracts/marketplace';
import { DEFAULT_LOCALE, isLocale } from '../../../common/i18n';
import { api } from '../../lib/api';

// The answers' types are the server's schemas (common/contracts/links.ts, marketplace.ts).
export type LinkDay = z.infer<typeof linkDay>;
export type LinkStats = z.infer<typeof linkStats>;
export type AmazonLink = z.infer<typeof amazonLink>;

export const linksKeys = {
  all: ['links'] as const,
  stats: ['links', 'stats'] as const,
  amazon: (locale: string) => ['links', 'amazon', locale] as const,
};

/** The page shows its own error with a retry: no alert over it. */
const OWN_ERRORS = { meta: { handlesErrors: true } } as const;

export function useLinkStats() {
  return useQuery({
    queryKey: linksKeys.stats,
    queryFn: async ({ signal }) => (await api.get<{ data: LinkStats }>('/api/links/stats', { signal })).data,
    // A sale's live push refreshes it (app/account/live-push.ts); clicks have no push, so a
    // visit after a few minutes asks again.
    staleTime: 5 * 60_000,
    ...OWN_ERRORS,
  });
}

export function useAmazonLinks() {
  const { i18n } = useTranslation();
  // The product names come in the Accept-Language of the request: one entry per language.
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return useQuery({
    queryKey: linksKeys.amazon(locale),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: AmazonLink[] }>('/api/generateAmazonLinks', { signal })).data,
    // The links change only when staff change a product's ASIN or the tracking id.
    staleTime: 30 * 60_000,
    // The other language's names stay on screen until this one's arrive.
    placeholderData: (previous) => previous,
    ...OWN_ERRORS,
  });
}
