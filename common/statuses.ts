// Payout and order (commission) statuses of docs/product/payouts.md#payout-statuses, with their display labels as catalog
// keys (`status.<STATUS>`).
export const STATUSES = [
  'PENDING',
  'APPROVED',
  'PAID',
  'REJECTED',
  'IN_REVIEW',
  'MANAGER_APPROVED',
  'MANAGER_REJECTED',
  'MANAGER_IN_REVIEW',
] as const;
export type Status = (typeof STATUSES)[number];

export const statusLabelKey = (status: Status) => `status.${status}` as const;

/** Paging of lists (docs/product/errors-and-languages.md#the-api-conventions). */
export const PAGING = { defaultPage: 1, defaultLength: 5, mappingLength: 6, maxLength: 100 } as const;
