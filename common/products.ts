// The product line. Route codes are the spec's (docs/product/partner-portal.md#routes) plus `energy` (docs/product/content.md#products).
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
 * kids, pms, multi and calm (docs/product/partner-portal.md#the-account-shell).
 */
export const GROUP_EXPANDING_CODES: readonly ProductCode[] = [
  ...SIDEBAR_PRODUCT_CODES,
  'kids',
  'pms',
  'multi',
  'calm',
];

export function isProductCode(value: string): value is ProductCode {
  return (PRODUCT_CODES as readonly string[]).includes(value);
}

/**
 * Amazon listing of each product (docs/product/commissions.md#marketplace: marketplace links are
 * `https://www.amazon.com/dp/{ASIN}?tag={tracking_id}`). Staff keep these in step with the store.
 */
export const PRODUCT_ASINS: Record<ProductCode, string> = {
  acv: 'B0CSB1ACV1',
  ashwa: 'B0CSB2ASH2',
  sf: 'B0CSB3SFR3',
  sg: 'B0CSB4SGR4',
  immune: 'B0CSB5IMM5',
  sleep: 'B0CSB6SLP6',
  kids: 'B0CSB7KID7',
  womens: 'B0CSB8WMN8',
  calm: 'B0CSB9CLM9',
  energy: 'B0CSBAENRA',
  multi: 'B0CSBBMLTB',
  beets: 'B0CSBCBTSC',
  pms: 'B0CSBDPMSD',
  xsleep: 'B0CSBEXSLE',
  pbio: 'B0CSBFPBIF',
  matcha: 'B0CSBGMTCG',
};
