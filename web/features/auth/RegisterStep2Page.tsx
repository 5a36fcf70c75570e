import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkBirthDate } from '../../../common/validation';
import { networkOfField, socialProfileUrl } from '../../../common/social-handles';
import {
  FieldMessage,
  FormNotice,
  inputClass,
  SelectField,
  SubmitButton,
  TextField,
} from '../../components/form';
import { ApiError } from '../../lib/api';
import { getAlert, useAlert } from '../../lib/alert-store';
import { countryOptions } from '../../lib/countries';
import { useDocumentTitle } from '../../lib/document-title';
import { makeSay, serverFieldErrors, useIdentitySchemas, validate, type FieldErrors } from '../../lib/forms';
import { currentLocale } from '../../lib/i18n';
import type { TitleKey } from '../../lib/page-keys';
import { SubpartnerBrand, useSubpartner } from '../../components/SubpartnerBrand';
import { AltchaField, focusHumanCheck } from './AltchaField';
import { fetchCategories, register, type RegistrationBody } from './auth-api';
import { PromoCodeField } from './PromoCodeField';
import { useRegistration } from './registration-context';
import { showAuthError } from '../../lib/show-auth-error';

interface Step2Values {
  promo_code: string;
  phone: string;
  dob_day: string;
  dob_month: string;
  dob_year: string;
  country: string;
  category_id: string;
  instagram_url: string;
  facebook_url: string;
  youtube_url: string;
  tiktok_url: string;
  accepted_terms: boolean;
  altcha: string;
}

const EMPTY: Step2Values = {
  promo_code: '',
  phone: '',
  dob_day: '',
  dob_month: '',
  dob_year: '',
  country: '',
  category_id: '',
  instagram_url: '',
  facebook_url: '',
  youtube_url: '',
  tiktok_url: '',
  accepted_terms: false,
  altcha: '',
};

const STEP1_FIELDS = ['first_name', 'last_name', 'email', 'password', 'password_confirmation'];
const STEP2_FIELDS = [
  'promo_code',
  'phone',
  'date_of_birth',
  'country',
  'category_id',
  'instagram_url',
  'facebook_url',
  'youtube_url',
  'tiktok_url',
  'accepted_terms',
  'altcha',
];
const SOCIAL = ['instagram_url', 'facebook_url', 'youtube_url', 'tiktok_url'] as const;
type SocialValue = (typeof SOCIAL)[number];

/** The field whose message an input's value answers: the three date inputs share one. */
const errorFieldOf = (field: keyof Step2Values): string =>
  field.startsWith('dob_') ? 'date_of_birth' : field;

/** The address a social field will be saved as (common/social-handles.ts), or '' (empty, or refused). */
export function savedSocialUrl(field: SocialValue, typed: string): string {
  const network = networkOfField(field);
  return network && typed.trim() ? (socialProfileUrl(network, typed) ?? '') : '';
}

const pad = (value: string, size: number) => value.trim().padStart(size, '0');

/** The date of birth as `YYYY-MM-DD`. */
export function isoDateOfBirth(day: string, month: string, year: string): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The first problem of the three date inputs, with the input it belongs to. */
export function birthDateProblem(
  parts: { day: string; month: string; year: string },
  say: ReturnType<typeof makeSay>,
  today: Date = new Date(),
): { field: 'day' | 'month' | 'year'; message: string } | null {
  if (!parts.day.trim() && !parts.month.trim() && !parts.year.trim())
    return { field: 'day', message: say('required') };
  const problem = checkBirthDate(parts, today);
  return problem ? { field: problem.field, message: say(problem.key) } : null;
}

/** `/register_step2` and `/{subpartner}/register_step2` (layout 3, "Sign Up"). */
export function RegisterStep2Page({ titleKey }: { titleKey: TitleKey }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  const subpartner = useSubpartner();
  const prefix = subpartner ? `/${subpartner.slug}` : '';
  const registration = useRegistration();
  // Opened cold (a reload or a deep link): the password is gone, so step 1 comes first. Judged
  // once, on arrival: after a sign-up is sent step 1 is forgotten while "check your mailbox" shows.
  const [cold] = useState(() => !registration.step1);
  // The server's answer to a sign-up sent: the same for every address (docs/decisions/060).
  const [sent, setSent] = useState<string | null>(null);
  if (cold) return <Navigate to={`${prefix}/register`} replace />;
  if (sent !== null) {
    return (
      <>
        {subpartner ? <SubpartnerBrand subpartner={subpartner} /> : null}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('register.sent_title')}</h1>
        <div className="mt-6 grid gap-3">
          <FormNotice kind="success" testId="register-sent">
            {sent}
          </FormNotice>
          <p className="text-sm text-muted">{t('register.sent_next')}</p>
        </div>
        <p className="mt-6 text-sm text-muted">
          {t('signin.have_account')}{' '}
          <Link to={`${prefix}/login`} className="link">
            {t('signin.sign_in')}
          </Link>
        </p>
      </>
    );
  }
  if (!registration.step1) return null;
  return (
    <>
      {subpartner ? <SubpartnerBrand subpartner={subpartner} /> : null}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-muted">{t('register.step2_lead')}</p>
      <Step2Form prefix={prefix} subpartnerSlug={subpartner?.slug} onSent={setSent} />
      <p className="mt-6 text-sm text-muted">
        {t('signin.have_account')}{' '}
        <Link to={`${prefix}/login`} className="link">
          {t('signin.sign_in')}
        </Link>
      </p>
    </>
  );
}

function Step2Form({
  prefix,
  subpartnerSlug,
  onSent,
}: {
  prefix: string;
  subpartnerSlug: string | undefined;
  onSent: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const say = useMemo(() => makeSay(t as never), [t]);
  const schemas = useIdentitySchemas();
  const registration = useRegistration();
  const [values, setValues] = useState<Step2Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dobField, setDobField] = useState<'day' | 'month' | 'year' | null>(null);
  const [formProblems, setFormProblems] = useState<string[]>([]);
  const [step1Problem, setStep1Problem] = useState(false);
  const [altchaReset, setAltchaReset] = useState(0);
  const dobLegendId = useId();
  const dobErrorId = useId();
  const termsId = useId();
  const termsErrorId = useId();

  const categories = useQuery({
    queryKey: ['categories', i18n.language],
    queryFn: fetchCategories,
    staleTime: 300_000,
  });
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  const formRef = useRef<HTMLFormElement>(null);

  /** The whole `PUT /api/add` body of these values, the social profiles as they will be saved. */
  const bodyOf = (current: Step2Values): RegistrationBody | null => {
    const step1 = registration.step1;
    if (!step1) return null;
    const social = (field: SocialValue) => savedSocialUrl(field, current[field]) || current[field].trim();
    return {
      ...step1,
      promo_code: current.promo_code.trim(),
      phone: current.phone.trim(),
      date_of_birth: isoDateOfBirth(current.dob_day, current.dob_month, current.dob_year),
      country: current.country,
      category_id: current.category_id ? Number(current.category_id) : null,
      instagram_url: social('instagram_url'),
      facebook_url: social('facebook_url'),
      youtube_url: social('youtube_url'),
      tiktok_url: social('tiktok_url'),
      accepted_terms: current.accepted_terms,
      locale: currentLocale(),
      altcha: current.altcha,
      ...(registration.referralCode ? { referral_code: registration.referralCode } : {}),
      ...(subpartnerSlug ? { subpartner: subpartnerSlug } : {}),
    };
  };

  /** Every field's first problem, as the submit judges them; `dob` says which date input is at fault. */
  const problemsOf = (current: Step2Values) => {
    const body = bodyOf(current);
    if (!body) return { body, found: {} as FieldErrors, dob: null };
    const result = validate(schemas.registration, body);
    const dob = birthDateProblem(
      { day: current.dob_day, month: current.dob_month, year: current.dob_year },
      say,
    );
    const found: FieldErrors = result.ok ? {} : { ...result.errors };
    // An unchosen select is a missing answer, not a wrong one.
    if (!current.country) found.country = say('required');
    if (dob) found.date_of_birth = dob.message;
    else delete found.date_of_birth;
    return { body, found, dob };
  };

  // A field's message goes as soon as the field is right (the others stay until the next submit).
  const set = <K extends keyof Step2Values>(field: K, value: Step2Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    const next = { ...values, [field]: value };
    const errorField = errorFieldOf(field);
    if (!errors[errorField]) return;
    if (problemsOf(next).found[errorField]) return;
    setErrors((current) => {
      const { [errorField]: _fixed, ...rest } = current;
      return rest;
    });
    if (errorField === 'date_of_birth') setDobField(null);
  };
  const onText = (field: keyof Step2Values) => (event: { target: { value: string } }) =>
    set(field, event.target.value);

  /**
   * Focus on the first field at fault, for keyboard and screen-reader users: a field with its
   * message, else the way back to step 1 when only its fields are wrong, else the human check
   * (asked again after every refusal).
   */
  const focusFirstProblem = () =>
    requestAnimationFrame(() => {
      const form = formRef.current;
      if (!form) return;
      const target =
        form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        form.querySelector<HTMLElement>('[data-testid="back-to-step1"]');
      if (target) target.focus();
      else focusHumanCheck(form);
    });

  // After an error alert closes, focus goes to the field at fault rather than back to the button.
  const { alert } = useAlert();
  const alertShown = useRef<number | null>(null);
  useEffect(() => {
    if (alert || alertShown.current === null) return;
    alertShown.current = null;
    focusFirstProblem();
  }, [alert]);

  const checkDob = (next: Step2Values = values) => {
    const problem = birthDateProblem({ day: next.dob_day, month: next.dob_month, year: next.dob_year }, say);
    setDobField(problem?.field ?? null);
    setErrors((current) => {
      const { date_of_birth: _drop, ...rest } = current;
      return problem ? { ...rest, date_of_birth: problem.message } : rest;
    });
    return problem;
  };

  // No sign-in here: the account is made, and signed in, by the link mailed to the address
  // (docs/decisions/060-registration-without-oracle.md), so the answer tells nothing of the address.
  const mutation = useMutation({
    mutationFn: (body: RegistrationBody) => register(body),
    meta: { handlesErrors: true },
    onSuccess: (answer) => {
      onSent(answer.data.message);
      // The password of step 1 is forgotten.
      registration.reset();
    },
    onError: (error) => {
      // A solution is single use: ask for a fresh challenge after any refusal.
      setAltchaReset((count) => count + 1);
      const named = serverFieldErrors(error);
      const fields = error instanceof ApiError && error.status === 422 ? named : null;
      if (!fields) {
        // Said in the alert; the fields it names are marked, for the focus once it closes.
        showAuthError(error, t);
        alertShown.current = getAlert()?.id ?? null;
        setErrors(
          Object.fromEntries(Object.entries(named ?? {}).filter(([field]) => STEP2_FIELDS.includes(field))),
        );
        return;
      }
      const here: FieldErrors = {};
      const step1: FieldErrors = {};
      const other: string[] = [];
      for (const [field, message] of Object.entries(fields)) {
        if (STEP2_FIELDS.includes(field)) here[field] = message;
        else if (STEP1_FIELDS.includes(field)) step1[field] = message;
        else other.push(message);
      }
      setErrors(here);
      setDobField(here.date_of_birth ? 'day' : null);
      registration.setStep1Errors(step1);
      setStep1Problem(Object.keys(step1).length > 0);
      setFormProblems([...Object.values(step1), ...other]);
      focusFirstProblem();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormProblems([]);
    setStep1Problem(false);
    const { body, found, dob } = problemsOf(values);
    if (!body) return;
    setDobField(dob?.field ?? null);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      const step1Messages = STEP1_FIELDS.flatMap((field) => (found[field] ? [found[field]] : []));
      if (step1Messages.length > 0) {
        registration.setStep1Errors(
          Object.fromEntries(STEP1_FIELDS.filter((f) => found[f]).map((f) => [f, found[f]!])),
        );
        setStep1Problem(true);
        setFormProblems(step1Messages);
      }
      focusFirstProblem();
      return;
    }
    setErrors({});
    mutation.mutate(body);
  };

  const dobInput = (part: 'day' | 'month' | 'year') => {
    const field = `dob_${part}` as const;
    const size = part === 'year' ? 4 : 2;
    return (
      <div className={part === 'year' ? 'w-28' : 'w-20'}>
        <label
          htmlFor={`${dobLegendId}-${part}`}
          className="mb-1 block text-xs font-medium text-stone-700 dark:text-stone-300"
        >
          {t(`register.dob_${part}`)}
        </label>
        <input
          id={`${dobLegendId}-${part}`}
          name={field}
          inputMode="numeric"
          autoComplete={`bday-${part}`}
          maxLength={size}
          placeholder={t(`register.dob_${part}_placeholder`)}
          value={values[field]}
          onChange={(event) => set(field, event.target.value.replace(/\D/g, ''))}
          onBlur={() => {
            if (values.dob_day && values.dob_month && values.dob_year.length === 4) checkDob();
          }}
          aria-invalid={errors.date_of_birth && dobField === part ? true : undefined}
          aria-describedby={errors.date_of_birth ? dobErrorId : undefined}
          data-testid={`field-dob-${part}`}
          className={`${inputClass} text-center ${
            errors.date_of_birth && dobField === part
              ? 'border-red-600 dark:border-red-400'
              : 'border-stone-300 dark:border-stone-700'
          }`}
        />
      </div>
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="mt-6 grid gap-6"
      data-testid="register-step2-form"
      aria-label={t('titles.register_step2')}
    >
      {formProblems.length > 0 ? (
        <FormNotice kind="error" testId="register-form-errors">
          <p className="font-semibold">{t('validation.form_invalid')}</p>
          <ul className="mt-1 list-disc pl-5">
            {formProblems.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          {step1Problem ? (
            <Link to={`${prefix}/register`} className="link mt-2 inline-block" data-testid="back-to-step1">
              {t('register.edit_step1')}
            </Link>
          ) : null}
        </FormNotice>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <PromoCodeField
          value={values.promo_code}
          onChange={(code) => set('promo_code', code)}
          error={errors.promo_code}
        />
        <TextField
          label={t('register.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder={t('register.phone_placeholder')}
          value={values.phone}
          onChange={onText('phone')}
          error={errors.phone}
        />
      </div>

      <fieldset
        aria-describedby={errors.date_of_birth ? dobErrorId : undefined}
        data-testid="field-date-of-birth"
      >
        <legend className="mb-1.5 text-sm font-medium text-stone-800 dark:text-stone-200">
          {t('register.date_of_birth')}
        </legend>
        <div className="flex flex-wrap items-end gap-3">
          {dobInput('day')}
          {dobInput('month')}
          {dobInput('year')}
        </div>
        <FieldMessage id={dobErrorId} message={errors.date_of_birth} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('register.country')}
          name="country"
          autoComplete="country"
          value={values.country}
          onChange={onText('country')}
          error={errors.country}
        >
          <option value="">{t('register.choose')}</option>
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('register.category')}
          name="category_id"
          value={values.category_id}
          onChange={onText('category_id')}
          error={errors.category_id}
        >
          <option value="">{categories.isPending ? t('loading') : t('register.choose')}</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-stone-800 dark:text-stone-200">
          {t('register.social_profiles')}
        </legend>
        <p className="mb-3 text-xs text-muted">{t('register.social_hint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL.map((field) => {
            // What people type (@handle, instagram.com/handle, a copied address): the address it
            // will be saved as shows under the field.
            const saved = savedSocialUrl(field, values[field]);
            return (
              <TextField
                key={field}
                label={t(`register.${field}`)}
                name={field}
                type="text"
                inputMode="url"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                placeholder={t(`register.${field}_placeholder`)}
                value={values[field]}
                onChange={onText(field)}
                error={errors[field]}
                hint={
                  saved && saved !== values[field].trim() && !errors[field] ? (
                    <span data-testid={`saved-${field}`}>
                      {t('register.social_saved_as', { url: saved })}
                    </span>
                  ) : undefined
                }
              />
            );
          })}
        </div>
      </fieldset>

      <div>
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            name="accepted_terms"
            checked={values.accepted_terms}
            onChange={(event) => set('accepted_terms', event.target.checked)}
            aria-invalid={errors.accepted_terms ? true : undefined}
            aria-describedby={errors.accepted_terms ? termsErrorId : undefined}
            data-testid="field-accepted_terms"
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-stone-400 accent-brand-700 dark:accent-brand-400"
          />
          <label htmlFor={termsId} className="text-sm text-stone-800 dark:text-stone-200">
            {t('register.terms_label')}
          </label>
        </div>
        <p className="mt-1 ml-8 text-sm">
          <Link to="/terms" target="_blank" rel="noopener" className="link" data-testid="terms-link">
            {t('register.read_terms')}
          </Link>
        </p>
        <FieldMessage id={termsErrorId} message={errors.accepted_terms} />
      </div>

      <AltchaField
        onChange={(payload) => set('altcha', payload)}
        error={errors.altcha}
        resetSignal={altchaReset}
      />

      <SubmitButton
        busy={mutation.isPending}
        testId="register-submit"
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {t('titles.register_step2')}
      </SubmitButton>
    </form>
  );
}
