// This month's challenges and promos as the partner reads them (docs/product/engagement.md#monthly-challenges). Kept until the live
// push says they moved: a sale moves a challenge's progress (`new_order`), staff changes arrive as
// `challenge_changed` and `promotion`, a paid reward as `challenge_rewarded`.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type ChallengeReward =
  { kind: 'bonus'; amount: number } | { kind: 'voucher'; type: 'percent' | 'fixed'; amount: number };

export interface PartnerChallenge {
  id: number;
  month: string;
  title: string;
  body: string;
  metric: 'sales_count' | 'sales_amount';
  target: number;
  progress: number;
  met: boolean;
  reward: ChallengeReward;
  rewarded_at: string | null;
  ends_at: string;
}

export interface PartnerPromotion {
  id: number;
  title: string;
  body: string;
  product: string | null;
  image_url: string | null;
  starts_on: string;
  ends_on: string;
}

export const engagementKeys = {
  all: ['engagement'] as const,
  challenges: ['engagement', 'challenges'] as const,
  promotions: ['engagement', 'promotions'] as const,
};

export const useChallenges = () =>
  useQuery({
    queryKey: engagementKeys.challenges,
    queryFn: async () => (await api.get<{ data: PartnerChallenge[] }>('/api/getChallenges')).data,
    staleTime: Infinity,
  });

export const usePromotions = () =>
  useQuery({
    queryKey: engagementKeys.promotions,
    queryFn: async () => (await api.get<{ data: PartnerPromotion[] }>('/api/getPromotions')).data,
    staleTime: Infinity,
  });
