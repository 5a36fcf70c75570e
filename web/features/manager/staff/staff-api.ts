// Staff accounts (issue 13, docs/product/back-office.md#staff-accounts; admins only): the list, invitations, role changes,
// deactivation and reactivation, and the two public calls of the invitation page. Queries live
// under ['manager', 'staff'], so signing out forgets them; every staff call carries the staff token.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  acceptedInviteAnswer,
  changedStaffAnswer,
  inviteDetails,
  inviteDetailsAnswer,
  staffAccount,
  staffListAnswer,
  staffStatus,
} from '../../../../common/contracts/staff-admin';
import { api, apiRequest } from '../../../lib/api';
import { storeManagerToken, type AuthToken } from '../../../lib/session';
import type { StaffRole } from '../../../../common/staff-roles';

// The answers' types are the server's schemas (common/contracts/staff-admin.ts), so a page or a
// test fixture that drifts from what the server sends does not compile.
export type StaffStatus = z.infer<typeof staffStatus>;
export type StaffAccount = z.infer<typeof staffAccount>;
export type StaffListPage = z.infer<typeof staffListAnswer>;

export const STAFF_LENGTH = 20;

export const staffKeys = {
  all: ['manager', 'staff'] as const,
  list: (page: number) => ['manager', 'staff', 'list', page] as const,
  invite: (token: string) => ['manager', 'staff', 'invite', token] as const,
};

export function useStaffList(page: number) {
  return useQuery({
    queryKey: staffKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<StaffListPage>('/api/manager/staff', {
        auth: 'manager',
        signal,
        query: { page, length: STAFF_LENGTH },
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

export interface InviteBody {
  name: string;
  email: string;
  role: StaffRole;
  locale: 'en' | 'fr';
}

/** An invitation sent, or a change made; `mailed`: whether an invitation mail went out (absent when none was due). */
export type StaffAnswer = z.infer<typeof changedStaffAnswer>;

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => api.post<StaffAnswer>('/api/manager/staff', body, { auth: 'manager' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.all }),
    meta: { handlesErrors: true },
  });
}

export interface StaffChange {
  role?: StaffRole;
  status?: 'active' | 'deactivated';
  resend_invite?: true;
}

export function useChangeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: StaffChange }) =>
      apiRequest<StaffAnswer>(`/api/manager/staff/${id}`, { method: 'PATCH', body: change, auth: 'manager' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.all }),
    meta: { handlesErrors: true },
  });
}

export type InviteDetails = z.infer<typeof inviteDetails>;

/** Who an invitation link is for; refused links answer 404 or 410 with the reason. */
export function useInviteDetails(token: string) {
  return useQuery({
    queryKey: staffKeys.invite(token),
    queryFn: async ({ signal }) =>
      (
        await api.post<z.infer<typeof inviteDetailsAnswer>>(
          '/api/manager/auth/invite',
          { token },
          { auth: 'public', signal },
        )
      ).data,
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
}

/** Sets the password from the invitation and keeps the staff session it answers. */
export async function acceptInvite(body: {
  token: string;
  password: string;
  password_confirmation: string;
}): Promise<AuthToken> {
  const auth = await api.post<z.infer<typeof acceptedInviteAnswer>>('/api/manager/auth/accept_invite', body, {
    auth: 'public',
  });
  storeManagerToken(auth);
  return auth;
}
