// Staff sign-in and the back-office home (decisions §1, §4). The staff token is its own session
// (`manager_token`), independent of the partner's: a staff 401 leads to /manager/login only.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { redirect, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasswordField, SubmitButton, TextField } from '../../components/form';
import { api, ApiError, isUnauthorized } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { serverFieldErrors, useIdentitySchemas, validate, type FieldErrors } from '../../lib/forms';
import { clearManagerSession, getValidManagerToken } from '../../lib/session';
import { managerSignIn } from '../auth/auth-api';
import { showAuthError } from '../auth/show-auth-error';
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
  const schemas = useIdentitySchemas();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: (input: typeof values) => managerSignIn(input.email, input.password),
    meta: { handlesErrors: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['manager'] });
      void navigate('/manager');
    },
    onError: (error) => {
      const fields = error instanceof ApiError && error.status === 422 ? serverFieldErrors(error) : null;
      if (fields) setErrors(fields);
      showAuthError(error, t);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(schemas.signIn, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate({ email: values.email.trim(), password: values.password });
  };
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('manager.sign_in_lead')}</p>
      <form noValidate onSubmit={submit} className="mt-6 grid gap-4" data-testid="manager-login-form" aria-label={title}>
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="username"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          testId="manager-email"
        />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          testId="manager-password"
        />
        <SubmitButton busy={mutation.isPending} testId="manager-login-submit" className="w-full">
          {t('titles.login')}
        </SubmitButton>
      </form>
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
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100" data-testid="staff-role">
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
