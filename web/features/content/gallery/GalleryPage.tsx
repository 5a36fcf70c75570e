// /account/grab_n_go (spec point 2, decisions §9): ready-to-post images, filtered by product and
// by format (in the URL, so a filtered view can be shared or reloaded), square posts and stories
// each in a grid of their own shape, each image downloadable. An image opens the lightbox, whose
// code loads only then.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GalleryFormat, GalleryImage } from '../../../../common/content';
import { PRODUCT_CODES, isProductCode } from '../../../../common/products';
import { Icon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { PageHeading } from '../../pages/PageHeading';
import { EmptyState, Skeleton } from '../../sales/ui';
import { FIRST_SCREEN_TILES, SECTION_FORMATS, useGallery } from './gallery-api';
import type { LightboxImage } from './Lightbox';

const Lightbox = lazy(async () => ({ default: (await import('./Lightbox')).Lightbox }));

/** The chip of images that belong to no single product (program-wide artwork). */
const BRAND = 'brand';
const FORMAT_FILTERS = ['all', 'square', 'story'] as const;
type FormatFilter = (typeof FORMAT_FILTERS)[number];
const productKeyOf = (image: GalleryImage) => image.product ?? BRAND;

/** The name the download gets: readable, and unique per image. */
export function downloadNameOf(image: GalleryImage): string {
  return `sunbite-${image.product ?? BRAND}-${image.format}-${image.id}.webp`;
}

function useProductLabel() {
  const { t } = useTranslation();
  return useCallback(
    (key: string) => {
      if (key === BRAND) return t('content.gallery.brand');
      return isProductCode(key) ? t(`products.${key}.name`) : key;
    },
    [t],
  );
}

function ChipCount({ count, active }: { count: number; active: boolean }) {
  return (
    <span
      className={`rounded-full px-1.5 text-xs tabular-nums ${
        active
          ? 'bg-brand-900 text-white dark:bg-stone-950 dark:text-brand-200'
          : 'bg-stone-100 text-stone-500 dark:bg-stone-800 dark:text-stone-400'
      }`}
    >
      {count}
    </span>
  );
}

function ProductChips({
  options,
  selected,
  onSelect,
}: {
  options: { key: string; count: number }[];
  selected: string;
  onSelect: (key: string) => void;
}) {
  const { t } = useTranslation();
  const label = useProductLabel();
  const row = useRef<HTMLDivElement>(null);
  // On a phone the row scrolls sideways: the chosen chip (say, from a shared link) comes into view.
  useEffect(() => {
    row.current
      ?.querySelector('[aria-pressed="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  const total = options.reduce((sum, option) => sum + option.count, 0);
  const chips = [{ key: 'all', name: t('content.gallery.all'), count: total }].concat(
    options.map((option) => ({ ...option, name: label(option.key) })),
  );
  return (
    <div
      ref={row}
      role="group"
      aria-label={t('content.gallery.filter_product')}
      // A phone scrolls the row sideways (edge to edge); wider screens wrap it.
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pt-0.5 pb-2 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
      data-testid="gallery-product-filter"
    >
      {chips.map((chip) => {
        const active = chip.key === selected;
        return (
          <button
            key={chip.key}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(chip.key)}
            className={`inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors sm:min-h-9 ${
              active
                ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-stone-950'
                : 'border-stone-300 bg-white text-stone-700 hover:border-stone-400 hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800'
            }`}
            data-testid={`gallery-chip-${chip.key}`}
          >
            {chip.name}
            <ChipCount count={chip.count} active={active} />
          </button>
        );
      })}
    </div>
  );
}

function FormatToggle({
  selected,
  onSelect,
}: {
  selected: FormatFilter;
  onSelect: (f: FormatFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('content.gallery.filter_format')}
      className="inline-flex rounded-full bg-stone-100 p-1 dark:bg-stone-800/70"
      data-testid="gallery-format-filter"
    >
      {FORMAT_FILTERS.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={selected === value}
          onClick={() => onSelect(value)}
          data-testid={`gallery-format-${value}`}
          className={`min-h-9 rounded-full px-3.5 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 ${
            selected === value
              ? 'bg-white text-stone-900 shadow-sm dark:bg-stone-950 dark:text-white'
              : 'text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'
          }`}
        >
          {t(`content.gallery.formats.${value}`)}
        </button>
      ))}
    </div>
  );
}

const GRID: Record<GalleryFormat, string> = {
  square: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4',
  story: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5',
};

function Tile({
  image,
  onOpen,
  thumbRef,
  firstScreen = false,
}: {
  image: GalleryImage;
  firstScreen?: boolean;
  onOpen: () => void;
  thumbRef: (node: HTMLButtonElement | null) => void;
}) {
  const { t } = useTranslation();
  const label = useProductLabel();
  return (
    <li className="min-w-0" data-testid="gallery-tile" data-id={image.id}>
      <figure className="card group flex h-full flex-col overflow-hidden">
        <button
          ref={thumbRef}
          type="button"
          onClick={onOpen}
          aria-label={t('content.gallery.view', { alt: image.alt })}
          aria-haspopup="dialog"
          className="relative block w-full overflow-hidden bg-stone-100 focus-visible:outline-offset-[-3px] dark:bg-stone-800"
          data-testid="gallery-open"
        >
          <img
            src={image.thumb_url}
            alt=""
            width={image.width}
            height={image.height}
            loading={firstScreen ? 'eager' : 'lazy'}
            fetchPriority={firstScreen ? 'high' : undefined}
            decoding="async"
            // The reserved box has the image's own shape before a byte arrives: nothing moves.
            style={{ aspectRatio: `${image.width} / ${image.height}` }}
            className="block h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
          />
          <span
            aria-hidden="true"
            className="absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-stone-950/55 text-white opacity-0 backdrop-blur-sm transition-opacity group-focus-within:opacity-100 group-hover:opacity-100"
          >
            <Icon name="search" width={16} height={16} />
          </span>
        </button>
        <figcaption className="flex min-w-0 items-center gap-1 py-1.5 pr-1.5 pl-3">
          <span className="line-clamp-2 min-w-0 flex-1 text-sm leading-snug font-medium text-stone-700 dark:text-stone-300">
            {label(productKeyOf(image))}
          </span>
          <a
            href={image.url}
            download={downloadNameOf(image)}
            className="icon-button shrink-0"
            aria-label={t('content.gallery.download', { alt: image.alt })}
            title={t('content.gallery.download_short')}
            data-testid="gallery-download"
          >
            <Icon name="download" width={18} height={18} />
          </a>
        </figcaption>
      </figure>
    </li>
  );
}

function GallerySkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="gallery-loading">
      <span className="sr-only">{t('loading')}</span>
      <div className="mb-6 flex gap-2 overflow-hidden">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-10 w-24 shrink-0 rounded-full" />
        ))}
      </div>
      <Skeleton className="mb-4 h-6 w-40" />
      <ul className={`grid gap-3 sm:gap-4 ${GRID.square}`}>
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index} className="card overflow-hidden">
            <Skeleton className="aspect-square w-full rounded-none" />
            <div className="flex items-center gap-2 p-3">
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-6 w-6 rounded-full" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The lightbox's chunk is on its way: the dark backdrop shows at once. */
function LightboxLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-stone-950/95">
      <span
        aria-hidden="true"
        className="h-9 w-9 animate-spin rounded-full border-[3px] border-white/70 border-r-transparent motion-reduce:animate-none"
      />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}

export function GalleryPage() {
  const { t } = useTranslation();
  const title = t('titles.grab_n_go');
  useDocumentTitle(title);
  const gallery = useGallery();
  const images = useMemo(() => gallery.data ?? [], [gallery.data]);
  const [params, setParams] = useSearchParams();
  const product = params.get('product') ?? 'all';
  const formatParam = params.get('format');
  const format: FormatFilter = FORMAT_FILTERS.includes(formatParam as FormatFilter)
    ? (formatParam as FormatFilter)
    : 'all';

  const setFilter = (name: 'product' | 'format', value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'all') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const ofFormat = useMemo(
    () => (format === 'all' ? images : images.filter((image) => image.format === format)),
    [images, format],
  );
  // Every product the gallery holds, in the product line's order, the brand's own images last;
  // counted within the chosen format.
  const productOptions = useMemo(() => {
    const keys = new Set(images.map(productKeyOf));
    const order = [
      ...PRODUCT_CODES,
      ...[...keys].filter((key) => !isProductCode(key) && key !== BRAND),
      BRAND,
    ];
    return order
      .filter((key) => keys.has(key))
      .map((key) => ({ key, count: ofFormat.filter((image) => productKeyOf(image) === key).length }));
  }, [images, ofFormat]);
  const visible = useMemo(
    () => (product === 'all' ? ofFormat : ofFormat.filter((image) => productKeyOf(image) === product)),
    [ofFormat, product],
  );
  const sections = useMemo(
    () =>
      SECTION_FORMATS.map((sectionFormat) => ({
        format: sectionFormat,
        images: visible.filter((image) => image.format === sectionFormat),
      })).filter((section) => section.images.length > 0),
    [visible],
  );
  /** What the lightbox steps through: what is shown, in the order shown. */
  const lightboxImages: LightboxImage[] = useMemo(
    () =>
      sections.flatMap((section) =>
        section.images.map((image) => ({
          id: image.id,
          url: image.url,
          alt: image.alt,
          width: image.width,
          height: image.height,
          downloadName: downloadNameOf(image),
        })),
      ),
    [sections],
  );

  const [openId, setOpenId] = useState<number | null>(null);
  const thumbs = useRef(new Map<number, HTMLButtonElement>());
  const returnFocusTo = useRef<number | null>(null);
  const closeLightbox = () => {
    returnFocusTo.current = openId;
    setOpenId(null);
  };
  // Focus goes back to the thumbnail that opened the viewer (the viewer is gone by now).
  useEffect(() => {
    if (openId !== null || returnFocusTo.current === null) return;
    thumbs.current.get(returnFocusTo.current)?.focus();
    returnFocusTo.current = null;
  }, [openId]);
  const startIndex = openId === null ? -1 : lightboxImages.findIndex((image) => image.id === openId);

  const filtered = product !== 'all' || format !== 'all';
  const hasData = gallery.data !== undefined;

  return (
    <>
      <PageHeading title={title} lead={t('pages.grab_n_go')}>
        <p className="mt-4 flex max-w-2xl gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-950/60 dark:text-brand-100">
          <Icon name="info" width={18} height={18} className="mt-0.5 shrink-0" />
          <span>
            {t('content.gallery.reminder')}{' '}
            <Link to="/account/post_guidelines" className="link whitespace-nowrap">
              {t('content.gallery.guidelines_link')}
            </Link>
          </span>
        </p>
      </PageHeading>

      {gallery.isError && !hasData ? (
        <div className="card p-6">
          <EmptyState icon="image" title={t('content.gallery.load_failed')} testId="gallery-error">
            <button type="button" className="btn-secondary mt-4" onClick={() => void gallery.refetch()}>
              {t('content.gallery.retry')}
            </button>
          </EmptyState>
        </div>
      ) : !hasData ? (
        <GallerySkeleton />
      ) : images.length === 0 ? (
        <div className="card p-6">
          <EmptyState
            icon="image"
            title={t('content.gallery.empty_title')}
            body={t('content.gallery.empty_body')}
            testId="gallery-empty"
          />
        </div>
      ) : (
        <div className="space-y-8">
          <div className="space-y-4">
            <ProductChips
              options={productOptions}
              selected={product}
              onSelect={(key) => setFilter('product', key)}
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p
                className="text-sm font-medium text-stone-600 dark:text-stone-400"
                aria-live="polite"
                data-testid="gallery-count"
              >
                {filtered
                  ? t('content.gallery.count_filtered', { shown: visible.length, count: images.length })
                  : t('content.gallery.count', { count: images.length })}
              </p>
              <FormatToggle selected={format} onSelect={(value) => setFilter('format', value)} />
            </div>
          </div>

          {sections.length === 0 ? (
            <div className="card p-6">
              <EmptyState
                icon="image"
                title={t('content.gallery.no_match_title')}
                body={t('content.gallery.no_match_body')}
                testId="gallery-no-match"
              >
                <button
                  type="button"
                  className="btn-secondary mt-4"
                  onClick={() => setParams({}, { replace: true })}
                >
                  {t('content.gallery.show_all')}
                </button>
              </EmptyState>
            </div>
          ) : (
            sections.map((section, sectionIndex) => (
              <section
                key={section.format}
                aria-labelledby={`gallery-${section.format}`}
                data-testid={`gallery-section-${section.format}`}
              >
                <div className="mb-3 flex items-baseline gap-3">
                  <h2 id={`gallery-${section.format}`} className="text-lg font-semibold tracking-tight">
                    {t(`content.gallery.sections.${section.format}`)}
                  </h2>
                  <p className="text-sm text-stone-500 dark:text-stone-400">
                    {t(`content.gallery.sections.${section.format}_hint`)}
                  </p>
                </div>
                <ul className={`grid gap-3 sm:gap-4 ${GRID[section.format]}`}>
                  {section.images.map((image, index) => (
                    <Tile
                      key={image.id}
                      image={image}
                      // The first row on a phone is on the first screen: not lazy (the largest paint).
                      firstScreen={sectionIndex === 0 && index < FIRST_SCREEN_TILES}
                      onOpen={() => setOpenId(image.id)}
                      thumbRef={(node) => {
                        if (node) thumbs.current.set(image.id, node);
                        else thumbs.current.delete(image.id);
                      }}
                    />
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      )}

      {startIndex >= 0 ? (
        <Suspense fallback={<LightboxLoading />}>
          <Lightbox images={lightboxImages} startIndex={startIndex} onClose={closeLightbox} />
        </Suspense>
      ) : null}
    </>
  );
}
