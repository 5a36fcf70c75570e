// Influencer categories offered at registration (`category_id`); names live in the catalogs
// under `categories.<key>`.
export const INFLUENCER_CATEGORIES = [
  { id: 1, key: 'fitness' },
  { id: 2, key: 'wellness' },
  { id: 3, key: 'nutrition' },
  { id: 4, key: 'beauty' },
  { id: 5, key: 'lifestyle' },
  { id: 6, key: 'parenting' },
  { id: 7, key: 'food' },
  { id: 8, key: 'sports' },
  { id: 9, key: 'health_professional' },
  { id: 10, key: 'other' },
] as const;

export type CategoryKey = (typeof INFLUENCER_CATEGORIES)[number]['key'];

export function isCategoryId(id: number): boolean {
  return INFLUENCER_CATEGORIES.some((c) => c.id === id);
}
