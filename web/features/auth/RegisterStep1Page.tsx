import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormNotice, PasswordField, SubmitButton, TextField } from '../../components/form';
import { useDocumentTitle } from '../../lib/document-title';
import { useIdentitySchemas, validate, type FieldErrors } from '../../lib/forms';
import type { TitleKey } from '../../lib/page-keys';
import { SubpartnerBrand, useSubpartner } from '../../components/SubpartnerBrand';
import { useRegistration, type Step1Values } from './registration-context';

const REF_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** `/register` and `/{subpartner}/register` (layout 2): names, e-mail, password. */
export function RegisterStep1Page({ titleKey }: { titleKey: TitleKey }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  const subpartner = useSubpartner();
  const prefix = subpartner ? `/${subpartner.slug}` : '';
  const registration = useRegistration();
  const { setReferralCode } = registration;
  const schemas = useIdentitySchemas();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const ref = searchParams.get('ref');

  useEffect(() => {
    if (ref && REF_PATTERN.test(ref)) setReferralCode(ref);
  }, [ref, setReferralCode]);

  const [values, setValues] = useState<Step1Values>(() => ({
    ...registration.draft,
    ...(registration.step1 ?? {}),
    password: registration.step1?.password ?? '',
    password_confirmation: registration.step1?.password_confirmation ?? '',
  }));
  const [errors, setErrors] = useState<FieldErrors>(registration.step1Errors);

  const set = (field: keyof Step1Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(schemas.registerStep1, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    registration.completeStep1({
      ...values,
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
    });
    void navigate(`${prefix}/register_step2`);
  };

  return (
    <>
      {subpartner ? <SubpartnerBrand subpartner={subpartner} /> : null}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-muted">{t('register.step1_lead')}</p>
      {registration.referralCode ? (
        <div className="mt-4">
          <FormNotice kind="info" testId="referral-notice">
            {t('register.referred_by', { code: registration.referralCode })}
          </FormNotice>
        </div>
      ) : null}
      <form
        noValidate
        onSubmit={submit}
        className="mt-6 grid gap-4"
        data-testid="register-step1-form"
        aria-label={title}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('register.first_name')}
            name="first_name"
            autoComplete="given-name"
            value={values.first_name}
            onChange={set('first_name')}
            error={errors.first_name}
          />
          <TextField
            label={t('register.last_name')}
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={set('last_name')}
            error={errors.last_name}
          />
        </div>
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('auth.email_placeholder')}
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="new-password"
          placeholder={t('auth.password_placeholder')}
          hint={t('register.password_hint')}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <PasswordField
          label={t('register.password_confirmation')}
          name="password_confirmation"
          autoComplete="new-password"
          placeholder={t('register.password_confirmation_placeholder')}
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={errors.password_confirmation}
        />
        <SubmitButton testId="register-next" className="w-full">
          {t('register.next')}
        </SubmitButton>
      </form>
      <p className="mt-6 text-sm text-muted">
        {t('signin.have_account')}{' '}
        <Link to={`${prefix}/login`} className="link">
          {t('signin.sign_in')}
        </Link>
      </p>
    </>
  );
}
