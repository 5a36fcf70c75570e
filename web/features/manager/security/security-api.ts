// Staff sign-in's second factor (docs/decisions/035-staff-totp.md): the signed-in staff member's
// own authenticator and recovery codes, the admins' switch and a colleague's reset, and the
// sign-in's second step. Queries live under ['manager', 'security'], so signing out forgets them;
// every staff call carries the staff token and handles its own errors.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';
import { storeManagerToken, type AuthToken } from '../../../lib/session';
import type { StaffRole } from '../../../../common/staff-roles';

export interface SecurityState {
  totp: { enabled: boolean; enabled_at: string | null; recovery_codes_left: number };
  require_totp: boolean;
  /** The program requires a second factor and this staff member has none yet. */
  enrolment_required: boolean;
}

export interface EnrolmentStart {
  /** The base32 key to type by hand. */
  secret: string;
  otpauth_uri: string;
  /** The URI's QR code, an SVG image as a data URL. */
  qr_code: string;
}

export interface StaffTwoFactorRow {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  status: 'active' | 'invited' | 'deactivated';
  two_factor: boolean;
  enabled_at: string | null;
  self: boolean;
}

export interface StaffTwoFactorPage {
  data: StaffTwoFactorRow[];
  current_page: number;
  per_page: number;
  last_page: number;
  total: number;
  require_totp: boolean;
}

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
      (await api.get<{ data: SecurityState }>('/api/manager/security', { ...staffCall, signal })).data,
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ data: EnrolmentStart }>('/api/manager/security/totp', undefined, staffCall)).data,
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
        await api.post<{ data: { enabled_at: string; recovery_codes: string[] } }>(
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
        await api.post<{ data: { recovery_codes: string[] } }>(
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
      (await api.post<{ data: SecurityState }>('/api/manager/security/totp/disable', proof, staffCall)).data,
    onSuccess: refresh,
    meta: { handlesErrors: true },
  });
}

export function useSetPolicy() {
  const refresh = useRefreshOwn();
  return useMutation({
    mutationFn: async (requireTotp: boolean) =>
      (
        await api.put<{ data: { require_totp: boolean } }>(
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
      api.delete<{ data: { two_factor: false } }>(`/api/manager/staff/${id}/totp`, staffCall),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: securityKeys.all }),
    meta: { handlesErrors: true },
  });
}

/** The sign-in's second step: the challenge and a code answer the staff token, kept as a sign-in keeps it. */
export async function completeSignIn(challenge: string, code: string): Promise<AuthToken> {
  const auth = await api.post<AuthToken>(
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
