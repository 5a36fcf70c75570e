// Staff sign-in's second factor (docs/decisions/035-staff-totp.md): the signed-in staff member's
// own authenticator and recovery codes, the admins' switch and a colleague's reset, and the
// sign-in's second step. Queries live under ['manager', 'security'], so signing out forgets them;
// every staff call carries the staff token and handles its own errors.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  enrolmentConfirmedAnswer,
  enrolmentStart,
  enrolmentStartAnswer,
  recoveryCodesAnswer,
  securityState,
  securityStateAnswer,
  staffTwoFactorAnswer,
  staffTwoFactorRow,
  totpPolicyAnswer,
  totpResetAnswer,
} from '../../../../common/contracts/staff-totp';
import { api, ApiError } from '../../../lib/api';
import { storeManagerToken, type AuthToken } from '../../../lib/session';
import type { tokenAnswer } from '../../../../common/contracts/auth';

// The answers' types are the server's schemas (common/contracts/staff-totp.ts), so a page or a
// test fixture that drifts from what the server sends does not compile.
export type SecurityState = z.infer<typeof securityState>;
export type EnrolmentStart = z.infer<typeof enrolmentStart>;
export type StaffTwoFactorRow = z.infer<typeof staffTwoFactorRow>;
export type StaffTwoFactorPage = z.infer<typeof staffTwoFactorAnswer>;

export const STAFF_TWO_FACTOR_LENGTH = 20;

export const securityKeys = {
  all: ['manager', 'security'] as const,
  own: ['manager', 'security', 'own'] as const,
  staff: (page: number) => ['manager', 'security', 'staff', page] as const,
};

const staffCall = { auth: 'manager' as const };

export function useSecurity() {
  return useQuery({
    queryKey: securityKeys.own,
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof securityStateAnswer>>('/api/manager/security', { ...staffCall, signal }))
        .data,
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: async () =>
      (
        await api.post<z.infer<typeof enrolmentStartAnswer>>(
          '/api/manager/security/totp',
          undefined,
          staffCall,
        )
      ).data,
    meta: { handlesErrors: true },
  });
}

/** After a change of one's own factor: the page's state and the shell's (whether enrolment is due). */
function useRefreshOwn() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: securityKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['manager', 'me'] });
  };
}

export function useConfirmEnrolment() {
  const refresh = useRefreshOwn();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await api.post<z.infer<typeof enrolmentConfirmedAnswer>>(
          '/api/manager/security/totp/confirm',
          { code },
          staffCall,
        )
      ).data,
    onSuccess: refresh,
    meta: { handlesErrors: true },
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshOwn();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await api.post<z.infer<typeof recoveryCodesAnswer>>(
          '/api/manager/security/totp/recovery_codes',
          { code },
          staffCall,
        )
      ).data,
    onSuccess: refresh,
    meta: { handlesErrors: true },
  });
}

export function useDisableTotp() {
  const refresh = useRefreshOwn();
  return useMutation({
    mutationFn: async (proof: { code: string } | { password: string }) =>
      (
        await api.post<z.infer<typeof securityStateAnswer>>(
          '/api/manager/security/totp/disable',
          proof,
          staffCall,
        )
      ).data,
    onSuccess: refresh,
    meta: { handlesErrors: true },
  });
}

export function useSetPolicy() {
  const refresh = useRefreshOwn();
  return useMutation({
    mutationFn: async (requireTotp: boolean) =>
      (
        await api.put<z.infer<typeof totpPolicyAnswer>>(
          '/api/manager/security/policy',
          { require_totp: requireTotp },
          staffCall,
        )
      ).data,
    onSuccess: refresh,
    meta: { handlesErrors: true },
  });
}

export function useStaffTwoFactor(page: number) {
  return useQuery({
    queryKey: securityKeys.staff(page),
    queryFn: ({ signal }) =>
      api.get<StaffTwoFactorPage>('/api/manager/security/staff', {
        ...staffCall,
        signal,
        query: { page, length: STAFF_TWO_FACTOR_LENGTH },
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

export function useResetStaffTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<z.infer<typeof totpResetAnswer>>(`/api/manager/staff/${id}/totp`, staffCall),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: securityKeys.all }),
    meta: { handlesErrors: true },
  });
}

/** The sign-in's second step: the challenge and a code answer the staff token, kept as a sign-in keeps it. */
export async function completeSignIn(challenge: string, code: string): Promise<AuthToken> {
  const auth = await api.post<z.infer<typeof tokenAnswer>>(
    '/api/manager/auth/two_factor',
    { challenge, code },
    { auth: 'public' },
  );
  storeManagerToken(auth);
  return auth;
}

/** A staff call refused because the program requires a second factor this staff member has not set up. */
export function isEnrolmentRequired(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const body = error.body;
  return typeof body === 'object' && body !== null && Boolean(body.errors && 'two_factor' in body.errors);
}

/** A code as typed, with its spaces (and a recovery code's dash) taken out. */
export const compactCode = (code: string) => code.replace(/[\s-]/g, '');

/** Six digits, as the authenticator shows them. */
export const isAppCode = (code: string) => /^\d{6}$/.test(compactCode(code));

/** A recovery code as it was given: ten letters and digits, a dash or spaces allowed. */
export const isRecoveryCode = (code: string) => /^[a-z2-9]{10}$/i.test(compactCode(code));
