// The product line. Route codes are the spec's (point 2) plus `energy` (decisions §9).
export const PRODUCT_CODES = [
  'acv',
  'ashwa',
  'sf',
  'sg',
  'immune',
  'sleep',
  'kids',
  'womens',
  'calm',
  'energy',
  'multi',
  'beets',
  'pms',
  'xsleep',
  'pbio',
  'matcha',
] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** The codes listed in the sidebar's talking-points group, in the spec's order. */
export const SIDEBAR_PRODUCT_CODES: readonly ProductCode[] = [
  'acv',
  'ashwa',
  'sf',
  'sg',
  'immune',
  'sleep',
  'womens',
  'beets',
  'xsleep',
  'pbio',
  'matcha',
];

/**
 * Codes whose presence in the path expands the sidebar group: the listed ones plus
 * kids, pms, multi and calm (spec point 2).
 */
export const GROUP_EXPANDING_CODES: readonly ProductCode[] = [...SIDEBAR_PRODUCT_CODES, 'kids', 'pms', 'multi', 'calm'];

export function isProductCode(value: string): value is ProductCode {
  return (PRODUCT_CODES as readonly string[]).includes(value);
}
