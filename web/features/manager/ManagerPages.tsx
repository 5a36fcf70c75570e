// Staff sign-in and the back-office index (decisions §1, §4). The staff token is its own session
// (`manager_token`), independent of the partner's: a staff 401 leads to /manager/login only.
import { useCallback, useEffect, useState } from 'react';
import { Navigate, redirect, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isUnauthorized } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { clearManagerSession, getValidManagerToken } from '../../lib/session';
import { FormNotice } from '../../components/form';
import { managerSignIn, type TwoFactorChallenge } from '../auth/auth-api';
import { CredentialsForm } from '../auth/CredentialsForm';
import { PageHeading } from '../pages/PageHeading';
import { TwoFactorStep } from './security/TwoFactorStep';
import { sectionsFor } from './sections';

export const MANAGER_ME_QUERY_KEY = ['manager', 'me'] as const;

export interface StaffMember {
  id: number | string;
  email: string;
  name: string;
  role: 'reviewer' | 'manager' | 'admin' | string;
  /** Their second factor is on; the program requires one (decisions/035). */
  two_factor?: { enabled: boolean; required: boolean };
}

/** The program requires a second factor this staff member has not set up: only enrolment opens. */
export const mustEnrol = (staff: StaffMember | undefined) =>
  Boolean(staff?.two_factor?.required && !staff.two_factor.enabled);

/** The back office needs a valid staff token; otherwise its sign-in page. */
export function managerLoader(): Response | null {
  return getValidManagerToken() ? null : redirect('/manager/login');
}

export function ManagerSignInPage() {
  const { t } = useTranslation();
  const title = t('titles.manager_login');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A right password of an account with a second factor: the code is asked next.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const enter = () => {
    queryClient.removeQueries({ queryKey: ['manager'] });
    void navigate('/manager');
  };
  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={enter}
        onBack={(reason) => {
          setChallenge(null);
          setExpired(reason ?? null);
        }}
      />
    );
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('manager.sign_in_lead')}</p>
      {expired ? (
        <div className="mt-4">
          <FormNotice kind="info" testId="manager-two-factor-expired">
            {expired}
          </FormNotice>
        </div>
      ) : null}
      <CredentialsForm
        signIn={managerSignIn}
        onSignedIn={(answer) => {
          if ('two_factor' in answer) {
            setExpired(null);
            setChallenge(answer);
          } else enter();
        }}
        testIds={{
          form: 'manager-login-form',
          email: 'manager-email',
          password: 'manager-password',
          submit: 'manager-login-submit',
        }}
        label={title}
        emailAutoComplete="username"
      />
    </>
  );
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
 * `/manager`: the first section this staff member may open. The shell renders its pages only
 * once the staff member is known, so the role is there.
 */
export function ManagerIndexPage() {
  const { t } = useTranslation();
  const title = t('titles.manager');
  const me = useStaffMember();
  const first = sectionsFor(me.data?.role)[0];
  useDocumentTitle(title);
  if (first) return <Navigate to={`/manager/${first.path}`} replace />;
  return (
    <PageHeading title={title} lead={t('pages.manager')}>
      <p className="mt-4 text-sm text-stone-600 dark:text-stone-400" data-testid="no-sections">
        {t('manager.shell.no_sections')}
      </p>
    </PageHeading>
  );
}
