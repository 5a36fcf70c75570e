// The dashboard's contact-details prompt (docs/product/partners-and-accounts.md#the-partner-profile):
// shown while the profile says it is not filled and no "Not now" of the last 30 days holds, hidden
// otherwise; "Not now" calls the route and hides the card from its answer, without reading the
// profile again; "Add my address" opens the settings' address section, ready to type; EN and FR.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { CURRENT_USER_QUERY_KEY, type PortalUser } from '../../lib/current-user';
import { installFakeApi, samplePartner, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import { contactFormShown } from './contact-form-api';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-12-07T12:00:00Z');
const ago = (ms: number, now = new Date()) => new Date(now.getTime() - ms).toISOString();

let fake: FakeApi;
beforeEach(() => {
  signInForTest();
});

function partner(flags: Partial<PortalUser>) {
  fake = installFakeApi({ user: samplePartner(flags) });
  return fake;
}

/** The profile is in once the greeting is (the prompt reads the same profile). */
const profileShown = () => screen.findByText('Hi Maya');

describe('when the prompt shows', () => {
  it('follows the flags and the date of the last "Not now"', () => {
    const user = (flags: Partial<PortalUser>) => samplePartner(flags);
    expect(
      contactFormShown(user({ contact_form_filled: false, contact_form_cancelled_date: null }), NOW),
    ).toBe(true);
    expect(
      contactFormShown(user({ contact_form_filled: true, contact_form_cancelled_date: null }), NOW),
    ).toBe(false);
    // Dismissed: away for 30 days, back from the 30th.
    const dismissed = (ms: number) =>
      contactFormShown(user({ contact_form_filled: false, contact_form_cancelled_date: ago(ms, NOW) }), NOW);
    expect(dismissed(DAY)).toBe(false);
    expect(dismissed(30 * DAY - 60_000)).toBe(false);
    expect(dismissed(30 * DAY)).toBe(true);
    expect(dismissed(90 * DAY)).toBe(true);
    // Filled wins over an old dismissal; a profile without the flags asks nothing.
    expect(
      contactFormShown(
        user({ contact_form_filled: true, contact_form_cancelled_date: ago(90 * DAY, NOW) }),
        NOW,
      ),
    ).toBe(false);
    expect(contactFormShown(user({}), NOW)).toBe(false);
    expect(contactFormShown(null, NOW)).toBe(false);
  });
});

describe('contact-details card', () => {
  it('asks a partner who never answered, with a link to the address section', async () => {
    partner({ contact_form_filled: false, contact_form_cancelled_date: null });
    renderApp('/account');
    const card = await screen.findByTestId('contact-form-card');
    expect(
      within(card).getByRole('heading', { name: 'Where should we send your samples?' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('We’ll ask again in 30 days.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Add my address' })).toHaveAttribute(
      'href',
      '/account/profile#address',
    );
    expect(within(card).getByRole('button', { name: 'Not now' })).toBeEnabled();
  });

  it('is not shown once filled, nor within 30 days of "Not now"', async () => {
    partner({ contact_form_filled: true, contact_form_cancelled_date: null });
    const first = renderApp('/account');
    await profileShown();
    expect(screen.queryByTestId('contact-form-card')).not.toBeInTheDocument();
    first.unmount();

    partner({ contact_form_filled: false, contact_form_cancelled_date: ago(10 * DAY) });
    const second = renderApp('/account');
    await profileShown();
    expect(screen.queryByTestId('contact-form-card')).not.toBeInTheDocument();
    second.unmount();

    // 31 days later it is back.
    partner({ contact_form_filled: false, contact_form_cancelled_date: ago(31 * DAY) });
    renderApp('/account');
    expect(await screen.findByTestId('contact-form-card')).toBeInTheDocument();
  });

  it('"Not now" calls the route, hides the card and keeps the profile it answered, without a reload', async () => {
    partner({ contact_form_filled: false, contact_form_cancelled_date: null });
    const cancelledAt = new Date().toISOString();
    fake.on('POST /api/contact-form/cancel', () =>
      jsonResponse(200, { data: { contact_form_filled: false, contact_form_cancelled_date: cancelledAt } }),
    );
    const { user, queryClient } = renderApp('/account');
    const card = await screen.findByTestId('contact-form-card');
    const reads = fake.calls().filter((call) => call === 'GET /api/get').length;
    await user.click(within(card).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByTestId('contact-form-card')).not.toBeInTheDocument());
    expect(fake.calls().filter((call) => call === 'POST /api/contact-form/cancel')).toHaveLength(1);
    expect(fake.calls().filter((call) => call === 'GET /api/get')).toHaveLength(reads);
    expect(queryClient.getQueryData<PortalUser>(CURRENT_USER_QUERY_KEY)).toMatchObject({
      first_name: 'Maya',
      contact_form_filled: false,
      contact_form_cancelled_date: cancelledAt,
    });
    // The rest of the dashboard stays.
    expect(screen.getByText('Hi Maya')).toBeInTheDocument();
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('keeps the card when "Not now" fails', async () => {
    partner({ contact_form_filled: false, contact_form_cancelled_date: null });
    fake.on('POST /api/contact-form/cancel', () =>
      jsonResponse(500, { code: 500, message: 'Whoops, looks like something went wrong', id: 'x' }),
    );
    const { user } = renderApp('/account');
    const card = await screen.findByTestId('contact-form-card');
    await user.click(within(card).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Not now' })).toBeEnabled());
    expect(screen.getByTestId('contact-form-card')).toBeInTheDocument();
  });

  it('"Add my address" opens the settings with the address’s first line focused', async () => {
    partner({ contact_form_filled: false, contact_form_cancelled_date: null });
    const { user, router } = renderApp('/account');
    const card = await screen.findByTestId('contact-form-card');
    await user.click(within(card).getByRole('link', { name: 'Add my address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(router.state.location.hash).toBe('#address');
    const first = await screen.findByRole('textbox', { name: 'Address 1' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.closest('fieldset')).toHaveAttribute('id', 'address');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    partner({ contact_form_filled: false, contact_form_cancelled_date: null });
    fake.on('POST /api/contact-form/cancel', () =>
      jsonResponse(200, {
        data: { contact_form_filled: false, contact_form_cancelled_date: new Date().toISOString() },
      }),
    );
    const { user } = renderApp('/account');
    const card = await screen.findByTestId('contact-form-card');
    expect(
      within(card).getByRole('heading', { name: 'Où devons-nous envoyer vos échantillons\u202f?' }),
    ).toBeInTheDocument();
    // French typography: a no-break space between the number and its unit.
    expect(document.getElementById('contact-form-later-note')?.textContent).toBe(
      'Nous vous le redemanderons dans 30\u00a0jours.',
    );
    expect(within(card).getByRole('link', { name: 'Ajouter mon adresse' })).toHaveAttribute(
      'href',
      '/account/profile#address',
    );
    await user.click(within(card).getByRole('button', { name: 'Pas maintenant' }));
    await waitFor(() => expect(screen.queryByTestId('contact-form-card')).not.toBeInTheDocument());
    expect(fake.calls()).toContain('POST /api/contact-form/cancel');
  });
});
