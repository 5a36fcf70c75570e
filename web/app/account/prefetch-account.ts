// What the first account page of a visit shows before anything else, asked for as soon as the
// account's guard has let the visit in: while the shell's and the page's code are still on their
// way. The page then renders once with its figures (the router renders it as a transition, in
// slices), instead of rendering empty and again as each answer arrives, in long tasks a phone cannot
// answer a tap during; and a page whose largest paint is its content (a document, a product's
// picture, Grab and Go's first images) paints it one round trip earlier (a product's picture asked
// for at about 590 ms after navigation instead of 972, docs/performance-log.md, 2026-11-26). The
// same query options as the hooks that read them: an answer already cached is not asked for again.
// This module and what it imports are in the account's chunk (vite.config.ts), which the full app
// loads with the router: the page's data is asked for as soon as the router has matched the page,
// in parallel with the page's own code, not after one more download.
import type { QueryClient } from '@tanstack/react-query';
import { galleryFiltered } from '../../../common/answer-paths';
import { PAGING } from '../../../common/statuses';
import { isPageSlug } from '../../../common/page-slugs';
import { currentLocale, loadCatalogPart } from '../../lib/i18n';
import { programQuery } from '../../lib/program';
import { invoicesQuery, payMeNowStatsQuery } from '../../features/cashout/cashout-api';
import { pageQuery, productQuery, productsQuery } from '../../features/content/content-api';
import { preloadImage, productArtworkSources } from '../../features/content/media/artwork';
import { firstScreenImages, galleryQuery } from '../../features/content/gallery/gallery-api';
import { bellQuery } from '../../features/notifications/notifications-api';
import { badgesQuery, currentUserQuery } from '../../lib/current-user';
import { accountBrandingQuery } from '../../lib/account-branding';
import { pagedListQuery, summaryQuery, totalsQuery } from '../../features/sales/sales-api';

export function prefetchAccountPage(queryClient: QueryClient, pathname: string): void {
  // The shell: the profile (name, avatar, code), the badges, the bell, the program's currency
  // (every amount is written in it) and the sub-partner's branding, if any.
  void queryClient.prefetchQuery(currentUserQuery);
  void queryClient.prefetchQuery(accountBrandingQuery);
  void queryClient.prefetchQuery(programQuery);
  void queryClient.prefetchQuery(badgesQuery);
  void queryClient.prefetchQuery(bellQuery);
  const [page = '', detail] = pathname.split('/').filter(Boolean).slice(1);
  const locale = currentLocale();
  const first = PAGING.defaultPage;
  switch (page) {
    case '':
      void queryClient.prefetchQuery(summaryQuery);
      void queryClient.prefetchQuery(totalsQuery);
      return;
    case 'sales':
      void queryClient.prefetchQuery(totalsQuery);
      // The tab a link opens (?tab=) is not known here: the store's sales are the page's default.
      void queryClient.prefetchQuery(pagedListQuery('store', first, PAGING.defaultLength));
      return;
    case 'referrals':
      void queryClient.prefetchQuery(pagedListQuery('referrals', first, PAGING.defaultLength));
      return;
    case 'cashout':
      void queryClient.prefetchQuery(payMeNowStatsQuery);
      void queryClient.prefetchQuery(invoicesQuery(first));
      return;
    case 'connect':
      // Its words are the engagement part of the catalog, which the page asks for only once its
      // code has run (features/integrations/engagement-words.ts): here, beside that code.
      loadCatalogPart('engagement').catch(() => {});
      return;
    case 'grab_n_go': {
      // Its first images are the page's largest paint: asked for with the answer that names them,
      // unless a link chose a filter (then the page shows others first).
      const filtered = galleryFiltered(window.location.search);
      queryClient.fetchQuery(galleryQuery(locale)).then(
        (images) => {
          if (!filtered)
            for (const image of firstScreenImages(images)) preloadImage({ src: image.thumb_url });
        },
        () => {},
      );
      return;
    }
    case 'products':
      if (detail) {
        // The product's picture is the page's largest paint: asked for once its address is known,
        // not after the page's code has run and rendered.
        queryClient.fetchQuery(productQuery(detail, locale)).then(
          (product) => preloadImage(productArtworkSources(product.image_url)),
          () => {},
        );
        void queryClient.prefetchQuery(productsQuery(locale));
      }
      return;
    default:
      if (isPageSlug(page)) void queryClient.prefetchQuery(pageQuery(page, locale));
  }
}
