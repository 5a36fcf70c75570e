// The first-sale survey as the partner reads it (docs/product/engagement.md#first-sale-survey): offered after the first sale
// (the `new_order` push asks again), answered once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SurveyChoice } from '../../../common/survey';
import { api } from '../../lib/api';

export interface SurveyState {
  offered: boolean;
  choices: SurveyChoice[];
  answered: { choice: SurveyChoice; answered_at: string } | null;
  needs_address: boolean;
}

export interface ShippingAddress {
  address_1: string;
  address_2: string | null;
  city: string;
  state: string | null;
  postal: string;
  country: string;
}

export const SURVEY_KEY = ['engagement', 'survey'] as const;

export const useSurvey = () =>
  useQuery({
    queryKey: SURVEY_KEY,
    queryFn: async () => (await api.get<{ data: SurveyState }>('/api/survey')).data,
    staleTime: Infinity,
  });

export function useAnswerSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { choice: SurveyChoice; address?: ShippingAddress }) =>
      (await api.post<{ data: { choice: SurveyChoice } }>('/api/survey', body)).data,
    meta: { partnerSession: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SURVEY_KEY }),
  });
}
