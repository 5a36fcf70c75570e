// The reads of /account/affiliate_links: the short link's clicks and orders (GET /api/links/stats)
// and the partner's Amazon link for each product (GET /api/generateAmazonLinks). The links
// themselves (short, referral, promo code) are in the profile the shell already holds.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale } from '../../../common/i18n';
import { api } from '../../lib/api';

export interface LinkDay {
  /** 'YYYY-MM-DD', a UTC calendar day. */
  day: string;
  clicks: number;
  orders: number;
}

export interface LinkStats {
  /** The last 30 UTC days, oldest first, today last. */
  days: LinkDay[];
  clicks: number;
  orders: number;
  /** Orders per click over the 30 days (0.0533 = 5.33 %); null without a click. */
  conversion: number | null;
}

export interface AmazonLink {
  product: string;
  name: string;
  asin: string;
  url: string;
}

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
    // A sale's live push refreshes it (notifications/live-push.ts); clicks have no push, so a
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
