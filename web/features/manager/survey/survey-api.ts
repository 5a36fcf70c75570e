// The first-sale survey's answers and the free-product claims it opens (GET /api/manager/survey,
// GET and PATCH /api/manager/claims). Queries live under ['manager', 'survey'] so signing out
// forgets them and a claim's change refreshes every list it could be in. The pages show errors
// themselves (a staff 401 must not end the partner's session), hence `handlesErrors`.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  claim,
  claimAnswer,
  claimsAnswer,
  shippingAddress,
  surveyAnswerRow,
  surveyAnswersAnswer,
  surveyPartner,
} from '../../../../common/contracts/survey';
import { api, ApiError, apiRequest } from '../../../lib/api';
import {
  CLAIM_STATUSES,
  SURVEY_CHOICES,
  type ClaimStatus,
  type SurveyChoice,
} from '../../../../common/survey';

export { CLAIM_STATUSES, SURVEY_CHOICES, type ClaimStatus, type SurveyChoice };

// The answers' types are the server's schemas (common/contracts/survey.ts).
export type SurveyPartner = z.infer<typeof surveyPartner>;
export type SurveyAnswer = z.infer<typeof surveyAnswerRow>;
export type SurveyPage = z.infer<typeof surveyAnswersAnswer>;
/** How many chose each answer, by choice (every choice is there, 0 when none did). */
export type SurveyCounts = SurveyPage['counts'];

/** The list's filter: a status, or every claim. */
export const CLAIM_FILTERS = ['all', ...CLAIM_STATUSES] as const;
export type ClaimFilter = (typeof CLAIM_FILTERS)[number];
export const isClaimFilter = (value: string | null): value is ClaimFilter =>
  CLAIM_FILTERS.includes(value as ClaimFilter);

export type ClaimAddress = z.infer<typeof shippingAddress>;
/** `handled_by`: the staff member who shipped or declined it; null while open, or when they are gone. */
export type Claim = z.infer<typeof claim>;

export interface ClaimChange {
  id: number;
  status: ClaimStatus;
  note: string | null;
  /** The status the screen showed: the server answers 409 when it moved meanwhile. */
  expected_status: ClaimStatus;
}

export const SURVEY_LENGTH = 20;
export const NOTE_MAX = 500;

const keys = {
  all: ['manager', 'survey'] as const,
  answers: (page: number) => ['manager', 'survey', 'answers', page] as const,
  claims: (filter: ClaimFilter, page: number) => ['manager', 'survey', 'claims', filter, page] as const,
};

export function useSurveyAnswers(page: number) {
  return useQuery({
    queryKey: keys.answers(page),
    queryFn: ({ signal }) =>
      api.get<SurveyPage>('/api/manager/survey', {
        auth: 'manager',
        signal,
        query: { page, length: SURVEY_LENGTH },
      }),
    // Partners answer at any time.
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

export function useClaims(filter: ClaimFilter, page: number) {
  return useQuery({
    queryKey: keys.claims(filter, page),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof claimsAnswer>>('/api/manager/claims', {
        auth: 'manager',
        signal,
        query: { ...(filter === 'all' ? {} : { status: filter }), page, length: SURVEY_LENGTH },
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

/**
 * Ships, declines or reopens a claim. Every answer refreshes the lists: a change moves the claim
 * between filters, and a 409 (someone else handled it meanwhile) shows what it is now.
 */
export function useChangeClaim() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.all });
  return useMutation({
    mutationFn: async ({ id, ...body }: ClaimChange) =>
      (
        await apiRequest<z.infer<typeof claimAnswer>>(`/api/manager/claims/${id}`, {
          method: 'PATCH',
          body,
          auth: 'manager',
        })
      ).data,
    onSuccess: refresh,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
    meta: { handlesErrors: true },
  });
}
