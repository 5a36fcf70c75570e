// /account/products/{code} (docs/product/partner-portal.md and docs/product/partners-and-accounts.md#the-partner-profile, docs/product/content.md#products): one button per product at the
// top, then the product's talking points and the caption check. Any other code is the 404.
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isProductCode, PRODUCT_CODES, type ProductCode } from '../../../common/products';
import type { ProductSummary } from '../../../common/contracts/content';
import { Icon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/document-title';
import { useCurrentUser } from '../../lib/current-user';
import { NotFoundContent } from '../../components/NotFoundContent';
import { PageHeading } from '../../components/PageHeading';
import { CaptionCheck } from './CaptionCheck';
import { mediaAtWidth, useProduct, useProducts } from './content-api';
import {
  PICKER_NAV_CLASS,
  PICKER_ROW_CLASS,
  PILL_IMAGE_CLASS,
  PILL_NAME_CLASS,
  PRODUCT_BODY_CLASS,
  pillClass,
  pillImagePlaceClass,
  pillRowScrollLeft,
} from './first-screen/product-layout';
import { productNameKey } from '../../lib/product-names';
import { ProductContentView } from './ProductContentView';
import { LoadFailed } from './LoadFailed';
import { Skeleton, SkeletonLines } from '../../components/skeleton';

export function ProductPage() {
  const { code = '' } = useParams();
  if (!isProductCode(code)) return <NotFoundContent />;
  return <ProductTalkingPoints code={code} />;
}

function ProductTalkingPoints({ code }: { code: ProductCode }) {
  const { t } = useTranslation();
  const product = useProduct(code);
  const user = useCurrentUser();
  // The catalog's name until the staff's own (which may differ) arrives.
  const name = product.data?.name ?? t(productNameKey(code));
  useDocumentTitle(name);
  return (
    <>
      <PageHeading eyebrow={t('titles.talking_points')} title={name} lead={t('pages.talking_points')} />
      <ProductPicker current={code} />
      <div className={PRODUCT_BODY_CLASS}>
        {product.data ? (
          <div className="space-y-6 sm:space-y-8">
            <ProductContentView detail={product.data} shortUrl={user ? user.short_url : undefined} />
            <CaptionCheck product={code} examples={product.data.captions} />
          </div>
        ) : product.isError ? (
          <LoadFailed message={t('content.product.load_failed')} onRetry={() => void product.refetch()} />
        ) : (
          <ProductSkeleton />
        )}
      </div>
    </>
  );
}

/**
 * The 16 products as a row of pills that scrolls sideways: with the small artwork from `sm` up,
 * names only and tighter on a phone. The current one is marked and scrolled into view.
 */
function ProductPicker({ current }: { current: ProductCode }) {
  const { t } = useTranslation();
  const products = useProducts();
  const currentRef = useRef<HTMLAnchorElement>(null);
  const rowRef = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  // Which ends have pills out of sight, so the row fades there and shows it scrolls.
  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    const hidden = row.scrollWidth - row.clientWidth;
    setMore({ before: row.scrollLeft > 1, after: row.scrollLeft < hidden - 1 });
  }, []);
  const byCode = new Map<string, ProductSummary>((products.data ?? []).map((p) => [p.code, p]));

  useEffect(() => {
    // The row scrolls to put the current product in its middle; the page itself does not move.
    const link = currentRef.current;
    const row = rowRef.current;
    if (!link || !row) return;
    row.scrollTo?.({ left: pillRowScrollLeft(row, link), behavior: 'instant' });
    measure();
    // Again once the API's names and pictures have changed the pills' widths.
  }, [current, products.data, measure]);

  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const fade = (visible: boolean) => (visible ? 'transparent' : 'black');
  const mask = `linear-gradient(to right, ${fade(more.before)}, black 2.5rem, black calc(100% - 2.5rem), ${fade(more.after)})`;
  const edgeFades: CSSProperties = { maskImage: mask, WebkitMaskImage: mask };

  return (
    <nav aria-label={t('content.product.picker')} className={PICKER_NAV_CLASS} data-testid="product-picker">
      <ul ref={rowRef} onScroll={measure} style={edgeFades} className={PICKER_ROW_CLASS}>
        {PRODUCT_CODES.map((code) => {
          const summary = byCode.get(code);
          const selected = code === current;
          return (
            <li key={code} className="shrink-0">
              <Link
                ref={selected ? currentRef : undefined}
                to={`/account/products/${code}`}
                aria-current={selected ? 'page' : undefined}
                className={pillClass(selected)}
                data-testid={`product-button-${code}`}
              >
                {summary ? (
                  <img
                    src={mediaAtWidth(summary.image_url, 240)}
                    alt=""
                    width={32}
                    height={32}
                    loading="lazy"
                    className={PILL_IMAGE_CLASS}
                  />
                ) : (
                  <span aria-hidden="true" className={pillImagePlaceClass(selected)}>
                    <Icon name="leaf" width={16} height={16} />
                  </span>
                )}
                {/* Some names are long in French: the pill stays a pill, the full name its accessible name. */}
                <span className={PILL_NAME_CLASS}>{summary?.name ?? t(productNameKey(code))}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ProductSkeleton() {
  return (
    <div className="space-y-6" data-testid="product-skeleton">
      <div className="card overflow-hidden sm:grid sm:grid-cols-[15rem_1fr] lg:grid-cols-[18rem_1fr]">
        <Skeleton className="aspect-square w-full rounded-none" />
        <div className="space-y-4 p-6">
          <Skeleton className="h-6 w-4/5" />
          <Skeleton className="h-16 w-full rounded-xl" />
          <Skeleton className="h-11 w-48 rounded-full" />
        </div>
      </div>
      <div className="card p-6">
        <SkeletonLines lines={4} />
      </div>
    </div>
  );
}
