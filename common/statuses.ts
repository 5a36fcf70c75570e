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

/**
 * An earning's status as its partner sees it: one gathered into a payout not yet paid is still
 * "Payment Pending" to them (the spec's statuses); the payout itself shows where it stands. Every
 * other earning status is one of STATUSES already.
 */
export const partnerEarningStatus = (status: string): Status =>
  (status === 'IN_PAYOUT' ? 'APPROVED' : status) as Status;

/** Paging of lists (docs/product/errors-and-languages.md#the-api-conventions). */
export const PAGING = { defaultPage: 1, defaultLength: 5, mappingLength: 6, maxLength: 100 } as const;
