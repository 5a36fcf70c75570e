import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormNotice, PasswordField, Spinner, SubmitButton } from '../../components/form';
import { showAlert } from '../../lib/alert-store';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import {
  apiErrorKey,
  apiMessage,
  serverFieldErrors,
  useIdentitySchemas,
  validate,
  type FieldErrors,
} from '../../lib/forms';
import { checkResetLink, resetPassword } from './auth-api';
import { showAuthError } from '../../lib/show-auth-error';

/** Where "ask again" leads: the sign-in page with the forgot-password form open. */
export const FORGOT_PASSWORD_PATH = '/login?forgot=1';

/**
 * `/reset_password?token=…`: a new password from the recovery link. The link is checked as the page
 * opens, so a used or expired one says so before anyone types a new password.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const title = t('titles.reset_password');
  useDocumentTitle(title);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const schemas = useIdentitySchemas();
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [expired, setExpired] = useState<string | null>(null);
  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
  // Refused as the page opened: expired (410 reset_expired) or no longer usable (used, replaced, unknown).
  const refused = check.isError
    ? {
        title:
          apiErrorKey(check.error) === 'reset_expired'
            ? t('recovery.expired_title')
            : t('recovery.unusable_title'),
        message: apiMessage(check.error) ?? t('recovery.missing_token'),
      }
    : null;

  const mutation = useMutation({
    mutationFn: resetPassword,
    meta: { handlesErrors: true },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 410) {
        const message = apiMessage(error) ?? t('recovery.expired_message');
        setExpired(message);
        showAlert({ title: t('recovery.expired_title'), message, type: 'error' }, { replace: true });
        return;
      }
      const fields = serverFieldErrors(error);
      if (fields && (fields.password || fields.password_confirmation)) setErrors(fields);
      else showAuthError(error, t);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(schemas.resetPassword, { token, ...values });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate({
      token,
      password: values.password,
      password_confirmation: values.password_confirmation,
    });
  };

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {!token || expired || refused ? (
        <div className="mt-6 grid gap-4">
          <FormNotice kind="error" testId="reset-expired">
            <p className="font-semibold">{refused?.title ?? t('recovery.expired_title')}</p>
            <p className="mt-1">{refused?.message ?? expired ?? t('recovery.missing_token')}</p>
          </FormNotice>
          <Link to={FORGOT_PASSWORD_PATH} className="btn-primary" data-testid="reset-ask-again">
            {t('recovery.ask_again')}
          </Link>
        </div>
      ) : check.isPending ? (
        <p
          className="mt-6 inline-flex items-center gap-2 text-muted"
          role="status"
          data-testid="reset-checking"
        >
          <Spinner /> {t('recovery.checking')}
        </p>
      ) : mutation.isSuccess ? (
        <div className="mt-6 grid gap-4">
          <FormNotice kind="success" testId="reset-message">
            {mutation.data.data.message}
          </FormNotice>
          <Link to="/login" className="btn-primary" data-testid="reset-sign-in">
            {t('recovery.go_sign_in')}
          </Link>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="mt-6 grid gap-4"
          data-testid="reset-form"
          aria-label={title}
        >
          <p className="text-sm text-muted">{t('recovery.reset_intro')}</p>
          <PasswordField
            label={t('recovery.new_password')}
            name="password"
            autoComplete="new-password"
            hint={t('register.password_hint')}
            value={values.password}
            onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
            error={errors.password ?? errors.token}
          />
          <PasswordField
            label={t('register.password_confirmation')}
            name="password_confirmation"
            autoComplete="new-password"
            value={values.password_confirmation}
            onChange={(event) =>
              setValues((current) => ({ ...current, password_confirmation: event.target.value }))
            }
            error={errors.password_confirmation}
          />
          <SubmitButton busy={mutation.isPending} testId="reset-submit" className="w-full">
            {t('recovery.reset_submit')}
          </SubmitButton>
        </form>
      )}
    </>
  );
}
