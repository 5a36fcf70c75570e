// Grab and Go's images (docs/product/content.md#staff-edits): `GET /api/gallery?locale=`, in the staff's order, the
// text alternatives in the reader's language. The page filters on its side, so the chips can
// name every product the gallery holds whatever is selected.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { GalleryImage, galleryAnswer } from '../../../../common/contracts/content';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../../common/i18n';
import { api } from '../../../lib/api';
import { GALLERY_ANSWER_PATH } from '../../../../common/answer-paths';

export { firstScreenImages, FIRST_SCREEN_TILES, SECTION_FORMATS } from './first-screen';

export const galleryKeys = {
  all: ['content', 'gallery'] as const,
  list: (locale: Locale) => ['content', 'gallery', locale] as const,
};

export async function fetchGallery(locale: Locale): Promise<GalleryImage[]> {
  return (await api.get<z.infer<typeof galleryAnswer>>(GALLERY_ANSWER_PATH, { query: { locale } })).data;
}

/** The gallery's query (also asked for ahead of the page's code, app/account/prefetch-account.ts). */
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
