// Payout and order (commission) statuses of spec point 4, with their display labels as catalog
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

/** Paging of lists (decisions §3). */
export const PAGING = { defaultPage: 1, defaultLength: 5, mappingLength: 6, maxLength: 100 } as const;
