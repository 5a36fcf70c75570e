// /manager/invite?token=…: the page of the invitation mail (issue 13). It says who the invitation is
// for and with which role, takes a password (the rules of every account), and signs the new staff
// member in to the back office. A link that was used, has expired or is not valid says so, with
// the way on. Public, and loaded with the back office's code and words, never a partner's.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormNotice, PasswordField, SubmitButton } from '../../../components/form';
import { ApiError, serverMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { serverFieldErrors, useIdentitySchemas, validate, type FieldErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/toast';
import { acceptInvite, useInviteDetails } from './staff-api';

/** A link that cannot be used: why, and where to go instead. */
function Refused({ message, used }: { message: string; used: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 grid gap-4">
      <FormNotice kind="error" testId="invite-refused">
        <p className="font-semibold">{t('manager.invite.refused_title')}</p>
        <p className="mt-1">{message}</p>
      </FormNotice>
      <Link
        to="/manager/login"
        className={used ? 'btn-primary' : 'btn-secondary'}
        data-testid="invite-sign-in"
      >
        {t('manager.invite.go_sign_in')}
      </Link>
    </div>
  );
}

export function InvitePage() {
  const { t } = useTranslation();
  const title = t('titles.manager_invite');
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const details = useInviteDetails(token);
  const schemas = useIdentitySchemas();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refused, setRefused] = useState<{ message: string; used: boolean } | null>(null);

  const accept = useMutation({
    mutationFn: acceptInvite,
    meta: { handlesErrors: true },
    onSuccess: () => {
      // A new staff session: nothing of an earlier one may linger.
      queryClient.removeQueries({ queryKey: ['manager'] });
      notifySuccess(t('manager.invite.welcome', { name: details.data?.name ?? '' }));
      void navigate('/manager', { replace: true });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields && (fields.password || fields.password_confirmation)) {
        setErrors(fields);
        return;
      }
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
        setRefused({
          message: serverMessage(error) ?? t('manager.invite.check_failed'),
          used: error.status === 410,
        });
        return;
      }
      setErrors({ _form: serverMessage(error) ?? t('manager.invite.check_failed') });
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
    accept.mutate({ token, ...values });
  };

  let content;
  if (!token) content = <Refused message={t('manager.invite.missing_token')} used={false} />;
  else if (refused) content = <Refused {...refused} />;
  else if (details.isPending)
    content = (
      <div role="status" className="mt-6 space-y-3" data-testid="invite-checking">
        <span className="sr-only">{t('manager.invite.checking')}</span>
        <span className="block h-4 w-3/4 animate-pulse rounded bg-stone-200/80 dark:bg-stone-800" />
        <span className="block h-11 animate-pulse rounded-xl bg-stone-200/80 dark:bg-stone-800" />
        <span className="block h-11 animate-pulse rounded-xl bg-stone-200/80 dark:bg-stone-800" />
      </div>
    );
  else if (details.isError) {
    const error = details.error;
    const known = error instanceof ApiError && (error.status === 404 || error.status === 410);
    content = known ? (
      <Refused
        message={serverMessage(error) ?? t('manager.invite.check_failed')}
        used={error.status === 410}
      />
    ) : (
      <div className="mt-6 grid gap-4">
        <FormNotice kind="error" testId="invite-check-failed">
          {t('manager.invite.check_failed')}
        </FormNotice>
        <button type="button" className="btn-secondary" onClick={() => void details.refetch()}>
          {t('manager.shell.retry')}
        </button>
      </div>
    );
  } else {
    const invite = details.data;
    content = (
      <form
        noValidate
        onSubmit={submit}
        className="mt-6 grid gap-4"
        data-testid="invite-form"
        aria-label={title}
      >
        <p className="text-sm text-muted" data-testid="invite-lead">
          {t('manager.invite.lead', { name: invite.name, role: t(`manager.roles.${invite.role}`) })}
        </p>
        <div className="rounded-xl bg-stone-100 px-3.5 py-2.5 text-sm dark:bg-stone-800/70">
          <span className="block text-xs text-stone-500 dark:text-stone-400">
            {t('manager.invite.account')}
          </span>
          <span className="block truncate font-medium" data-testid="invite-email">
            {invite.email}
          </span>
        </div>
        {/* The e-mail, for the browser's password manager to keep with the new password. */}
        <input type="email" name="username" autoComplete="username" value={invite.email} readOnly hidden />
        <PasswordField
          label={t('manager.invite.password')}
          name="password"
          autoComplete="new-password"
          hint={t('register.password_hint')}
          value={values.password}
          onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
          error={errors.password ?? errors.token}
          testId="invite-password"
        />
        <PasswordField
          label={t('manager.invite.password_confirmation')}
          name="password_confirmation"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={(event) =>
            setValues((current) => ({ ...current, password_confirmation: event.target.value }))
          }
          error={errors.password_confirmation}
          testId="invite-password-confirmation"
        />
        {errors._form ? (
          <FormNotice kind="error" testId="invite-failed">
            {errors._form}
          </FormNotice>
        ) : null}
        <SubmitButton busy={accept.isPending} testId="invite-submit" className="w-full">
          {t('manager.invite.submit')}
        </SubmitButton>
      </form>
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {content}
    </>
  );
}
