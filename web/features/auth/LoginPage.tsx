import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormNotice, SubmitButton, TextField } from '../../components/form';
import { useDocumentTitle } from '../../lib/document-title';
import { serverFieldErrors } from '../../lib/form-errors';
import { preloadValidation, validateLater } from '../../lib/validate-later';
import type { TitleKey } from '../pages/page-keys';
import { SubpartnerBrand, useSubpartner } from '../subpartner/SubpartnerBrand';
import { forgotPassword, signIn } from './auth-api';
import { CredentialsForm } from './CredentialsForm';
import { showAuthError } from './show-auth-error';
import { SocialSignIn } from './SocialSignIn';

/** `/login`, `/{subpartner}` and `/{subpartner}/login`: sign in, forgot password, sign up. */
export function LoginPage({ titleKey, showTagline = false }: { titleKey: TitleKey; showTagline?: boolean }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  const subpartner = useSubpartner();
  const prefix = subpartner ? `/${subpartner.slug}` : '';
  const [searchParams] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(searchParams.has('forgot'));
  const forgotId = useId();

  return (
    <>
      {subpartner ? <SubpartnerBrand subpartner={subpartner} /> : null}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {/* Layout 1 shows the tagline in its brand panel; the card layout shows it here. */}
      {showTagline ? (
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('brand.tagline')}</p>
      ) : null}
      <SignInForm />
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
        <Link to={`${prefix}/register`} className="link" data-testid="signup-link">
          {t('signin.create_account')}
        </Link>
      </p>
    </>
  );
}

function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <CredentialsForm
      signIn={signIn}
      onSignedIn={() => {
        // A new session starts from an empty cache.
        queryClient.clear();
        void navigate('/account/');
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
  const mutation = useMutation({
    mutationFn: (value: string) => forgotPassword(value),
    meta: { handlesErrors: true },
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
    mutation.mutate(result.data.email);
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
      {mutation.isSuccess ? (
        <FormNotice kind="success" testId="forgot-message">
          {mutation.data.data.message}
        </FormNotice>
      ) : null}
    </form>
  );
}
