import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormNotice, PasswordField, Spinner, SubmitButton } from '../../components/form';
import { useDocumentTitle } from '../../lib/document-title';
import { apiMessage, serverFieldErrors } from '../../lib/forms';
import { getValidToken } from '../../lib/session';
import { CURRENT_USER_QUERY_KEY } from '../../lib/current-user';
import { verifyEmail } from './auth-api';

/**
 * `/verify_email?token=…`: confirms the address on load. A query (not an effect) so the single-use
 * link is posted once even when React mounts the page twice in development. The link of a sign-up
 * mail makes the account and answers its session (docs/decisions/060-registration-without-oracle.md):
 * it opens the account as a sign-in link does (`/account?token=`, web/features/session/account-loader.ts),
 * which asks first when another partner's session is open in this browser.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const title = t('titles.verify_email');
  useDocumentTitle(title);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const answer = await verifyEmail(token);
      // A signed-in partner's banner must go: reload the profile next time it is shown.
      if (!answer.data.token) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      return { message: answer.data.message, session: answer.data.token ?? null };
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { handlesErrors: true },
  });
  // A sign-up's link asks for the password chosen at sign-up (nothing is used up until it is right).
  const asked = result.isError && serverFieldErrors(result.error)?.password !== undefined;
  const [password, setPassword] = useState('');
  const withPassword = useMutation({
    mutationFn: async () => (await verifyEmail(token, password)).data,
    meta: { handlesErrors: true },
  });
  const passwordError = withPassword.isError ? serverFieldErrors(withPassword.error)?.password : undefined;
  const signedIn = getValidToken() !== null;
  const session = (result.data?.session ?? withPassword.data?.token) || null;
  useEffect(() => {
    if (session) void navigate(`/account/?token=${encodeURIComponent(session)}`, { replace: true });
  }, [session, navigate]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    withPassword.mutate();
  };

  let body;
  if (!token)
    body = (
      <FormNotice kind="error" testId="verify-message">
        {t('verify.wrong_link')}
      </FormNotice>
    );
  else if (asked)
    body = (
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4"
        data-testid="verify-password-form"
        aria-label={t('verify.password_title')}
      >
        <p className="text-stone-700 dark:text-stone-300">{t('verify.password_lead')}</p>
        <PasswordField
          label={t('verify.password_label')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={
            passwordError ??
            (withPassword.isError ? (apiMessage(withPassword.error) ?? t('verify.failed')) : undefined)
          }
          testId="verify-password"
        />
        <SubmitButton
          busy={withPassword.isPending || Boolean(session)}
          testId="verify-password-submit"
          className="w-full"
        >
          {t('verify.password_submit')}
        </SubmitButton>
      </form>
    );
  else if (result.isPending)
    body = (
      <p className="inline-flex items-center gap-2 text-muted" role="status">
        <Spinner /> {t('verify.checking')}
      </p>
    );
  else if (result.isError)
    body = (
      <FormNotice kind="error" testId="verify-message">
        {apiMessage(result.error) ?? t('verify.failed')}
      </FormNotice>
    );
  else
    body = (
      <FormNotice kind="success" testId="verify-message">
        {result.data.message}
      </FormNotice>
    );

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <div className="mt-6 grid gap-4" data-verify-state={!token ? 'error' : result.status}>
        {body}
        {(token && result.isPending) || asked ? null : (
          <Link to={signedIn ? '/account/' : '/login'} className="btn-primary" data-testid="verify-continue">
            {signedIn ? t('verify.to_account') : t('recovery.go_sign_in')}
          </Link>
        )}
      </div>
    </>
  );
}
