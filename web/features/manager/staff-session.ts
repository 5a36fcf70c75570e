// The staff session (docs/product/system.md#parts-of-the-system, docs/product/back-office.md#staff-accounts): its token is its own (`manager_token`), independent of the
// partner's, and a staff 401 leads to /manager/login only. Every back-office section reads the
// signed-in staff member and signs out through these; this file imports no section and not the
// registry (sections.ts), so a section's page never reaches the others' code through it.
import { createContext, useCallback, useContext, useEffect } from 'react';
import { redirect, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '../../../common/staff-roles';
import { api, isUnauthorized } from '../../lib/api';
import {
  clearManagerSession,
  getValidManagerToken,
  storeManagerToken,
  type AuthToken,
} from '../../lib/session';

export const MANAGER_ME_QUERY_KEY = ['manager', 'me'] as const;

export interface StaffMember {
  id: number | string;
  email: string;
  name: string;
  role: StaffRole | string;
  /** Their second factor is on; the program requires one (decisions/035). */
  two_factor?: { enabled: boolean; required: boolean };
}

/** The program requires a second factor this staff member has not set up: only enrolment opens. */
export const mustEnrol = (staff: StaffMember | undefined) =>
  Boolean(staff?.two_factor?.required && !staff.two_factor.enabled);

/** A staff sign-in whose account has a second factor: the code goes with this challenge (decisions/035). */
export interface TwoFactorChallenge {
  two_factor: true;
  challenge: string;
  expired: string;
}

/** Staff sign-in: a separate token under `manager_token`, or the challenge of the second step. */
export async function managerSignIn(
  email: string,
  password: string,
): Promise<AuthToken | TwoFactorChallenge> {
  const auth = await api.post<AuthToken | TwoFactorChallenge>(
    '/api/manager/auth/get_token',
    { email, password },
    { auth: 'public' },
  );
  if (!('two_factor' in auth)) storeManagerToken(auth);
  return auth;
}

/** The back office needs a valid staff token; otherwise its sign-in page. */
export function managerLoader(): Response | null {
  return getValidManagerToken() ? null : redirect('/manager/login');
}

export function useStaffMember() {
  return useQuery({
    queryKey: MANAGER_ME_QUERY_KEY,
    queryFn: async () => (await api.get<{ data: StaffMember }>('/api/manager/me', { auth: 'manager' })).data,
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
}

/**
 * Ends the staff session and returns to the staff sign-in. `revoke` also ends the token on the
 * server (the sign-out button); after a 401 there is nothing left to revoke.
 */
export function useManagerSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (options: { revoke?: boolean } = {}) => {
      // Best effort: the local session ends whatever the server answers.
      if (options.revoke)
        void api.get('/api/manager/auth/logout', { auth: 'manager' }).catch(() => undefined);
      clearManagerSession();
      queryClient.removeQueries({ queryKey: ['manager'] });
      void navigate('/manager/login');
    },
    [navigate, queryClient],
  );
}

/** A staff call answered 401 (the staff token expired or was revoked): back to the staff sign-in. */
export function useSignOutOnUnauthorized(error: unknown): void {
  const signOut = useManagerSignOut();
  const unauthorized = isUnauthorized(error);
  useEffect(() => {
    if (unauthorized) signOut();
  }, [unauthorized, signOut]);
}

/**
 * Whether a back-office path opens for the signed-in staff member: its section exists and their
 * role reaches it. The shell (ManagerLayouts.tsx) provides it from the registry, which a
 * section's page never imports (the registry loads the pages).
 */
export const SectionAccess = createContext<(path: string) => boolean>(() => false);
export const useSectionAccess = () => useContext(SectionAccess);
