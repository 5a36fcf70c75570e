// The program currency and the exchange rates (docs/product/commissions.md#currency, docs/decisions/053): read by every
// staff role (GET /api/manager/settings/currency), changed by admins. Each change answers the
// whole section again, which becomes the cached answer; the overview (its "needs a look" counts
// the orders waiting for a rate) and the program settings (their money unit) are read again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  currencySettings,
  currencySettingsAnswer,
  exchangeRateRow,
} from '../../../common/contracts/settings';
import { api } from '../../lib/api';
import { OVERVIEW_QUERY_KEY, SETTINGS_QUERY_KEY } from './staff-keys';

// The answers' types are the server's schemas (common/contracts/settings.ts), so a page or a test
// fixture that drifts from what the server sends does not compile.
export type ExchangeRateRow = z.infer<typeof exchangeRateRow>;
export type CurrencySettings = z.infer<typeof currencySettings>;

// Under the settings section's keys (settings/settings-api.ts), so its refresh reaches it too.
export const CURRENCY_QUERY_KEY = ['manager', 'settings', 'currency'] as const;

export function useCurrencySettings() {
  return useQuery({
    queryKey: CURRENCY_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (
        await api.get<z.infer<typeof currencySettingsAnswer>>('/api/manager/settings/currency', {
          auth: 'manager',
          signal,
        })
      ).data,
    staleTime: 0,
    refetchOnWindowFocus: false,
    meta: { handlesErrors: true },
  });
}

type Change =
  | { kind: 'currency'; currency: string }
  | { kind: 'rate'; currency: string; rate: string }
  | { kind: 'remove'; currency: string };

const ratePath = (currency: string) => `/api/manager/settings/rates/${encodeURIComponent(currency)}`;

/** One change of the section (admin); the answer is what is stored now. */
export function useChangeCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change) => {
      const options = { auth: 'manager' as const };
      const answer =
        change.kind === 'currency'
          ? await api.put<{ data: CurrencySettings }>(
              '/api/manager/settings/currency',
              { currency: change.currency },
              options,
            )
          : change.kind === 'rate'
            ? await api.put<{ data: CurrencySettings }>(
                ratePath(change.currency),
                { rate: change.rate },
                options,
              )
            : await api.delete<{ data: CurrencySettings }>(ratePath(change.currency), options);
      return answer.data;
    },
    onSuccess: (stored, change) => {
      queryClient.setQueryData(CURRENCY_QUERY_KEY, stored);
      void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY });
      if (change.kind === 'currency')
        void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY, exact: true });
    },
    meta: { handlesErrors: true },
  });
}
