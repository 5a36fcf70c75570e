// The back office's payouts queue as the server answers it (typed by common/contracts/payouts.ts
// through payouts-api.ts, so a fixture that drifts from the server's schema does not compile).
import type { PayoutListRow, PayoutPage, StatusCounts } from '../features/manager/payouts/payouts-api';

export const NO_PAYOUTS: StatusCounts = {
  PENDING: 0,
  IN_REVIEW: 0,
  APPROVED: 0,
  MANAGER_IN_REVIEW: 0,
  MANAGER_APPROVED: 0,
  PAID: 0,
  REJECTED: 0,
  MANAGER_REJECTED: 0,
  open: 0,
};

/** One page of the queue: no payouts unless rows are given. */
export function payoutQueue(rows: PayoutListRow[] = [], counts: StatusCounts = NO_PAYOUTS): PayoutPage {
  return { data: rows, current_page: 1, per_page: 20, last_page: 1, total: rows.length, counts };
}
