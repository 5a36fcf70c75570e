// The program settings and tiers (issue 13, docs/product/back-office.md#program-settings, admins only): read and replaced whole
// through `GET`/`PUT /api/manager/settings`. The query is under ['manager', 'settings'] so signing
// out forgets it; errors are shown by the page (a staff 401 must not end the partner's session).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProgramSettings } from '../../../../common/program-settings';
import type { z } from 'zod';
import type { programSettings, programSettingsAnswer } from '../../../../common/contracts/settings';
import { api } from '../../../lib/api';
import { SETTINGS_QUERY_KEY } from '../staff-keys';

// The answers' types are the server's schemas (common/contracts/settings.ts), so a page or a test
// fixture that drifts from what the server sends does not compile.
/** The settings with the program currency; `updated_at` is null while the defaults apply. */
export type ProgramSettingsAnswer = z.infer<typeof programSettings>;

export const settingsKeys = { all: SETTINGS_QUERY_KEY };

export function useProgramSettings() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: async ({ signal }) =>
      (
        await api.get<z.infer<typeof programSettingsAnswer>>('/api/manager/settings', {
          auth: 'manager',
          signal,
        })
      ).data,
    // What the form starts from must be what is stored now (another admin may have saved).
    staleTime: 0,
    refetchOnWindowFocus: false,
    meta: { handlesErrors: true },
  });
}

/** Replaces the settings; the answer (what is now stored) becomes the cached settings. */
export function useSaveProgramSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ProgramSettings) =>
      (
        await api.put<z.infer<typeof programSettingsAnswer>>('/api/manager/settings', settings, {
          auth: 'manager',
        })
      ).data,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
    meta: { handlesErrors: true },
  });
}
