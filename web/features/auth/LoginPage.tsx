import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormNotice, PasswordField, SubmitButton, TextField } from '../../components/form';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { serverFieldErrors, useIdentitySchemas, validate, type FieldErrors } from '../../lib/forms';
import type { TitleKey } from '../pages/page-keys';
import { SubpartnerBrand, useSubpartner } from '../subpartner/SubpartnerBrand';
import { forgotPassword, signIn } from './auth-api';
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
      {showTagline ? <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('brand.tagline')}</p> : null}
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
  const schemas = useIdentitySchemas();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: (input: { email: string; password: string }) => signIn(input.email, input.password),
    meta: { handlesErrors: true },
    onSuccess: () => {
      // A new session starts from an empty cache.
      queryClient.clear();
      void navigate('/account/');
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
    mutation.mutate({ email: result.data.email.trim(), password: result.data.password });
  };
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="mt-6 grid gap-4" data-testid="login-form" aria-label={t('auth.sign_in_form')}>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('auth.email_placeholder')}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        testId="login-email"
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        placeholder={t('auth.password_placeholder')}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        testId="login-password"
      />
      <SubmitButton busy={mutation.isPending} testId="login-submit" className="w-full">
        {t('titles.login')}
      </SubmitButton>
    </form>
  );
}

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const schemas = useIdentitySchemas();
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(schemas.forgotPassword, { email });
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
      onSubmit={submit}
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
