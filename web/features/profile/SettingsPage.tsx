// /account/profile (docs/product/partner-portal.md#settings-page): the profile picture (AvatarEditor.tsx), the profile form (POST /api/update, 'Data Saved')
// with the PayPal e-mail and the shipping address, the account e-mail, the change-password form, and the program-mail
// switches (`#mail`, docs/product/engagement.md#mail-a-partner-receives).
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { LIMITS } from '../../../common/validation';
import {
  networkOfField,
  socialProfileUrl,
  SOCIAL_FIELDS,
  type SocialField,
} from '../../../common/social-handles';
import type { messageAnswer, payloadAnswer } from '../../../common/contracts/accounts';
import type { emailChangeAnswer } from '../../../common/contracts/account-changes';
import {
  FormNotice,
  inputClass,
  PasswordField,
  SelectField,
  SubmitButton,
  TextField,
} from '../../components/form';
import { api } from '../../lib/api';
import { useCountryOptions } from '../../lib/use-country-options';
import { useDocumentTitle } from '../../lib/document-title';
import {
  apiMessage,
  makeSay,
  serverFieldErrors,
  useIdentitySchemas,
  validate,
  type FieldErrors,
} from '../../lib/forms';
import { notifySuccess } from '../../lib/toast';
import { PageHeading } from '../../components/PageHeading';
import { ProfilePictureSection } from './AvatarEditor';
import {
  CURRENT_USER_QUERY_KEY,
  readUserPayload,
  setCurrentUser,
  useCurrentUser,
  type PortalUser,
} from '../../lib/current-user';
import { MailSettings } from '../../components/MailSwitches';
import { SettingsSection as Section } from '../../components/SettingsSection';

export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal',
  'country',
  'paypal_email',
  'about',
  'instagram_url',
  'facebook_url',
  'youtube_url',
  'tiktok_url',
  'locale',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
type ProfileValues = Record<ProfileField, string>;

function valuesOf(user: PortalUser | null): ProfileValues {
  const out = {} as ProfileValues;
  for (const field of PROFILE_FIELDS) {
    const value = user?.[field];
    out[field] = typeof value === 'string' ? value : '';
  }
  if (!out.locale) out.locale = 'en';
  return out;
}

/** `integrations`: the connected social accounts' section, composed by the app (app/account/). */
export function SettingsPage({ integrations }: { integrations?: ReactNode }) {
  const { t } = useTranslation();
  const title = t('titles.profile');
  useDocumentTitle(title);
  const user = useCurrentUser();
  // Until the profile is here, only its section says so: the other sections, rendered beside it,
  // stood where the picture and the form then arrived and were pushed a long way down (a layout
  // shift of half a phone's screen, docs/performance.md).
  if (!user)
    return (
      <>
        <PageHeading title={title} lead={t('pages.profile')} />
        <Section title={t('settings.profile')}>
          <p className="text-sm text-muted">{t('loading')}…</p>
        </Section>
      </>
    );
  return (
    <>
      <PageHeading title={title} lead={t('pages.profile')} />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] xl:items-start">
        {/* The picture, then the profile form; first on a phone. */}
        <div className="grid gap-8">
          <ProfilePictureSection user={user} />
          {/* Keyed on the partner so a reloaded profile refills the form. */}
          <ProfileForm key={user.uuid} user={user} />
        </div>
        {/* The narrow column: the password, then the mail switches; one column below xl. */}
        {/* Below the profile on a phone: not styled, laid out nor painted until it comes near
            (`content-visibility: auto`; the dashboard's WhenNear says why, and why the clip margin). */}
        <div className="grid gap-8 [contain-intrinsic-block-size:auto_60rem] [content-visibility:auto] [overflow-clip-margin:1.5rem] xl:[content-visibility:visible]">
          {integrations}
          <AccountEmailForm user={user} />
          <ChangePasswordForm />
          <MailSettings />
        </div>
      </div>
    </>
  );
}

function ProfileForm({ user }: { user: PortalUser }) {
  // The cash-out page links here (`#paypal_email`): the PayPal e-mail is brought into view, ready to
  // type; the dashboard's contact-details prompt (`#address`) does so with the shipping address.
  const paypalRef = useRef<HTMLFieldSetElement>(null);
  const addressRef = useRef<HTMLFieldSetElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    const target =
      hash === '#paypal_email' ? paypalRef.current : hash === '#address' ? addressRef.current : null;
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    target.querySelector('input')?.focus({ preventScroll: true });
  }, [hash]);
  const { t, i18n } = useTranslation();
  const schemas = useIdentitySchemas();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const countries = useCountryOptions(i18n.language, values.country);
  // A new PayPal e-mail is asked with the current password (docs/decisions/063-account-changes.md);
  // a partner without one confirms it from the link mailed to them.
  const [currentPassword, setCurrentPassword] = useState('');
  const paypalChanged = values.paypal_email.trim().toLowerCase() !== (user.paypal_email ?? '');
  const asksPassword = paypalChanged && user.has_password !== false;
  const pendingPaypal = user.pending_changes?.paypal_email ?? null;

  // Client checks mirror the server's (required names, phone and country as at sign-up, valid
  // e-mail, social profiles, lengths); the server decides.
  const schema = useMemo(() => {
    const say = makeSay(t as never);
    const required = z
      .string()
      .trim()
      .min(1, say('required'))
      .max(LIMITS.nameMax, say('max', { n: LIMITS.nameMax }));
    const profile = schemas.profile.shape;
    return z.object({
      first_name: required,
      last_name: required,
      // Asked at sign-up: never emptied (docs/product/partners-and-accounts.md#the-partner-profile).
      phone: profile.phone,
      country: profile.country,
      paypal_email: z
        .string()
        .refine((value) => value.trim() === '' || schemas.email.safeParse(value).success, say('email')),
      instagram_url: profile.instagram_url,
      facebook_url: profile.facebook_url,
      youtube_url: profile.youtube_url,
      tiktok_url: profile.tiktok_url,
    });
  }, [t, schemas]);
  // A field's message goes as soon as the field is right.
  const change = (name: ProfileField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (!errors[name]) return;
    const result = validate(schema, next);
    if (!result.ok && result.errors[name]) return;
    setErrors((current) => {
      const { [name]: _fixed, ...rest } = current;
      return rest;
    });
  };

  const mutation = useMutation({
    mutationFn: async (body: ProfileValues & { current_password?: string }) =>
      readUserPayload(await api.post<z.infer<typeof payloadAnswer>>('/api/update', body)),
    meta: { handlesErrors: true, partnerSession: true },
    onSuccess: (updated) => {
      setCurrentUser(queryClient, updated);
      setCurrentPassword('');
      // The social profiles as they were saved (an address for what was typed).
      setValues((current) => {
        const next = { ...current };
        for (const name of Object.values(SOCIAL_FIELDS)) next[name] = updated[name] ?? '';
        return next;
      });
      // Waiting for its link: the field shows the address still in use.
      if (updated.pending_changes?.paypal_email)
        setValues((current) => ({ ...current, paypal_email: updated.paypal_email ?? '' }));
      notifySuccess(t('settings.saved'));
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    },
  });
  // Errors other than field messages and 401 follow the data-error rules (docs/product/errors-and-languages.md#how-the-portal-shows-errors).
  const showOther = mutation.isError && !serverFieldErrors(mutation.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(schema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(asksPassword ? { ...values, current_password: currentPassword } : values);
  };
  const field = (name: ProfileField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      error={errors[name]}
      testId={`profile-${name}`}
      {...extra}
    />
  );
  // A social profile as people type it (@handle, instagram.com/handle, a copied address), with the
  // address it will be saved as under it (common/social-handles.ts).
  const socialField = (name: SocialField, label: string) => {
    const network = networkOfField(name);
    const typed = values[name].trim();
    const saved = network && typed ? socialProfileUrl(network, typed) : null;
    return field(name, label, {
      type: 'text',
      inputMode: 'url',
      autoCapitalize: 'none',
      autoCorrect: 'off',
      spellCheck: false,
      placeholder: t(`register.${name}_placeholder`),
      hint:
        saved && saved !== typed && !errors[name] ? (
          <span data-testid={`saved-${name}`}>{t('register.social_saved_as', { url: saved })}</span>
        ) : undefined,
    });
  };

  return (
    <Section title={t('settings.profile')} lead={t('settings.profile_lead', { email: user.email })}>
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-6"
        data-testid="profile-form"
        aria-label={t('settings.profile')}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {field('first_name', t('register.first_name'), { autoComplete: 'given-name' })}
          {field('last_name', t('register.last_name'), { autoComplete: 'family-name' })}
          {field('phone', t('register.phone'), { type: 'tel', autoComplete: 'tel' })}
          <SelectField
            label={t('settings.locale')}
            hint={t('settings.locale_hint')}
            name="locale"
            value={values.locale}
            onChange={(event) => setValues((current) => ({ ...current, locale: event.target.value }))}
            error={errors.locale}
            testId="profile-locale"
          >
            <option value="en">{t('language.en')}</option>
            <option value="fr">{t('language.fr')}</option>
          </SelectField>
        </div>
        <div>
          <label
            htmlFor="profile-about"
            className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
          >
            {t('settings.about')}
          </label>
          <textarea
            id="profile-about"
            name="about"
            rows={3}
            value={values.about}
            onChange={(event) => setValues((current) => ({ ...current, about: event.target.value }))}
            data-testid="profile-about"
            className={`${inputClass} border-stone-300 dark:border-stone-700`}
          />
        </div>
        <fieldset id="paypal_email" ref={paypalRef} className="grid scroll-mt-24 gap-4">
          <legend className="mb-1 text-base font-semibold">{t('settings.paypal')}</legend>
          <p className="-mt-2 text-sm text-muted">{t('settings.paypal_lead')}</p>
          {field('paypal_email', t('settings.paypal_email'), { type: 'email', autoComplete: 'email' })}
          {asksPassword ? (
            <PasswordField
              label={t('settings.current_password')}
              name="current_password"
              autoComplete="current-password"
              hint={t('settings.paypal_password_hint')}
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
              error={errors.current_password}
              testId="profile-current-password"
            />
          ) : null}
          {paypalChanged && user.has_password === false ? (
            <p className="text-sm text-muted" data-testid="paypal-link-note">
              {t('settings.paypal_link_note')}
            </p>
          ) : null}
          {pendingPaypal ? (
            <FormNotice kind="info" testId="paypal-pending">
              {t('settings.paypal_pending', { email: pendingPaypal })}
            </FormNotice>
          ) : null}
        </fieldset>
        <fieldset id="address" ref={addressRef} className="grid scroll-mt-24 gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-base font-semibold">{t('settings.shipping')}</legend>
          {field('address_1', t('settings.address_1'), {
            autoComplete: 'address-line1',
            className: 'sm:col-span-2',
          })}
          {field('address_2', t('settings.address_2'), {
            autoComplete: 'address-line2',
            className: 'sm:col-span-2',
          })}
          {field('city', t('settings.city'), { autoComplete: 'address-level2' })}
          {field('state', t('settings.state'), { autoComplete: 'address-level1' })}
          {field('postal', t('settings.postal'), { autoComplete: 'postal-code' })}
          <SelectField
            label={t('register.country')}
            name="country"
            autoComplete="country"
            value={values.country}
            onChange={(event) => change('country', event.target.value)}
            error={errors.country}
            testId="profile-country"
          >
            <option value="">{t('register.choose')}</option>
            {countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-base font-semibold">{t('register.social_profiles')}</legend>
          {socialField('instagram_url', t('register.instagram_url'))}
          {socialField('facebook_url', t('register.facebook_url'))}
          {socialField('youtube_url', t('register.youtube_url'))}
          {socialField('tiktok_url', t('register.tiktok_url'))}
        </fieldset>
        {showOther ? <OtherError error={mutation.error} /> : null}
        <SubmitButton busy={mutation.isPending} testId="profile-save" className="justify-self-start">
          {t('settings.save')}
        </SubmitButton>
      </form>
    </Section>
  );
}

function OtherError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = apiMessage(error) ?? t('errors.network');
  return (
    <p
      role="alert"
      className="text-sm font-medium text-red-700 dark:text-red-300"
      data-testid="profile-error"
    >
      {message}
    </p>
  );
}

/**
 * The account e-mail (docs/decisions/063-account-changes.md): changed with the current password,
 * or for a partner without one through a link mailed to the current address; the new address is
 * verified again and the old one is told.
 */
function AccountEmailForm({ user }: { user: PortalUser }) {
  const { t } = useTranslation();
  const schemas = useIdentitySchemas();
  const queryClient = useQueryClient();
  const empty = { email: '', current_password: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const asksPassword = user.has_password !== false;
  const schema = useMemo(() => z.object({ email: schemas.email }), [schemas]);
  const mutation = useMutation({
    mutationFn: (body: { email: string; current_password?: string }) =>
      api.post<z.infer<typeof emailChangeAnswer>>('/api/change-email', body),
    meta: { handlesErrors: true, partnerSession: true },
    onSuccess: (answer) => {
      setValues(empty);
      notifySuccess(answer.data.message);
      // The new address (to verify) or the change waiting for its link.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    },
  });
  const showOther = mutation.isError && !serverFieldErrors(mutation.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(schema, { email: values.email });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(asksPassword ? values : { email: values.email });
  };
  const pending = user.pending_changes?.email ?? null;
  return (
    <Section
      title={t('settings.account_email')}
      lead={t('settings.account_email_lead', { email: user.email })}
    >
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4"
        data-testid="change-email-form"
        aria-label={t('settings.account_email')}
      >
        {pending ? (
          <FormNotice kind="info" testId="email-pending">
            {t('settings.email_pending', { email: pending })}
          </FormNotice>
        ) : null}
        <TextField
          label={t('settings.new_email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
          error={errors.email}
          testId="new-email"
        />
        {asksPassword ? (
          <PasswordField
            label={t('settings.current_password')}
            name="current_password"
            autoComplete="current-password"
            value={values.current_password}
            onChange={(event) =>
              setValues((current) => ({ ...current, current_password: event.target.value }))
            }
            error={errors.current_password}
            testId="change-email-password"
          />
        ) : (
          <p className="text-sm text-muted">{t('settings.email_link_note')}</p>
        )}
        {showOther ? <OtherError error={mutation.error} /> : null}
        <SubmitButton busy={mutation.isPending} testId="change-email-submit" className="justify-self-start">
          {t('settings.change_email_submit')}
        </SubmitButton>
      </form>
    </Section>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const schemas = useIdentitySchemas();
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: (body: typeof empty) => api.post<z.infer<typeof messageAnswer>>('/api/change-password', body),
    meta: { handlesErrors: true, partnerSession: true },
    onSuccess: (answer) => {
      setValues(empty);
      notifySuccess(answer?.data?.message ?? t('settings.password_changed'));
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    },
  });
  const showOther = mutation.isError && !serverFieldErrors(mutation.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(schemas.changePassword, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(values);
  };
  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  return (
    <Section title={t('settings.change_password')} lead={t('settings.change_password_lead')}>
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4"
        data-testid="change-password-form"
        aria-label={t('settings.change_password')}
      >
        <PasswordField
          label={t('settings.current_password')}
          name="current_password"
          autoComplete="current-password"
          value={values.current_password}
          onChange={set('current_password')}
          error={errors.current_password}
          testId="current-password"
        />
        <PasswordField
          label={t('recovery.new_password')}
          name="password"
          autoComplete="new-password"
          hint={t('register.password_hint')}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          testId="new-password"
        />
        <PasswordField
          label={t('register.password_confirmation')}
          name="password_confirmation"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={errors.password_confirmation}
          testId="new-password-confirmation"
        />
        {showOther ? <OtherError error={mutation.error} /> : null}
        <SubmitButton
          busy={mutation.isPending}
          testId="change-password-submit"
          className="justify-self-start"
        >
          {t('settings.change_password_submit')}
        </SubmitButton>
      </form>
    </Section>
  );
}
