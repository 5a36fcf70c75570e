// This month's challenges and promos as the partner reads them (docs/product/engagement.md#monthly-challenges). Kept until the live
// push says they moved: a sale moves a challenge's progress (`new_order`), staff changes arrive as
// `challenge_changed` and `promotion`, a paid reward as `challenge_rewarded`.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  challengeReward,
  partnerChallenge,
  partnerChallengesAnswer,
} from '../../../common/contracts/challenges';
import type { partnerPromotion, partnerPromotionsAnswer } from '../../../common/contracts/promotions';
import { api } from '../../lib/api';

// The answers' types are the server's schemas (common/contracts/challenges.ts, promotions.ts).
export type ChallengeReward = z.infer<typeof challengeReward>;
export type PartnerChallenge = z.infer<typeof partnerChallenge>;
export type PartnerPromotion = z.infer<typeof partnerPromotion>;

export const engagementKeys = {
  all: ['engagement'] as const,
  challenges: ['engagement', 'challenges'] as const,
  promotions: ['engagement', 'promotions'] as const,
};

export const useChallenges = () =>
  useQuery({
    queryKey: engagementKeys.challenges,
    queryFn: async () => (await api.get<z.infer<typeof partnerChallengesAnswer>>('/api/getChallenges')).data,
    staleTime: Infinity,
    meta: { worded: true },
  });

export const usePromotions = () =>
  useQuery({
    queryKey: engagementKeys.promotions,
    queryFn: async () => (await api.get<z.infer<typeof partnerPromotionsAnswer>>('/api/getPromotions')).data,
    staleTime: Infinity,
    meta: { worded: true },
  });
