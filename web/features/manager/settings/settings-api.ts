// The program settings and tiers (issue 13, docs/product/back-office.md#program-settings, admins only): read and replaced whole
// through `GET`/`PUT /api/manager/settings`. The query is under ['manager', 'settings'] so signing
// out forgets it; errors are shown by the page (a staff 401 must not end the partner's session).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProgramSettings } from '../../../../common/program-settings';
import { api } from '../../../lib/api';
import { SETTINGS_QUERY_KEY } from '../staff-keys';

export interface ProgramSettingsAnswer extends ProgramSettings {
  currency: string;
  /** When the settings were last saved; null while the program's defaults apply. */
  updated_at: string | null;
}

export const settingsKeys = { all: SETTINGS_QUERY_KEY };

export function useProgramSettings() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: ProgramSettingsAnswer }>('/api/manager/settings', { auth: 'manager', signal }))
        .data,
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
      (await api.put<{ data: ProgramSettingsAnswer }>('/api/manager/settings', settings, { auth: 'manager' }))
        .data,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
    meta: { handlesErrors: true },
  });
}
