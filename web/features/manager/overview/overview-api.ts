// The program overview (GET /api/manager/overview, docs/product/back-office.md#overview): one read of the program's
// figures for the back office's first section. Under ['manager', 'overview'] so signing out
// forgets it; the page shows its own errors (a staff 401 must not end the partner's session).
import { useQuery } from '@tanstack/react-query';
import type { Status } from '../../../../common/statuses';
import { api } from '../../../lib/api';
import { OVERVIEW_QUERY_KEY } from '../staff-keys';
import type { RejectionProblem } from './needs-a-look-api';

export type WaitingStage = 'review' | 'manager' | 'payment';

export interface MonthPoint {
  /** The month's first day, `YYYY-MM-DD` (UTC months). */
  month: string;
  orders: number;
  sales: number;
  commissions: number;
}

export interface OverviewPartnerRef {
  uuid: string;
  name: string;
}

export interface ProgramOverview {
  currency: string;
  month: string;
  last_month: string;
  partners: {
    total: number;
    active: { this_month: number; last_month: number };
    joined: { this_month: number; last_month: number };
  };
  sales: {
    this_month: { orders: number; amount: number };
    last_month: { orders: number; amount: number };
  };
  commissions: {
    this_month: { count: number; amount: number };
    last_month: { count: number; amount: number };
  };
  monthly: MonthPoint[];
  money_owed: { payable: number; pending: number; in_review: number; in_payouts: number };
  payouts_waiting: {
    stage: WaitingStage;
    count: number;
    amount: number;
    statuses: { status: Status; count: number; amount: number }[];
  }[];
  top_partners: (OverviewPartnerRef & {
    email: string;
    orders: number;
    sales: number;
    commissions: number;
  })[];
  recent_signups: (OverviewPartnerRef & {
    email: string;
    country: string | null;
    verified: boolean;
    status: string;
    created_at: string;
  })[];
  needs_attention: {
    total: number;
    /** Paid orders in a currency without a rate (or not yet released since one was set), by currency. */
    orders_waiting: {
      count: number;
      items: { currency: string; orders: number; rate: string | null }[];
    };
    shopify_deliveries: {
      count: number;
      since: string;
      items: {
        delivery_id: string;
        topic: string;
        error: string | null;
        /** The error, field by field, for the page to word. */
        problems: RejectionProblem[];
        error_id: string;
        rejected_at: string;
      }[];
    };
    store_pushes: {
      count: number;
      items: {
        code: string;
        partner: OverviewPartnerRef;
        message: string | null;
        attempts: number;
        updated_at: string;
      }[];
    };
    paypal_payouts: {
      count: number;
      items: {
        id: number;
        partner: OverviewPartnerRef;
        amount: number;
        currency: string;
        status: Status;
        error: string | null;
        updated_at: string;
      }[];
    };
  };
}

export function useProgramOverview() {
  return useQuery({
    queryKey: OVERVIEW_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: ProgramOverview }>('/api/manager/overview', { auth: 'manager', signal })).data,
    // Figures that move with every order: read again when staff come back to the page.
    staleTime: 30_000,
    meta: { handlesErrors: true },
  });
}
