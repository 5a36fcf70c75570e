// /account/grab_n_go (docs/product/partner-portal.md, docs/product/content.md#staff-edits): ready-to-post images, filtered by product and
// by format (in the URL, so a filtered view can be shared or reloaded), square posts and stories
// each in a grid of their own shape, each image downloadable. An image opens the lightbox, whose
// code loads only then.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { PageHeading } from '../../../components/PageHeading';
import { FIRST_SCREEN_TILES, useGallery } from './gallery-api';
import {
  FORMAT_FILTERS,
  FormatToggle,
  GalleryCount,
  GalleryReminder,
  GRID,
  ProductChips,
  SectionHeading,
  Tile,
  downloadNameOf,
  galleryView,
  type FormatFilter,
} from './gallery-view';
import type { LightboxImage } from './Lightbox';
import { inFormat } from '../media/image-format';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';

const Lightbox = lazy(async () => ({ default: (await import('./Lightbox')).Lightbox }));

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

  const { productOptions, visible, sections } = useMemo(
    () => galleryView(images, product, format),
    [images, product, format],
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
          jpeg: { url: inFormat(image.url, 'jpeg'), downloadName: downloadNameOf(image, 'jpeg') },
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
        <GalleryReminder
          guidelines={(className, text) => (
            <Link to="/account/post_guidelines" className={className}>
              {text}
            </Link>
          )}
        />
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
              <GalleryCount shown={visible.length} count={images.length} filtered={filtered} />
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
                <SectionHeading format={section.format} />
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
