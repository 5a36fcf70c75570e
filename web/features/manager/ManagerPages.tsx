// Staff sign-in and the back-office home (decisions §1, §4). The staff token is its own session
// (`manager_token`), independent of the partner's: a staff 401 leads to /manager/login only.
import { useCallback, useEffect } from 'react';
import { redirect, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isUnauthorized } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { clearManagerSession, getValidManagerToken } from '../../lib/session';
import { managerSignIn } from '../auth/auth-api';
import { CredentialsForm } from '../auth/CredentialsForm';
import { PageHeading } from '../pages/PageHeading';

export const MANAGER_ME_QUERY_KEY = ['manager', 'me'] as const;

export interface StaffMember {
  id: number | string;
  email: string;
  name: string;
  role: 'reviewer' | 'manager' | 'admin' | string;
}

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
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('manager.sign_in_lead')}</p>
      <CredentialsForm
        signIn={managerSignIn}
        onSignedIn={() => {
          queryClient.removeQueries({ queryKey: ['manager'] });
          void navigate('/manager');
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

/** Ends the staff session (locally) and returns to the staff sign-in. */
export function useManagerSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearManagerSession();
    queryClient.removeQueries({ queryKey: ['manager'] });
    void navigate('/manager/login');
  }, [navigate, queryClient]);
}

export function ManagerHomePage() {
  const { t } = useTranslation();
  const title = t('titles.manager');
  useDocumentTitle(title);
  const me = useStaffMember();
  const signOut = useManagerSignOut();
  const unauthorized = me.isError && isUnauthorized(me.error);
  useEffect(() => {
    if (unauthorized) signOut();
  }, [unauthorized, signOut]);
  return (
    <PageHeading title={title} lead={t('pages.manager')}>
      {me.data ? (
        <p className="mt-4 text-sm" data-testid="staff-identity">
          {t('manager.signed_in_as')} <strong data-testid="staff-name">{me.data.name}</strong>{' '}
          <span
            className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
            data-testid="staff-role"
          >
            {t(`manager.roles.${me.data.role}`, { defaultValue: me.data.role })}
          </span>
        </p>
      ) : me.isError && !unauthorized ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {t('errors.network')}
        </p>
      ) : null}
    </PageHeading>
  );
}
