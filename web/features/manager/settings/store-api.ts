// The store connection (issue 30, admins only): the Shopify store the portal reads orders from,
// the webhook subscriptions the portal keeps itself and the reconciliation with the store's API.
// `GET`/`PUT`/`DELETE /api/manager/settings/store` (server/modules/store-connection/). Each change
// answers the whole section again, which becomes the cached answer; the overview (its "needs a
// look" shows the reconciliation) is read again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { settingsKeys } from './settings-api';

import { REQUIRED_SCOPES, STORE_TOPICS } from '../../../../common/store-connection';
import type { StoreTopic } from '../../../../common/store-connection';
import type { z } from 'zod';
import type {
  storeConnection,
  storeReconciliation,
  storeSettings,
  storeSettingsAnswer,
  storeTopicState,
} from '../../../../common/contracts/store-connection';
import { OVERVIEW_QUERY_KEY } from '../staff-keys';

export { STORE_TOPICS };
export type { StoreTopic };
/** The scopes the Admin API access token needs. */
export const STORE_SCOPES = REQUIRED_SCOPES;

// The answer's types are the server's schemas (common/contracts/store-connection.ts), so a page
// or a test fixture that drifts from what the server sends does not compile.
export type StoreConnection = z.infer<typeof storeConnection>;
export type StoreTopicState = z.infer<typeof storeTopicState>;
export type Reconciliation = z.infer<typeof storeReconciliation>;
export type BackfillState = NonNullable<Reconciliation['backfill']>;
export type StoreSettings = z.infer<typeof storeSettings>;

/** A Dev Dashboard app's client ID (its client secret in webhook_secret), or an admin-made app's token. */
export interface StoreConnectionInput {
  shop_domain: string;
  client_id?: string;
  admin_token?: string;
  /** The app's client secret; left out to keep the one stored. */
  webhook_secret?: string;
}

export const STORE_QUERY_KEY = [...settingsKeys.all, 'store'] as const;

/** Whether the portal is still doing something on its own the section should show once done. */
export function storeIsBusy(settings: StoreSettings | undefined): boolean {
  if (!settings?.connection) return false;
  const backfill = settings.reconciliation?.backfill;
  return (
    settings.subscriptions_checked_at === null ||
    backfill?.state === 'pending' ||
    backfill?.state === 'running'
  );
}

/** How often the section reads again while the subscriptions or the back-fill are under way. */
export const STORE_POLL_MS = 3_000;

export function useStoreSettings() {
  return useQuery({
    queryKey: STORE_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (
        await api.get<z.infer<typeof storeSettingsAnswer>>('/api/manager/settings/store', {
          auth: 'manager',
          signal,
        })
      ).data,
    staleTime: 0,
    refetchOnWindowFocus: false,
    // The subscriptions are made and the back-fill runs after the connection is saved.
    refetchInterval: (query) => (storeIsBusy(query.state.data) ? STORE_POLL_MS : false),
    meta: { handlesErrors: true },
  });
}

type Change = { kind: 'connect'; input: StoreConnectionInput } | { kind: 'disconnect' };

/** Connects (or replaces) the store, or disconnects it; the answer is what is stored now. */
export function useChangeStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change) => {
      const options = { auth: 'manager' as const };
      const answer =
        change.kind === 'connect'
          ? await api.put<z.infer<typeof storeSettingsAnswer>>(
              '/api/manager/settings/store',
              change.input,
              options,
            )
          : await api.delete<z.infer<typeof storeSettingsAnswer>>('/api/manager/settings/store', options);
      return answer.data;
    },
    onSuccess: (stored) => {
      if (stored) queryClient.setQueryData(STORE_QUERY_KEY, stored);
      else void queryClient.invalidateQueries({ queryKey: STORE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY });
    },
    meta: { handlesErrors: true },
  });
}
