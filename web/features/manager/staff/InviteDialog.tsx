// Inviting a staff member: their name, e-mail, role and the language of the invitation mail (the
// interface's by default). They receive a link, valid 7 days, to choose their password.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form';
import { isUnauthorized, serverMessage } from '../../../lib/api';
import { serverFieldErrors, useIdentitySchemas, validate, type FieldErrors } from '../../../lib/forms';
import { notifySuccess, notifyWarning } from '../../../lib/toast';
import { useInviteStaff } from './staff-api';
import { useManagerSignOut } from '../staff-session';
import { STAFF_ROLES, type StaffRole } from '../../../../common/staff-roles';
import { Dialog } from '../../../components/staff/dialogs';

export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const schemas = useIdentitySchemas();
  const invite = useInviteStaff();
  const signOut = useManagerSignOut();
  const [values, setValues] = useState({
    name: '',
    email: '',
    role: 'reviewer' as StaffRole,
    locale: (i18n.language.startsWith('fr') ? 'fr' : 'en') as 'en' | 'fr',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!values.name.trim()) found.name = t('validation.required');
    else if (values.name.trim().length > 100) found.name = t('validation.max', { n: 100 });
    const email = validate(schemas.email, values.email);
    if (!email.ok) found.email = email.errors._form ?? t('validation.email');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    invite.mutate(
      { ...values, name: values.name.trim(), email: values.email.trim() },
      {
        onSuccess: (answer) => {
          if (answer.mailed === false)
            notifyWarning(t('manager.staff.mail_failed', { email: answer.data.email }));
          else notifySuccess(t('manager.staff.invite.sent', { email: answer.data.email }));
          onClose();
        },
        onError: (error) => {
          if (isUnauthorized(error)) {
            signOut();
            return;
          }
          const fields = serverFieldErrors(error);
          if (fields) setErrors(fields);
          // Field errors speak for themselves; anything else is said above the buttons.
          if (!fields || !Object.keys(fields).some((field) => field in values))
            setFailure(serverMessage(error) ?? t('manager.staff.change_failed'));
        },
      },
    );
  };

  return (
    <Dialog
      title={t('manager.staff.invite.title')}
      description={t('manager.staff.invite.body')}
      busy={invite.isPending}
      onClose={onClose}
      testId="staff-invite-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={invite.isPending}>
            {t('manager.staff.invite.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn-primary"
            disabled={invite.isPending}
            aria-busy={invite.isPending || undefined}
            data-testid="staff-invite-submit"
          >
            {invite.isPending ? t('manager.staff.invite.sending') : t('manager.staff.invite.submit')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={submit}
        className="mt-5 grid gap-4"
        aria-label={t('manager.staff.invite.title')}
      >
        <TextField
          label={t('manager.staff.invite.name')}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
          testId="staff-invite-name"
        />
        <TextField
          label={t('manager.staff.invite.email')}
          name="email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          error={errors.email}
          testId="staff-invite-email"
        />
        <div>
          <SelectField
            label={t('manager.staff.invite.role')}
            name="role"
            value={values.role}
            onChange={(event) => set('role', event.target.value as StaffRole)}
            error={errors.role}
            testId="staff-invite-role"
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`manager.roles.${role}`)}
              </option>
            ))}
          </SelectField>
          <p className="mt-1.5 text-xs text-muted" data-testid="staff-invite-role-hint">
            {t(`manager.staff.invite.role_hints.${values.role}`)}
          </p>
        </div>
        <SelectField
          label={t('manager.staff.invite.language')}
          name="locale"
          value={values.locale}
          onChange={(event) => set('locale', event.target.value as 'en' | 'fr')}
          error={errors.locale}
          testId="staff-invite-locale"
        >
          <option value="en">{t('language.en')}</option>
          <option value="fr">{t('language.fr')}</option>
        </SelectField>
        {failure ? (
          <p
            role="alert"
            className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200"
            data-testid="staff-invite-failure"
          >
            {failure}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
