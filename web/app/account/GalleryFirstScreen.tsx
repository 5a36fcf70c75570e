// Grab and Go above the fold as the entry's skeleton draws it, before the full app's code and the
// page's are in: the page's heading and reminder, its filters as they stand with no filter chosen,
// the count, and the first section with its first tiles, the page's largest paint (the early
// answer names them, first-answers.ts). The page draws the same parts from the same components
// (features/content/gallery/gallery-view.tsx), so when it replaces this the tiles do not move.
// Inert: nothing here answers a tap until the page does. In the early chunk (first-gallery.ts).
// Grab and Go 94 → 95, LCP 2.90 → 2.68 s (docs/performance-log.md, 2026-11-27).
import { useTranslation } from 'react-i18next';
import type { GalleryFormat } from '../../../common/content';
import type { GalleryImage } from '../../../common/contracts/content';
import { FIRST_SCREEN_TILES } from '../../features/content/gallery/first-screen';
import {
  FormatToggle,
  GalleryCount,
  GalleryReminder,
  GRID,
  ProductChips,
  SectionHeading,
  SkeletonCopy,
  Tile,
  galleryView,
} from '../../features/content/gallery/gallery-view';
import { PageHeading } from '../../components/PageHeading';

/**
 * The first row of tiles at each width (GRID: two columns on a phone, three from `sm`, four square
 * posts or five stories from `lg`): the tiles of later rows are the page's. A tile hidden at a
 * width does not download there.
 */
const FIRST_ROW: Record<GalleryFormat, string[]> = {
  square: ['', '', 'max-sm:hidden', 'max-lg:hidden'],
  story: ['', '', 'max-sm:hidden', 'max-lg:hidden', 'max-lg:hidden'],
};

export function GalleryFirstScreen({ images }: { images: readonly GalleryImage[] }) {
  const { t } = useTranslation();
  const { productOptions, visible, sections } = galleryView(images, 'all', 'all');
  const first = sections[0]!;
  return (
    <>
      <PageHeading title={t('titles.grab_n_go')} lead={t('pages.grab_n_go')}>
        <GalleryReminder guidelines={(className, text) => <span className={className}>{text}</span>} />
      </PageHeading>
      <SkeletonCopy value>
        <div className="mb-8 space-y-8" inert data-testid="gallery-first-screen">
          <div className="space-y-4">
            <ProductChips options={productOptions} selected="all" />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <GalleryCount shown={visible.length} count={images.length} filtered={false} />
              <FormatToggle selected="all" />
            </div>
          </div>
          <section>
            <SectionHeading format={first.format} />
            <ul className={`grid gap-3 sm:gap-4 ${GRID[first.format]}`}>
              {first.images.slice(0, FIRST_ROW[first.format].length).map((image, index) => (
                <Tile
                  key={image.id}
                  image={image}
                  firstScreen={index < FIRST_SCREEN_TILES}
                  className={FIRST_ROW[first.format][index]}
                />
              ))}
            </ul>
          </section>
        </div>
      </SkeletonCopy>
    </>
  );
}
