// The first-sale survey as the partner reads it (docs/product/engagement.md#first-sale-survey): offered after the first sale
// (the `new_order` push asks again), answered once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { surveyAnsweredAnswer, surveyState, surveyStateAnswer } from '../../../common/contracts/survey';
import type { SurveyChoice } from '../../../common/survey';
import { api } from '../../lib/api';

// The answers' types are the server's schemas (common/contracts/survey.ts).
export type SurveyState = z.infer<typeof surveyState>;

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
    queryFn: async () => (await api.get<z.infer<typeof surveyStateAnswer>>('/api/survey')).data,
    staleTime: Infinity,
  });

export function useAnswerSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { choice: SurveyChoice; address?: ShippingAddress }) =>
      (await api.post<z.infer<typeof surveyAnsweredAnswer>>('/api/survey', body)).data,
    meta: { partnerSession: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SURVEY_KEY }),
  });
}
