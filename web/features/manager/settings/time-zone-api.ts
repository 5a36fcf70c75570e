// The program's time zone (docs/product/commissions.md#calendar, docs/decisions/054-program-calendar.md):
// `GET`/`PUT /api/manager/settings/time-zone`, admins only. A change re-cuts every month and week
// of the figures, so the overview is read again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { timeZoneSetting, timeZoneSettingAnswer } from '../../../../common/contracts/settings';
import { api } from '../../../lib/api';
import { settingsKeys } from './settings-api';
import { OVERVIEW_QUERY_KEY } from '../staff-keys';

// The answers' types are the server's schemas (common/contracts/settings.ts), so a page or a test
// fixture that drifts from what the server sends does not compile.
export type TimeZoneSetting = z.infer<typeof timeZoneSetting>;

export const TIME_ZONE_QUERY_KEY = [...settingsKeys.all, 'time-zone'] as const;

export function useTimeZoneSetting() {
  return useQuery({
    queryKey: TIME_ZONE_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (
        await api.get<z.infer<typeof timeZoneSettingAnswer>>('/api/manager/settings/time-zone', {
          auth: 'manager',
          signal,
        })
      ).data,
    staleTime: 0,
    refetchOnWindowFocus: false,
    meta: { handlesErrors: true },
  });
}

export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (timeZone: string) =>
      (
        await api.put<z.infer<typeof timeZoneSettingAnswer>>(
          '/api/manager/settings/time-zone',
          { time_zone: timeZone },
          { auth: 'manager' },
        )
      ).data,
    onSuccess: (stored) => {
      queryClient.setQueryData(TIME_ZONE_QUERY_KEY, stored);
      void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY });
    },
    meta: { handlesErrors: true },
  });
}
