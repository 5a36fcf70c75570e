import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BADGES } from '../../../common/badges';
import type { BadgeState } from '../../../common/contracts/badges';
import { i18n } from '../../lib/i18n';
import { installFakeApi, samplePartner, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';

let fake: FakeApi;
beforeEach(async () => {
  signInForTest();
  await i18n.changeLanguage('en');
});

const states = (
  awarded: Partial<Record<string, string>>,
  progress: Partial<Record<string, number>> = {},
): BadgeState[] =>
  BADGES.map((badge) => ({
    id: badge.id,
    metric: badge.metric,
    target: badge.target,
    progress: awarded[badge.id] ? badge.target : (progress[badge.id] ?? 0),
    awarded_at: awarded[badge.id] ?? null,
  }));

describe('/account/badges', () => {
  it('shows earned badges with their date and the others with progress', async () => {
    fake = installFakeApi();
    fake.on('GET /api/get_badges', () =>
      jsonResponse(200, {
        data: states(
          { first_sale: '2026-03-04T10:00:00.000Z' },
          { sales_10: 7, earned_1000: 420, profile_complete: 4 },
        ),
      }),
    );
    renderApp('/account/badges');
    expect(await screen.findByText('1 of 10 badges earned')).toBeInTheDocument();
    const first = screen.getByTestId('badge-first_sale');
    expect(first).toHaveAttribute('data-earned', 'true');
    expect(within(first).getByText('Earned Mar 4, 2026')).toBeInTheDocument();
    const ten = screen.getByTestId('badge-sales_10');
    expect(within(ten).getByRole('progressbar', { name: 'Progress toward 10 sales' })).toHaveAttribute(
      'aria-valuenow',
      '7',
    );
    expect(within(ten).getByText('7 of 10')).toBeInTheDocument();
    expect(within(screen.getByTestId('badge-earned_1000')).getByText('$420 of $1,000')).toBeInTheDocument();
    // The profile badge names what is missing, from the partner's own profile.
    const profile = screen.getByTestId('badge-profile_complete');
    expect(
      await within(profile).findByText(/Still missing: address, PayPal e-mail, about you, a social profile/),
    ).toBeInTheDocument();
    expect(within(profile).getByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      '/account/profile',
    );
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    fake = installFakeApi({ user: samplePartner({ locale: 'fr' }) });
    fake.on('GET /api/get_badges', () =>
      jsonResponse(200, { data: states({ sales_10: '2026-03-04T10:00:00.000Z' }, { earned_5000: 2090 }) }),
    );
    renderApp('/account/badges');
    expect(await screen.findByText('1 badge obtenu sur 10')).toBeInTheDocument();
    // The dollar badges' medals write their thousands the French way.
    expect(within(screen.getByTestId('badge-earned_5000')).getByText('5 k$')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('badge-sales_10')).getByText('Obtenu le 4 mars 2026'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('badge-earned_5000')).getByText('2 090 $ US sur 5 000 $ US'),
    ).toBeInTheDocument();
  });

  it('says so when the badges cannot be loaded, and tries again', async () => {
    fake = installFakeApi();
    let failing = true;
    fake.on('GET /api/get_badges', () =>
      failing
        ? jsonResponse(500, { code: 500, message: 'Server error' })
        : jsonResponse(200, { data: states({}) }),
    );
    const { user } = renderApp('/account/badges');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(screen.getByRole('alert')).toHaveTextContent('Your badges could not be loaded.');
    failing = false;
    await user.click(retry);
    expect(await screen.findByText('0 of 10 badges earned')).toBeInTheDocument();
  });
});
