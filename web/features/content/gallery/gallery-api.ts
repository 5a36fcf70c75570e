// Grab and Go's images (decisions §9): `GET /api/gallery?locale=`, in the staff's order, the
// text alternatives in the reader's language. The page filters on its side, so the chips can
// name every product the gallery holds whatever is selected.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GalleryFormat, GalleryImage } from '../../../../common/content';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../../common/i18n';
import { api } from '../../../lib/api';

/** Square posts first, then stories: the order of the sections, and of the lightbox. */
export const SECTION_FORMATS: readonly GalleryFormat[] = ['square', 'story'];

/** Tiles of the first section a phone shows on its first screen (two columns). */
export const FIRST_SCREEN_TILES = 2;

/**
 * The tiles a phone shows first when no filter is chosen: the largest paint of the page, asked for
 * as soon as the gallery's answer is in (features/session/prefetch-account.ts).
 */
export function firstScreenImages(images: readonly GalleryImage[]): GalleryImage[] {
  const first = SECTION_FORMATS.find((format) => images.some((image) => image.format === format));
  return images.filter((image) => image.format === first).slice(0, FIRST_SCREEN_TILES);
}

export const galleryKeys = {
  all: ['content', 'gallery'] as const,
  list: (locale: Locale) => ['content', 'gallery', locale] as const,
};

export async function fetchGallery(locale: Locale): Promise<GalleryImage[]> {
  return (await api.get<{ data: GalleryImage[] }>('/api/gallery', { query: { locale } })).data;
}

/** The gallery's query (also asked for ahead of the page's code, features/session/prefetch-account.ts). */
export function galleryQuery(locale: Locale) {
  return { queryKey: galleryKeys.list(locale), queryFn: () => fetchGallery(locale) };
}

export function useGallery() {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return useQuery({
    ...galleryQuery(locale),
    // After a change of language the pictures stay while their texts arrive.
    placeholderData: keepPreviousData,
  });
}
