// The sign-in page itself needs neither React Router nor TanStack Query: /login renders it in the
// light shell before either is loaded (app/light-sign-in.tsx, decisions/015); inside the full app
// RoutedLoginPage gives it the sub-partner, the URL's `forgot` and the query cache to clear.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormNotice, SubmitButton, TextField } from '../../components/form';
import { useDocumentTitle } from '../../lib/document-title';
import { serverFieldErrors } from '../../lib/form-errors';
import { showAlert } from '../../lib/alert-store';
import { AppLink, useNavigateTo } from '../../lib/navigation';
import { afterSignIn } from '../../lib/session';
import { useAsyncAction } from '../../lib/use-async-action';
import { preloadValidation, validateLater } from '../../lib/validate-later';
import type { TitleKey } from '../../lib/page-keys';
import { forgotPassword, signIn } from './auth-api';
import { CredentialsForm } from '../../components/CredentialsForm';
import { showAuthError } from '../../lib/show-auth-error';
import { SocialSignIn } from './SocialSignIn';

/** `/login`, `/{subpartner}` and `/{subpartner}/login`: sign in, forgot password, sign up. */
export function LoginPage({
  titleKey,
  showTagline = false,
  brand,
  prefix = '',
  forgotInitiallyOpen = false,
  onSignedIn,
}: {
  titleKey: TitleKey;
  showTagline?: boolean;
  /** The sub-partner's brand, above the title. */
  brand?: ReactNode;
  /** `/{subpartner}` on a sub-partner's sign-in: its registration link stays white-label. */
  prefix?: string;
  forgotInitiallyOpen?: boolean;
  /** Runs after a successful sign-in, before the move to the account. */
  onSignedIn?: () => void;
}) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  const [forgotOpen, setForgotOpen] = useState(forgotInitiallyOpen);
  const forgotId = useId();
  useExpiredSessionAlert();

  return (
    <>
      {brand}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {/* Layout 1 shows the tagline in its brand panel; the card layout shows it here. */}
      {showTagline ? <p className="mt-1 text-sm text-muted">{t('brand.tagline')}</p> : null}
      <SignInForm onSignedIn={onSignedIn} />
      <div className="mt-4">
        <button
          type="button"
          className="link text-sm"
          aria-expanded={forgotOpen}
          aria-controls={forgotId}
          onClick={() => setForgotOpen((open) => !open)}
          data-testid="forgot-password-toggle"
        >
          {t('auth.forgot_password')}
        </button>
        <div id={forgotId} hidden={!forgotOpen}>
          {forgotOpen ? <ForgotPasswordForm /> : null}
        </div>
      </div>
      <SocialSignIn />
      <p className="mt-6 border-t border-stone-200 pt-5 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400">
        {t('signin.new_here')}{' '}
        <AppLink to={`${prefix}/register`} className="link" data-testid="signup-link">
          {t('signin.create_account')}
        </AppLink>
      </p>
    </>
  );
}

/** `?expired=1` (a stored session ran out, docs/product/partner-portal.md#session): said once, then taken off the address. */
function useExpiredSessionAlert() {
  const { t } = useTranslation();
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('expired') !== '1') return;
    url.searchParams.delete('expired');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    showAlert({
      title: t('errors.session_expired_title'),
      message: t('errors.session_expired_message'),
      type: 'error',
    });
  }, [t]);
}

function SignInForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigateTo();
  return (
    <CredentialsForm
      signIn={signIn}
      onSignedIn={() => {
        onSignedIn?.();
        navigate(afterSignIn(window.location.search));
      }}
      testIds={{
        form: 'login-form',
        email: 'login-email',
        password: 'login-password',
        submit: 'login-submit',
      }}
      label={t('auth.sign_in_form')}
      placeholders={{ email: t('auth.email_placeholder'), password: t('auth.password_placeholder') }}
    />
  );
}

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useAsyncAction((value: string) => forgotPassword(value), {
    onError: (failure) => {
      const fields = serverFieldErrors(failure);
      if (fields?.email) setError(fields.email);
      else showAuthError(failure, t);
    },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await validateLater('forgotPassword', { email }, t as never);
    if (!result.ok) {
      setError(result.errors.email);
      return;
    }
    setError(undefined);
    mutation.run(result.data.email);
  };
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void preloadValidation()}
      className="mt-3 grid gap-3 rounded-xl bg-stone-50 p-4 dark:bg-stone-800/50"
      data-testid="forgot-form"
      aria-label={t('auth.forgot_title')}
    >
      <p className="text-sm text-stone-700 dark:text-stone-300">{t('auth.forgot_intro')}</p>
      <TextField
        label={t('auth.email')}
        name="forgot_email"
        type="email"
        autoComplete="email"
        placeholder={t('auth.email_placeholder')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
        testId="forgot-email"
      />
      <SubmitButton busy={mutation.isPending} testId="forgot-submit" className="w-full">
        {t('auth.forgot_submit')}
      </SubmitButton>
      {mutation.isSuccess && mutation.data ? (
        <FormNotice kind="success" testId="forgot-message">
          {mutation.data.data.message}
        </FormNotice>
      ) : null}
    </form>
  );
}
