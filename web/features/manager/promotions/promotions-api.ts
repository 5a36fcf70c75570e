// Monthly promotions: bilingual texts (the shared ../messages API under /api/manager/promotions),
// a product's artwork as their image, and the days they run. The product list and each
// product's artwork come from the content section's staff calls.
import type { z } from 'zod';
import type { staffPromotion } from '../../../../common/contracts/promotions';
import { PRODUCT_CODES } from '../../../../common/products';
import { LOCALES } from '../../../../common/i18n';
import { useEntry, useEntryList } from '../content-api';
import { isoDay } from '../messages/calendar';

/**
 * A promo as staff read it (common/contracts/promotions.ts): the messages' item (its texts and
 * who wrote them), the product whose artwork is the image (null for none), the days it runs and
 * whether it runs today by the server's calendar.
 */
export type Promotion = z.infer<typeof staffPromotion>;

export type PromotionStatus = 'running' | 'scheduled' | 'ended';

/** Where a promotion stands on `today` (the program's UTC day, as the server judges it), both ends included. */
export function promotionStatus(
  promotion: Pick<Promotion, 'starts_on' | 'ends_on'>,
  today = isoDay(new Date()),
): PromotionStatus {
  if (today < promotion.starts_on) return 'scheduled';
  return today > promotion.ends_on ? 'ended' : 'running';
}

/** The 16 products in the line's order, named as the content section names them. */
export function useProductNames(): { code: string; name: string }[] {
  const list = useEntryList('products');
  const names = new Map(list.data?.map((row) => [row.code, row.name]));
  return PRODUCT_CODES.map((code) => ({ code, name: names.get(code) ?? code }));
}

/**
 * A product's artwork URL: the talking points' entry carries it (any locale with a text will
 * do); undefined while it loads, '' when the product has none.
 */
export function useProductArtwork(code: string): string | undefined {
  const list = useEntryList('products');
  const row = list.data?.find((each) => each.code === code);
  const locale = LOCALES.find((each) => row?.locales[each]) ?? LOCALES[0];
  const entry = useEntry('products', code, locale);
  if (entry.isError) return '';
  return entry.data ? (entry.data.image_url ?? '') : undefined;
}
