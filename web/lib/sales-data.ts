// The partner's sales as other features read them: a sale's row (the newsfeed shows sales) and
// the key every sales figure and list is under (a payout or a reward moves them). The sales
// feature's own reads are features/sales/sales-api.ts.

/** Every sales query is under it: one invalidation refreshes them all. */
export const SALES_QUERY_KEY = ['sales'] as const;

export interface SaleRow {
  id: number;
  order_number: string;
  date: string;
  product: string;
  order_amount: number;
  /** What the partner earns from the order now (0 once rejected, net of any adjustment). */
  commission: number;
  /** Taken back after payment by refunds (0 or negative), already counted in `commission`. */
  adjustment?: number;
  status: string | null;
  status_label: string | null;
  country: string | null;
  region?: string;
  referral?: string;
}
