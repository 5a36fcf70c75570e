// A partner's connected accounts (docs/product/links-and-integrations.md): what is connected, starting a provider's
// consent, finishing it from /account/connect/{integration}, disconnecting, and the dashboard's
// top posts. Tokens never reach the browser: the server answers only accounts and posts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Integration } from '../../../common/routes';
import type { z } from 'zod';
import type {
  consentUrlAnswer,
  integrations,
  integrationsAnswer,
  integrationStatus,
  integrationView,
  integrationViewAnswer,
  topPost,
  topPosts,
  topPostsAnswer,
} from '../../../common/contracts/integrations';
import { api } from '../../lib/api';
import { startFlowBinding, takeFlowBinding } from '../../lib/flow-binding';
import { CURRENT_USER_QUERY_KEY } from '../../lib/current-user';

// The answers' types are the server's schemas (common/contracts/integrations.ts), so a page or a
// test fixture that drifts from what the server sends does not compile.
export type IntegrationStatus = z.infer<typeof integrationStatus>;
export type IntegrationView = z.infer<typeof integrationView>;
export type Integrations = z.infer<typeof integrations>;
export type TopPost = z.infer<typeof topPost>;
export type TopPosts = z.infer<typeof topPosts>;

export const integrationKeys = {
  all: ['integrations'] as const,
  topPosts: ['integrations', 'top-posts'] as const,
};

/** Each place shows its own error. */
const OWN_ERRORS = { meta: { handlesErrors: true } } as const;
/** …and a change refused for a lapsed session still ends the partner's session. */
const OWN_CHANGE_ERRORS = { meta: { handlesErrors: true, partnerSession: true } } as const;

export function useIntegrations() {
  return useQuery({
    queryKey: integrationKeys.all,
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof integrationsAnswer>>('/api/integrations', { signal })).data,
    staleTime: 60_000,
    ...OWN_ERRORS,
  });
}

export function useTopPosts() {
  return useQuery({
    queryKey: integrationKeys.topPosts,
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof topPostsAnswer>>('/api/integrations/instagram/top-posts', { signal }))
        .data,
    // Posts are fetched from Instagram hourly: a visit some minutes later asks again.
    staleTime: 5 * 60_000,
    ...OWN_ERRORS,
  });
}

/** Asks for the provider's consent URL and goes there (the provider sends the partner back). */
export async function goToConsent(integration: Integration): Promise<void> {
  const { data } = await api.post<z.infer<typeof consentUrlAnswer>>(
    `/api/integrations/${integration}/start`,
    {},
    { headers: startFlowBinding(`connect-${integration}`) },
  );
  window.location.assign(data.url);
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return (integration: Integration, view: IntegrationView) => {
    queryClient.setQueryData<Integrations>(integrationKeys.all, (old) =>
      old ? { ...old, [integration]: view } : old,
    );
    void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    // The profile carries the social picture the avatar falls back to.
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  };
}

export function useFinishConnect(integration: Integration) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (input: { code: string; state: string }) =>
      (
        await api.post<z.infer<typeof integrationViewAnswer>>(`/api/integrations/${integration}/connect`, {
          ...input,
          binding: takeFlowBinding(`connect-${integration}`),
        })
      ).data,
    onSuccess: (view) => refresh(integration, view),
    ...OWN_CHANGE_ERRORS,
  });
}

export function useDisconnect() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (integration: Integration) => ({
      integration,
      view: (await api.delete<z.infer<typeof integrationViewAnswer>>(`/api/integrations/${integration}`))
        .data,
    }),
    onSuccess: ({ integration, view }) => refresh(integration, view),
    ...OWN_CHANGE_ERRORS,
  });
}
