// Monthly challenges: bilingual texts (the shared ../messages API under /api/manager/challenges),
// a target in a month and a reward, and who met it. Queries live under ['manager', 'challenges']
// so every change (which refreshes that key) reaches the detail page too.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  challengeReward,
  challengeStanding,
  challengeStandingPage,
  staffChallenge,
  staffChallengeAnswer,
} from '../../../../common/contracts/challenges';
import { api, ApiError } from '../../../lib/api';
import { messageKeys, type MessagePage } from '../messages/messages-api';

// The answers' types are the server's schemas (common/contracts/challenges.ts).
export type ChallengeReward = z.infer<typeof challengeReward>;
export type VoucherType = Extract<ChallengeReward, { kind: 'voucher' }>['type'];

/**
 * A challenge as staff read it: the messages' item (its texts and who wrote them), a target in
 * a month (a number of sales, or dollars of sales), its reward, the partners at the target now
 * (`met`) and those whose reward was paid (`rewarded`).
 */
export type Challenge = z.infer<typeof staffChallenge>;
export type ChallengeMetric = Challenge['metric'];

/** A partner's standing; `progress` in the target's unit. */
export type ChallengePartner = z.infer<typeof challengeStanding>;

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
          await api.get<z.infer<typeof staffChallengeAnswer>>(`/api/manager/challenges/${id}`, {
            auth: 'manager',
            signal,
          })
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
      api.get<z.infer<typeof challengeStandingPage>>(`/api/manager/challenges/${id}/partners`, {
        auth: 'manager',
        signal,
        query: { page, length: PARTNERS_LENGTH },
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}
