// Monthly challenges: bilingual texts (the shared ../messages API under /api/manager/challenges),
// a target in a month and a reward, and who met it. Queries live under ['manager', 'challenges']
// so every change (which refreshes that key) reaches the detail page too.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';
import { messageKeys, type MessagePage, type StaffItem } from '../messages/messages-api';

export type ChallengeMetric = 'sales_count' | 'sales_amount';
export type VoucherType = 'percent' | 'fixed';

export type ChallengeReward =
  { kind: 'bonus'; amount: number } | { kind: 'voucher'; type: VoucherType; amount: number };

export interface Challenge extends StaffItem {
  month: string;
  metric: ChallengeMetric;
  /** A number of sales, or dollars of sales. */
  target: number;
  reward: ChallengeReward;
  /** Partners whose sales this month reach the target now. */
  met: number;
  /** Partners whose reward was paid (once their month's sales were verified). */
  rewarded: number;
}

export interface ChallengePartner {
  partner: { uuid: string; name: string; email: string };
  /** In the target's unit. */
  progress: number;
  met: boolean;
  rewarded_at: string | null;
}

export const PARTNERS_LENGTH = 20;

const keys = {
  one: (id: number) => [...messageKeys.all('challenges'), 'one', id] as const,
  partners: (id: number, page: number) => [...messageKeys.all('challenges'), 'partners', id, page] as const,
};

/**
 * One challenge, for its page: at once from a list page already loaded, then from the server.
 * Null when there is none (deleted, or never was); not asked for an id that cannot be one.
 */
export function useChallenge(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keys.one(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      try {
        return (
          await api.get<{ data: Challenge }>(`/api/manager/challenges/${id}`, { auth: 'manager', signal })
        ).data;
      } catch (error) {
        // Gone (deleted meanwhile) reads as not found, like an unknown id.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    initialData: () =>
      queryClient
        .getQueriesData<MessagePage<Challenge>>({ queryKey: messageKeys.lists('challenges') })
        .flatMap(([, page]) => page?.data ?? [])
        .find((challenge) => challenge.id === id),
    // The counts move as sales come in: what the list showed is shown first, then refreshed.
    initialDataUpdatedAt: 0,
    meta: { handlesErrors: true },
  });
}

/** Who made progress toward it, best first. */
export function useChallengePartners(id: number, page: number) {
  return useQuery({
    queryKey: keys.partners(id, page),
    queryFn: ({ signal }) =>
      api.get<MessagePage<ChallengePartner>>(`/api/manager/challenges/${id}/partners`, {
        auth: 'manager',
        signal,
        query: { page, length: PARTNERS_LENGTH },
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}
