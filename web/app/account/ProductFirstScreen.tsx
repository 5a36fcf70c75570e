// A product's talking points above the fold as the entry's skeleton draws it, before the full app's
// code and the page's are in: the page's heading, its row of products and the artwork's card with
// the artwork itself, the page's largest paint (the early answer names it, first-answers.ts). The
// page draws the same places from the same description (features/content/first-screen/
// product-layout.tsx), so when it replaces this the artwork does not move. Until then the
// artwork waited for two downloads in a row, the full app's and the page's (a product's page 94 → 98,
// LCP 2.87 → 2.07 s, docs/performance-log.md, 2026-11-27).
// In the early chunk (first-product.ts): the sign-in's download does not carry it.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { productAnswerPath } from '../../../common/answer-paths';
import type { ProductDetail } from '../../../common/contracts/content';
import { isLocale } from '../../../common/i18n';
import { PRODUCT_CODES, type ProductCode } from '../../../common/products';
import {
  ARTWORK_CLASS,
  HERO_CLASS,
  HERO_FRAME_CLASS,
  PICKER_NAV_CLASS,
  PICKER_ROW_CLASS,
  PILL_NAME_CLASS,
  PRODUCT_BODY_CLASS,
  ProductArtwork,
  pillClass,
  pillImagePlaceClass,
  pillRowScrollLeft,
} from '../../features/content/first-screen/product-layout';
import { productNameKey } from '../../lib/product-names';
import { PageHeading } from '../../components/PageHeading';
import { earlyAnswer } from '../../lib/api';
import { useEarlyAnswer } from './use-early-answer';

const GREY = 'animate-pulse bg-stone-200/80 dark:bg-stone-800';

/** The product's early answer: at once if it is in, else once it arrives (or never, if it fails). */
function useEarlyProduct(code: ProductCode, language: string): ProductDetail | undefined {
  return useEarlyAnswer(
    isLocale(language)
      ? earlyAnswer<{ data: ProductDetail }>(productAnswerPath(code), { locale: language })
      : undefined,
  )?.data;
}

export function ProductFirstScreen({ code }: { code: ProductCode }) {
  const { t, i18n } = useTranslation();
  const detail = useEarlyProduct(code, i18n.language);
  const row = useRef<HTMLUListElement>(null);
  const current = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // The current product in the row's middle, as the page puts it.
    if (row.current && current.current)
      row.current.scrollLeft = pillRowScrollLeft(row.current, current.current);
  }, []);
  return (
    <>
      <PageHeading
        eyebrow={t('titles.talking_points')}
        title={detail?.name ?? t(productNameKey(code))}
        lead={t('pages.talking_points')}
      />
      <div className={PICKER_NAV_CLASS} aria-hidden="true">
        <ul ref={row} className={PICKER_ROW_CLASS}>
          {PRODUCT_CODES.map((each) => (
            <li key={each} className="shrink-0">
              <span ref={each === code ? current : undefined} className={pillClass(each === code)}>
                <span className={pillImagePlaceClass(each === code)} />
                <span className={PILL_NAME_CLASS}>{t(productNameKey(each))}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      {/* The page's next card follows at the same distance (the skeleton's cards below). */}
      <div className={`${PRODUCT_BODY_CLASS} mb-6 sm:mb-8`}>
        <div className={HERO_CLASS} data-testid="product-first-screen">
          <div className={HERO_FRAME_CLASS}>
            {detail ? (
              // Decorative here: the page's own artwork carries the product's name for a screen
              // reader, and the skeleton as a whole says it is loading.
              <ProductArtwork imageUrl={detail.image_url} alt="" data-testid="early-artwork" />
            ) : (
              <span className={`block ${ARTWORK_CLASS} ${GREY}`} />
            )}
          </div>
          <div className="space-y-3 p-5 sm:p-6 lg:p-8">
            <span className={`block h-6 w-4/5 rounded-lg ${GREY}`} />
            <span className={`block h-16 w-full rounded-xl ${GREY}`} />
          </div>
        </div>
      </div>
    </>
  );
}
