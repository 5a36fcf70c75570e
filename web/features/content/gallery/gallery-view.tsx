// Grab and Go above the fold (the reminder, the filters, the count, the first section and its
// tiles) as the page draws it (GalleryPage) and as the entry's skeleton draws it before the page's
// code is in (app/account/GalleryFirstScreen.tsx): one description for both, so the first tiles,
// the page's largest paint, stand in the same place in each and nothing moves when the page
// replaces the skeleton. A chunk of its own: the entry's early chunk for Grab and Go imports it.
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryFormat } from '../../../../common/content';
import type { GalleryImage } from '../../../../common/contracts/content';
import { PRODUCT_CODES, isProductCode } from '../../../../common/products';
import { Icon } from '../../../components/icons';
import { inFormat, type ImageFormat } from '../media/image-format';
import { SECTION_FORMATS } from './first-screen';

/**
 * Inside the skeleton's copy (GalleryFirstScreen) the parts carry no test ids: a test or a script
 * waiting for the page's tiles must not find the skeleton's, which answer nothing.
 */
export const SkeletonCopy = createContext(false);
function useTestId(): (id: string) => string | undefined {
  const copy = useContext(SkeletonCopy);
  return (id) => (copy ? undefined : id);
}

/** The chip of images that belong to no single product (program-wide artwork). */
export const BRAND = 'brand';
export const FORMAT_FILTERS = ['all', 'square', 'story'] as const;
export type FormatFilter = (typeof FORMAT_FILTERS)[number];
export const productKeyOf = (image: GalleryImage) => image.product ?? BRAND;

/** The name the download gets: readable, and unique per image and format. */
export function downloadNameOf(image: GalleryImage, format: ImageFormat = 'webp'): string {
  return `sunbite-${image.product ?? BRAND}-${image.format}-${image.id}.${format === 'jpeg' ? 'jpg' : 'webp'}`;
}

export function useProductLabel() {
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

export function ProductChips({
  options,
  selected,
  onSelect,
}: {
  options: { key: string; count: number }[];
  selected: string;
  onSelect?: (key: string) => void;
}) {
  const testId = useTestId();
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
      data-testid={testId('gallery-product-filter')}
    >
      {chips.map((chip) => {
        const active = chip.key === selected;
        return (
          <button
            key={chip.key}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect?.(chip.key)}
            className={`inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors sm:min-h-9 ${
              active
                ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-stone-950'
                : 'border-stone-300 bg-white text-stone-700 hover:border-stone-400 hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800'
            }`}
            data-testid={testId(`gallery-chip-${chip.key}`)}
          >
            {chip.name}
            <ChipCount count={chip.count} active={active} />
          </button>
        );
      })}
    </div>
  );
}

export function FormatToggle({
  selected,
  onSelect,
}: {
  selected: FormatFilter;
  onSelect?: (f: FormatFilter) => void;
}) {
  const testId = useTestId();
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('content.gallery.filter_format')}
      className="inline-flex rounded-full bg-stone-100 p-1 dark:bg-stone-800/70"
      data-testid={testId('gallery-format-filter')}
    >
      {FORMAT_FILTERS.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={selected === value}
          onClick={() => onSelect?.(value)}
          data-testid={testId(`gallery-format-${value}`)}
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

export const GRID: Record<GalleryFormat, string> = {
  square: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4',
  story: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5',
};

export function Tile({
  image,
  onOpen,
  thumbRef,
  firstScreen = false,
  className = '',
}: {
  image: GalleryImage;
  firstScreen?: boolean;
  /** Where the tile shows only from some width on (the skeleton's first row, GalleryFirstScreen). */
  className?: string;
  onOpen?: () => void;
  thumbRef?: (node: HTMLButtonElement | null) => void;
}) {
  const testId = useTestId();
  const { t } = useTranslation();
  const label = useProductLabel();
  return (
    <li className={`min-w-0 ${className}`} data-testid={testId('gallery-tile')} data-id={image.id}>
      <figure className="card group flex h-full flex-col overflow-hidden">
        <button
          ref={thumbRef}
          type="button"
          onClick={onOpen}
          aria-label={t('content.gallery.view', { alt: image.alt })}
          aria-haspopup="dialog"
          className="relative block w-full overflow-hidden bg-stone-100 focus-visible:outline-offset-[-3px] dark:bg-stone-800"
          data-testid={testId('gallery-open')}
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
            data-testid={testId('gallery-download')}
          >
            <Icon name="download" width={18} height={18} />
          </a>
          <a
            href={inFormat(image.url, 'jpeg')}
            download={downloadNameOf(image, 'jpeg')}
            className="inline-flex min-h-10 shrink-0 items-center rounded-full px-2 text-xs font-semibold tracking-wide text-stone-600 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-300 dark:hover:bg-stone-800 dark:hover:text-white"
            aria-label={t('content.gallery.download_jpeg', { alt: image.alt })}
            title={t('content.gallery.download_jpeg_short')}
            data-testid={testId('gallery-download-jpeg')}
          >
            JPEG
          </a>
        </figcaption>
      </figure>
    </li>
  );
}

/**
 * What the page shows for a choice of product and format: every product the gallery holds, in
 * the product line's order, the brand's own images last, counted within the chosen format; the
 * images shown; and their sections, square posts first.
 */
export function galleryView(images: readonly GalleryImage[], product: string, format: FormatFilter) {
  const ofFormat = format === 'all' ? images : images.filter((image) => image.format === format);
  const keys = new Set(images.map(productKeyOf));
  const order = [...PRODUCT_CODES, ...[...keys].filter((key) => !isProductCode(key) && key !== BRAND), BRAND];
  const productOptions = order
    .filter((key) => keys.has(key))
    .map((key) => ({ key, count: ofFormat.filter((image) => productKeyOf(image) === key).length }));
  const visible = product === 'all' ? ofFormat : ofFormat.filter((image) => productKeyOf(image) === product);
  const sections = SECTION_FORMATS.map((sectionFormat) => ({
    format: sectionFormat,
    images: visible.filter((image) => image.format === sectionFormat),
  })).filter((section) => section.images.length > 0);
  return { productOptions, visible, sections };
}

/** Under the page's title: what to check before posting, with a link to the guidelines. */
export function GalleryReminder({
  guidelines,
}: {
  guidelines: (className: string, text: string) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <p className="mt-4 flex max-w-2xl gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-950/60 dark:text-brand-100">
      <Icon name="info" width={18} height={18} className="mt-0.5 shrink-0" />
      <span>
        {t('content.gallery.reminder')}{' '}
        {guidelines('link whitespace-nowrap', t('content.gallery.guidelines_link'))}
      </span>
    </p>
  );
}

/** How many images there are (of how many, with a filter chosen). */
export function GalleryCount({
  shown,
  count,
  filtered,
}: {
  shown: number;
  count: number;
  filtered: boolean;
}) {
  const testId = useTestId();
  const { t } = useTranslation();
  return (
    <p className="text-sm font-medium text-muted" aria-live="polite" data-testid={testId('gallery-count')}>
      {filtered
        ? // Counted by what is shown ("2 images sur 34"); only ever fewer than all, so never "of 1".
          t('content.gallery.count_filtered', { count: shown, total: count })
        : t('content.gallery.count', { count })}
    </p>
  );
}

/** A section's heading: its format, and what that format is for. */
export function SectionHeading({ format }: { format: GalleryFormat }) {
  const { t } = useTranslation();
  return (
    <div className="mb-3 flex items-baseline gap-3">
      <h2 id={`gallery-${format}`} className="text-lg font-semibold tracking-tight">
        {t(`content.gallery.sections.${format}`)}
      </h2>
      <p className="text-sm text-stone-500 dark:text-stone-400">
        {t(`content.gallery.sections.${format}_hint`)}
      </p>
    </div>
  );
}
