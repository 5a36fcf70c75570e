// The first-sale survey on the dashboard (docs/product/engagement.md#first-sale-survey): offered once after the partner's first
// sale, with the spec's five choices. "Claim bottles" asks for the shipping address when the
// profile has none; the answer is thanked with 'Thank you for your feedback'.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SurveyChoice } from '../../../common/survey';
import { SelectField, Spinner, TextField } from '../../components/form';
import { countryOptions } from '../../lib/countries';
import { serverFieldErrors, type FieldErrors } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/toast';
import { Glyph } from '../../components/glyphs';
import { useAnswerSurvey, useSurvey, type ShippingAddress } from './survey-api';

const EMPTY: ShippingAddress = {
  address_1: '',
  address_2: null,
  city: '',
  state: null,
  postal: '',
  country: '',
};

export function SurveyCard() {
  const { t, i18n } = useTranslation();
  const survey = useSurvey();
  const answer = useAnswerSurvey();
  const [choice, setChoice] = useState<SurveyChoice | null>(null);
  const [address, setAddress] = useState<ShippingAddress>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  if (!survey.data?.offered) return null;
  const asksAddress = choice === 'claim_bottles' && survey.data.needs_address;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    const required = ['address_1', 'city', 'postal', 'country'] as const;
    if (asksAddress) {
      const missing = Object.fromEntries(
        required
          .filter((field) => !address[field].trim())
          .map((field) => [`address.${field}`, t('validation.required')]),
      );
      setErrors(missing);
      if (Object.keys(missing).length) return;
    }
    answer.mutate(
      {
        choice,
        ...(asksAddress
          ? { address: { ...address, address_2: address.address_2 || null, state: address.state || null } }
          : {}),
      },
      {
        onSuccess: () => notifySuccess(t('survey.thanks')),
        onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
      },
    );
  };

  const field = (name: keyof ShippingAddress, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      autoComplete={autoComplete}
      value={address[name] ?? ''}
      onChange={(event) => setAddress((current) => ({ ...current, [name]: event.target.value }))}
      error={errors[`address.${name}`]}
      testId={`survey-${name}`}
    />
  );

  return (
    <section
      aria-labelledby="survey-title"
      className="card border-brand-200 p-5 sm:p-6 dark:border-brand-900"
      data-testid="survey"
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Glyph name="sparkle" width={20} height={20} />
        </span>
        <div>
          <h2 id="survey-title" className="font-semibold">
            {t('survey.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('survey.lead')}</p>
        </div>
      </div>
      <form onSubmit={submit} className="mt-4" noValidate>
        <fieldset>
          <legend className="sr-only">{t('survey.legend')}</legend>
          <div className="flex flex-wrap gap-2">
            {survey.data.choices.map((value) => (
              <label
                key={value}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-stone-300 px-4 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:border-stone-700 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-400/10 dark:has-checked:text-brand-100"
              >
                <input
                  type="radio"
                  name="survey-choice"
                  value={value}
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                  className="sr-only"
                  data-testid={`survey-${value}`}
                />
                {t(`survey.choices.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {choice === 'claim_bottles' ? (
          <p className="mt-3 text-sm text-muted">
            {survey.data.needs_address ? t('survey.claim_address') : t('survey.claim_profile')}
          </p>
        ) : null}
        {asksAddress ? (
          <fieldset className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="survey-address">
            <legend className="sr-only">{t('survey.address_legend')}</legend>
            {field('address_1', t('settings.address_1'), 'address-line1')}
            {field('address_2', t('settings.address_2'), 'address-line2')}
            {field('city', t('settings.city'), 'address-level2')}
            {field('state', t('settings.state'), 'address-level1')}
            {field('postal', t('settings.postal'), 'postal-code')}
            <SelectField
              label={t('register.country')}
              name="country"
              value={address.country}
              onChange={(event) => setAddress((current) => ({ ...current, country: event.target.value }))}
              error={errors['address.country']}
              testId="survey-country"
            >
              <option value="">{t('register.choose')}</option>
              {countryOptions(i18n.language).map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </SelectField>
          </fieldset>
        ) : null}
        <div className="mt-4">
          <button
            type="submit"
            className="btn-primary"
            disabled={!choice || answer.isPending}
            aria-busy={answer.isPending || undefined}
            data-testid="survey-submit"
          >
            {answer.isPending ? <Spinner /> : null}
            {t('survey.send')}
          </button>
        </div>
      </form>
    </section>
  );
}
