// The program overview (GET /api/manager/overview, docs/product/back-office.md#overview): one read of the program's
// figures for the back office's first section. Under ['manager', 'overview'] so signing out
// forgets it; the page shows its own errors (a staff 401 must not end the partner's session).
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  monthPoint,
  overviewPartnerRef,
  programOverview,
  programOverviewAnswer,
  waitingStage,
} from '../../../../common/contracts/overview';
import { api } from '../../../lib/api';
import { OVERVIEW_QUERY_KEY } from '../staff-keys';

// The answer's types are the server's schemas (common/contracts/overview.ts), so a page or a test
// fixture that drifts from what the server sends does not compile.
export type WaitingStage = z.infer<typeof waitingStage>;
export type MonthPoint = z.infer<typeof monthPoint>;
export type OverviewPartnerRef = z.infer<typeof overviewPartnerRef>;
export type ProgramOverview = z.infer<typeof programOverview>;

export function useProgramOverview() {
  return useQuery({
    queryKey: OVERVIEW_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (
        await api.get<z.infer<typeof programOverviewAnswer>>('/api/manager/overview', {
          auth: 'manager',
          signal,
        })
      ).data,
    // Figures that move with every order: read again when staff come back to the page.
    staleTime: 30_000,
    meta: { handlesErrors: true },
  });
}
