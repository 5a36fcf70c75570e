import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStoredToken } from '../../lib/session';
import { i18n } from '../../lib/i18n';
import { installFakeApi, TEST_PUBLIC_CLIENT, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import { completeStep1, STEP1 } from '../../test/registration';
import { REGISTRATION_STORAGE_KEY } from './registration-context';

const SENT =
  'Check your mailbox: we have sent a message to this address to finish your sign-up. Nothing after a few minutes? Look in your spam folder.';

// A whole sign-up typed key by key: slow on a loaded machine.
const LONG_FLOW = 60_000;

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
  fake.on('GET /api/categories', () =>
    jsonResponse(200, {
      data: [
        { id: 3, name: 'Fitness' },
        { id: 4, name: 'Beauty' },
      ],
    }),
  );
  fake.on('GET /api/promo-codes/availability', ({ url }) => {
    const code = url.searchParams.get('code') ?? '';
    return jsonResponse(200, {
      data:
        code.toUpperCase() === 'MAYA'
          ? { code, available: false, suggestions: ['MAYA15', 'MAYA2025'] }
          : { code, available: true, suggestions: [] },
    });
  });
});

function solveAltcha(payload = 'solved-payload') {
  const widget = document.querySelector('altcha-widget');
  expect(widget).not.toBeNull();
  act(() => {
    widget!.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

async function fillDob(user: UserEvent, day: string, month: string, year: string) {
  const group = screen.getByRole('group', { name: 'Date of birth' });
  await user.clear(within(group).getByLabelText('Day (DD)'));
  await user.type(within(group).getByLabelText('Day (DD)'), day);
  await user.clear(within(group).getByLabelText('Month (MM)'));
  await user.type(within(group).getByLabelText('Month (MM)'), month);
  await user.clear(within(group).getByLabelText('Year (YYYY)'));
  await user.type(within(group).getByLabelText('Year (YYYY)'), year);
}

/** Puts `text` in the field at once, as a paste does (typing each key is slow). */
async function paste(user: UserEvent, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillStep2(user: UserEvent) {
  await user.type(screen.getByLabelText('Desired promo code'), 'MAYAFIT');
  await paste(user, 'Phone', '+1 555 123 4567');
  await fillDob(user, '12', '04', '1995');
  await user.selectOptions(screen.getByLabelText('Country'), 'CA');
  await screen.findByRole('option', { name: 'Fitness' });
  await user.selectOptions(screen.getByLabelText('Influencer category'), '3');
  await paste(user, 'Instagram profile URL', 'https://instagram.com/maya');
  await user.click(screen.getByLabelText('I am 18 or older and agree with the terms and conditions'));
  solveAltcha();
}

describe('registration step 1', () => {
  it('shows the field messages and keeps no password in storage', async () => {
    const { user, router } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('This field is required');
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('This field must be a valid email');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Min 8 characters required'),
    );
    expect(router.state.location.pathname).toBe('/register');

    for (const field of ['First name', 'Last name', 'E-mail', 'Password', 'Confirm password'])
      await user.clear(screen.getByLabelText(field));
    await completeStep1(user);
    expect(router.state.location.pathname).toBe('/register_step2');
    const stored = sessionStorage.getItem(REGISTRATION_STORAGE_KEY) ?? '';
    expect(stored).toContain(STEP1.email);
    expect(stored).not.toContain(STEP1.password);
    expect(JSON.stringify({ ...localStorage })).not.toContain(STEP1.password);
  });

  it('says the passwords do not match', async () => {
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Password'), 'sunny-gummies-42');
    await user.type(screen.getByLabelText('Confirm password'), 'sunny-gummies-43');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Password and confirm password does not match',
    );
  });

  it('sends a cold visit of step 2 back to step 1', async () => {
    const { router } = renderApp('/register_step2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  });

  it('keeps the values when going back from step 2', async () => {
    const { user, router } = renderApp('/register');
    await completeStep1(user);
    await act(() => router.navigate('/register'));
    expect(await screen.findByLabelText('First name')).toHaveValue(STEP1.first_name);
    expect(screen.getByLabelText('Password')).toHaveValue(STEP1.password);
  });
});

describe('registration step 2: date of birth (docs/product/errors-and-languages.md#validation-messages)', () => {
  async function dobMessage(user: UserEvent, day: string, month: string, year: string) {
    await fillDob(user, day, month, year);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    return screen.getByRole('group', { name: 'Date of birth' });
  }

  it('says "28 days for entered year" for 29/02/2023, at the day', async () => {
    const { user } = renderApp('/register');
    await completeStep1(user);
    const group = await dobMessage(user, '29', '02', '2023');
    expect(group).toHaveTextContent('28 days for entered year');
    expect(within(group).getByLabelText('Day (DD)')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls()).not.toContain('PUT /api/add');
  });

  it('says the other date messages and the under-18 one', async () => {
    const { user } = renderApp('/register');
    await completeStep1(user);
    const year = new Date().getUTCFullYear();
    for (const [day, month, y, message] of [
      ['10', '13', '1990', 'Invalid Month'],
      ['32', '01', '1990', 'Invalid Day'],
      ['10', '01', '1800', 'Invalid Year'],
      ['31', '04', '1990', 'Day is wrong for entered month'],
      ['01', '01', String(year - 10), 'You must be 18 years old or over'],
    ] as const) {
      const group = await dobMessage(user, day, month, y);
      expect(group).toHaveTextContent(message);
    }
    // 29 February of a leap year is a real date.
    const group = await dobMessage(user, '29', '02', '2000');
    expect(group).not.toHaveTextContent('28 days');
  });

  it('asks for the terms box and the verification', async () => {
    const { user } = renderApp('/register');
    await completeStep1(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(
      screen.getByLabelText('I am 18 or older and agree with the terms and conditions'),
    ).toHaveAccessibleDescription('You need to be 18 years old or more');
    expect(screen.getByTestId('altcha')).toHaveTextContent('You need to pass the verification');
    expect(screen.getByLabelText('Desired promo code')).toHaveAccessibleDescription(
      expect.stringContaining('This field is required'),
    );
    expect(screen.getByRole('link', { name: /Read the terms and conditions/ })).toHaveAttribute(
      'href',
      '/terms',
    );
  });
});

describe('registration step 2: promo code availability', () => {
  it('says when a code is taken and offers free variants that fill the field', async () => {
    const { user } = renderApp('/register');
    await completeStep1(user);
    await user.type(screen.getByLabelText('Desired promo code'), 'MAYA');
    expect(await screen.findByText('MAYA is already taken')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use the code MAYA15' }));
    expect(screen.getByLabelText('Desired promo code')).toHaveValue('MAYA15');
    expect(await screen.findByText('MAYA15 is available')).toBeInTheDocument();
    expect(
      new Headers(fake.lastInit('GET /api/promo-codes/availability')?.headers).get('Authorization'),
    ).toBe(`Bearer ${TEST_PUBLIC_CLIENT}`);
  });
});

describe('registration submit', () => {
  it('sends the whole body with the referral code, then says to check the mailbox, signed in nowhere', async () => {
    fake.on('PUT /api/add', () => jsonResponse(202, { data: { message: SENT } }));
    const { user, router } = renderApp('/register?ref=FRIEND1');
    expect(await screen.findByTestId('referral-notice')).toHaveTextContent('FRIEND1');
    await completeStep1(user);
    await fillStep2(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    // The same answer for every address (docs/decisions/060-registration-without-oracle.md): the
    // mailed link makes the account and signs in, so nothing here signs in.
    expect(await screen.findByTestId('register-sent')).toHaveTextContent(SENT);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Check your mailbox');
    expect(screen.queryByTestId('register-step2-form')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register_step2');
    expect(fake.lastBody('PUT /api/add')).toEqual({
      first_name: 'Maya',
      last_name: 'Chen',
      email: STEP1.email,
      password: STEP1.password,
      password_confirmation: STEP1.password,
      promo_code: 'MAYAFIT',
      phone: '+1 555 123 4567',
      date_of_birth: '1995-04-12',
      country: 'CA',
      category_id: 3,
      instagram_url: 'https://www.instagram.com/maya/',
      facebook_url: '',
      youtube_url: '',
      tiktok_url: '',
      accepted_terms: true,
      locale: 'en',
      altcha: 'solved-payload',
      referral_code: 'FRIEND1',
    });
    expect(fake.calls()).not.toContain('POST /api/auth/get_token');
    expect(getStoredToken()).toBeNull();
    expect(sessionStorage.getItem(REGISTRATION_STORAGE_KEY)).toBeNull();
  });

  it('shows the server 422 errors at their fields, and step-1 ones with a way back', async () => {
    fake.on('PUT /api/add', () =>
      jsonResponse(422, {
        code: 422,
        message: 'Form data is invalid',
        errors: {
          promo_code: ['This promo code is already taken'],
          date_of_birth: ['You must be 18 years old or over'],
          email: ['This field must be a valid email'],
        },
      }),
    );
    const { user, router } = renderApp('/register');
    await completeStep1(user);
    await fillStep2(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('This promo code is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Desired promo code')).toHaveAccessibleDescription(
      expect.stringContaining('This promo code is already taken'),
    );
    expect(screen.getByRole('group', { name: 'Date of birth' })).toHaveTextContent(
      'You must be 18 years old or over',
    );
    const notice = screen.getByTestId('register-form-errors');
    expect(notice).toHaveTextContent('This field must be a valid email');
    expect(router.state.location.pathname).toBe('/register_step2');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('link', { name: 'Edit your name, e-mail or password' }));
    expect(await screen.findByLabelText('E-mail')).toHaveAccessibleDescription(
      'This field must be a valid email',
    );
  });

  it('shows other errors in the alert (docs/product/errors-and-languages.md#how-the-portal-shows-errors)', async () => {
    fake.on('PUT /api/add', () =>
      jsonResponse(429, { code: 429, message: 'Too many requests' }, 'Too Many Requests'),
    );
    const { user } = renderApp('/register');
    await completeStep1(user);
    await fillStep2(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Too many requests');
  });

  it('sends the sub-partner from /{subpartner}/register', async () => {
    fake.on('PUT /api/add', () => jsonResponse(202, { data: { message: SENT } }));
    const { user, router } = renderApp('/glowco/register');
    expect(await screen.findByTestId('subpartner-name')).toHaveTextContent('Glow Co');
    await completeStep1(user);
    expect(router.state.location.pathname).toBe('/glowco/register_step2');
    expect(screen.getByTestId('subpartner-brand')).toBeInTheDocument();
    await fillStep2(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByTestId('register-sent')).toHaveTextContent(SENT);
    // Still the agency's page, with its way to sign in.
    expect(screen.getByTestId('subpartner-brand')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/glowco/login');
    expect(router.state.location.pathname).toBe('/glowco/register_step2');
    expect(fake.lastBody('PUT /api/add')).toMatchObject({ subpartner: 'glowco' });
  });
});

describe('registration step 2: social profiles as people type them (docs/product/partners-and-accounts.md#social-profiles)', () => {
  it(
    'takes @handle, domain/handle and a copied address, shows and sends the address it saves',
    async () => {
      fake.on('PUT /api/add', () => jsonResponse(202, { data: { message: SENT } }));
      const { user } = renderApp('/register');
      await completeStep1(user);
      await fillStep2(user);
      const instagram = screen.getByLabelText('Instagram profile URL');
      await user.clear(instagram);
      await user.type(instagram, '@maya.glows');
      expect(instagram).toHaveAccessibleDescription('Saved as https://www.instagram.com/maya.glows/');
      await paste(user, 'TikTok profile URL', 'tiktok.com/@Maya.Glows/');
      await paste(user, 'YouTube channel URL', 'https://www.youtube.com/@maya.glows/videos?view=0');
      await paste(user, 'Facebook profile URL', 'm.facebook.com/maya.glows');
      expect(screen.getByTestId('saved-facebook_url')).toHaveTextContent(
        'Saved as https://www.facebook.com/maya.glows',
      );
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      expect(await screen.findByTestId('register-sent')).toBeInTheDocument();
      expect(fake.lastBody('PUT /api/add')).toMatchObject({
        instagram_url: 'https://www.instagram.com/maya.glows/',
        tiktok_url: 'https://www.tiktok.com/@maya.glows',
        youtube_url: 'https://www.youtube.com/@maya.glows',
        facebook_url: 'https://www.facebook.com/maya.glows',
      });
    },
    LONG_FLOW,
  );

  it(
    "refuses another site's address or a handle the network does not allow, with the field's words",
    async () => {
      const { user } = renderApp('/register');
      await completeStep1(user);
      await fillStep2(user);
      const instagram = screen.getByLabelText('Instagram profile URL');
      await user.clear(instagram);
      await user.paste('https://www.tiktok.com/@maya.glows');
      expect(screen.queryByTestId('saved-instagram_url')).not.toBeInTheDocument();
      await user.type(screen.getByLabelText('Facebook profile URL'), 'maya');
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      expect(instagram).toHaveAccessibleDescription(
        'Enter your Instagram username (@yourname) or the link to your Instagram profile',
      );
      expect(screen.getByLabelText('Facebook profile URL')).toHaveAccessibleDescription(
        'Enter your Facebook username or the link to your Facebook profile or page',
      );
      expect(fake.calls()).not.toContain('PUT /api/add');
      // The first field at fault has the focus; fixed, its message goes at once.
      await waitFor(() => expect(instagram).toHaveFocus());
      await user.clear(instagram);
      await user.paste('instagram.com/maya.glows');
      expect(instagram).not.toHaveAttribute('aria-invalid');
      expect(instagram).toHaveAccessibleDescription('Saved as https://www.instagram.com/maya.glows/');
      expect(screen.getByLabelText('Facebook profile URL')).toHaveAttribute('aria-invalid', 'true');
    },
    LONG_FLOW,
  );
});

describe('registration step 2: a message goes as soon as its field is right', () => {
  it(
    'clears the country, the category, the 18+ box and the human check one by one',
    async () => {
      const { user } = renderApp('/register');
      await completeStep1(user);
      await user.type(screen.getByLabelText('Desired promo code'), 'MAYAFIT');
      await paste(user, 'Phone', '+1 555 123 4567');
      await fillDob(user, '12', '04', '1995');
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      const country = screen.getByLabelText('Country');
      const category = screen.getByLabelText('Influencer category');
      const terms = screen.getByLabelText('I am 18 or older and agree with the terms and conditions');
      const human = screen.getByRole('group', { name: 'Verification' });
      expect(country).toHaveAccessibleDescription('This field is required');
      expect(category).toHaveAccessibleDescription('This field is required');
      expect(terms).toHaveAccessibleDescription('You need to be 18 years old or more');
      expect(human).toHaveAccessibleDescription('You need to pass the verification');
      await waitFor(() => expect(country).toHaveFocus());

      await user.selectOptions(country, 'CA');
      expect(country).not.toHaveAttribute('aria-invalid');
      expect(country).not.toHaveAccessibleDescription('This field is required');
      expect(category).toHaveAccessibleDescription('This field is required');

      await screen.findByRole('option', { name: 'Fitness' });
      await user.selectOptions(category, '3');
      expect(category).not.toHaveAttribute('aria-invalid');
      expect(terms).toHaveAccessibleDescription('You need to be 18 years old or more');

      await user.click(terms);
      expect(terms).not.toHaveAccessibleDescription('You need to be 18 years old or more');
      expect(human).toHaveAccessibleDescription('You need to pass the verification');

      solveAltcha();
      expect(human).not.toHaveTextContent('You need to pass the verification');
      expect(document.querySelectorAll('[data-field-error]')).toHaveLength(0);
    },
    LONG_FLOW,
  );

  it(
    'keeps a message while its field is still wrong, and clears the date once it is a real date',
    async () => {
      const { user } = renderApp('/register');
      await completeStep1(user);
      await fillDob(user, '31', '04', '1990');
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      const group = screen.getByRole('group', { name: 'Date of birth' });
      expect(group).toHaveTextContent('Day is wrong for entered month');
      await user.clear(within(group).getByLabelText('Day (DD)'));
      await user.type(within(group).getByLabelText('Day (DD)'), '3');
      // 3 April 1990 is a real date.
      expect(group).not.toHaveTextContent('Day is wrong for entered month');
      const phone = screen.getByLabelText('Phone');
      expect(phone).toHaveAccessibleDescription('This field is required');
      await user.type(phone, '+1');
      // Not yet a phone number: the message stays.
      expect(phone).toHaveAccessibleDescription('This field is required');
      await user.paste(' 555 123 4567');
      expect(phone).not.toHaveAttribute('aria-invalid');
    },
    LONG_FLOW,
  );
});

describe('registration step 2: focus after an error alert', () => {
  it(
    'brings the focus to the human check, asked again after the refusal, when the alert closes',
    async () => {
      fake.on('PUT /api/add', () =>
        jsonResponse(429, { code: 429, message: 'Too many requests' }, 'Too Many Requests'),
      );
      const { user } = renderApp('/register');
      await completeStep1(user);
      await fillStep2(user);
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      const alert = await screen.findByRole('alertdialog');
      await user.click(within(alert).getByRole('button', { name: 'Close' }));
      const human = screen.getByRole('group', { name: 'Verification' });
      await waitFor(() => expect(human).toHaveFocus());
      expect(screen.getByRole('button', { name: 'Sign Up' })).not.toHaveFocus();
    },
    LONG_FLOW,
  );

  it(
    'brings the focus to the first field the alert named',
    async () => {
      fake.on('PUT /api/add', () =>
        jsonResponse(400, {
          code: 400,
          message: 'Form data is invalid',
          errors: { phone: ['Wrong value'] },
        }),
      );
      const { user } = renderApp('/register');
      await completeStep1(user);
      await fillStep2(user);
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      const alert = await screen.findByRole('alertdialog');
      expect(alert).toHaveTextContent('Wrong value');
      await user.click(within(alert).getByRole('button', { name: 'Close' }));
      const phone = screen.getByLabelText('Phone');
      await waitFor(() => expect(phone).toHaveFocus());
      expect(phone).toHaveAccessibleDescription('Wrong value');
    },
    LONG_FLOW,
  );
});

describe('registration in French', () => {
  it('says the date messages in French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Prénom'), 'Maya');
    await user.type(screen.getByLabelText('Nom'), 'Chen');
    await user.type(screen.getByLabelText('Adresse e-mail'), STEP1.email);
    await user.type(screen.getByLabelText('Mot de passe'), STEP1.password);
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), STEP1.password);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const group = await screen.findByRole('group', { name: 'Date de naissance' });
    fireEvent.change(within(group).getByLabelText('Jour (JJ)'), { target: { value: '29' } });
    fireEvent.change(within(group).getByLabelText('Mois (MM)'), { target: { value: '02' } });
    fireEvent.change(within(group).getByLabelText('Année (AAAA)'), { target: { value: '2023' } });
    await user.click(screen.getByRole('button', { name: i18n.t('titles.register_step2') }));
    expect(group).toHaveTextContent(i18n.t('validation.february_28'));
    expect(i18n.t('validation.february_28')).not.toBe('28 days for entered year');
  });
});
