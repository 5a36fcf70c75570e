// The settings' "Currency and exchange rates" against a fake staff API: the currency read only
// once the ledger holds money and a select while it holds none (for admins), the rates with their
// date and the orders waiting, a rate checked before sending, previewed as it is typed, refused
// by the server at its field and then saved, a rate removed after a question, and the whole
// section read only for the other staff roles.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { signInStaff } from '../../../test/messages-fixtures';
import { sampleCurrencySettings, serveCurrencySettings } from '../../../test/overview-fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { CurrencySettings } from '../currency-api';
import { CurrencySection } from './CurrencySection';

let fake: FakeApi;

beforeEach(() => {
  fake = installFakeApi();
  stubMatchMedia((query) => query === '(min-width: 768px)');
  // The rest of the settings page, as its own tests serve it.
  fake.on('GET /api/manager/settings', () =>
    jsonResponse(200, {
      data: {
        holding_period_days: 30,
        minimum_payout: 25,
        manager_threshold: 500,
        marketplace_rate: 10,
        default_discount: 15,
        referral_commission_amount: 5,
        referral_comission_type: 'percent',
        tiers: [{ min_sales: 0, rate: 10 }],
        currency: 'USD',
        updated_at: null,
      },
    }),
  );
});

const section = async () => screen.findByTestId('settings-group-currency');
const messageOf = (input: HTMLElement) => {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((node) => node?.hasAttribute('data-field-error'))
      ?.textContent ?? null
  );
};

/** The section alone, as a role the settings page does not open would see it. */
function renderSectionAlone() {
  const router = createMemoryRouter([{ path: '/', element: <CurrencySection /> }], { initialEntries: ['/'] });
  render(
    <AppProviders queryClient={createQueryClient({ navigate: (to) => void router.navigate(to) })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('the currency and exchange rates', () => {
  it('shows the currency read only once the ledger holds money, the rates and the orders waiting', async () => {
    signInStaff(fake, 'admin');
    serveCurrencySettings(fake);
    renderApp('/manager/settings');
    const group = await section();
    expect(
      within(group).getByRole('heading', { level: 2, name: 'Currency and exchange rates' }),
    ).toBeInTheDocument();
    expect(await within(group).findByTestId('currency-value')).toHaveTextContent('USD');
    expect(within(group).getByTestId('currency-value')).toHaveTextContent('US Dollar');
    expect(within(group).queryByTestId('currency-select')).toBeNull();
    expect(within(group).getByTestId('currency-note')).toHaveTextContent(
      'The program currency can change only while the ledger holds no money.',
    );
    const rows = within(within(group).getByTestId('rates-table')).getAllByTestId('rate-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('rate-line')).toHaveTextContent('1 CAD = 0.7312 USD');
    expect(rows[0]).toHaveTextContent('Canadian Dollar');
    expect(rows[0]).toHaveTextContent('May 1, 2026');
    expect(within(rows[0]!).getByTestId('rate-waiting')).toHaveTextContent('2 waiting');
    expect(within(rows[0]!).getByTestId('rate-waiting')).toHaveAttribute(
      'href',
      '/manager/overview/orders-waiting',
    );
    // EUR has orders waiting and no rate: said, with the way to set it.
    const missing = within(group).getByTestId('rate-missing');
    expect(missing).toHaveTextContent('1 order in EUR waits for a rate.');
    expect(within(group).getByTestId('rate-form')).toBeInTheDocument();
  });

  it('lets an admin change the currency while the ledger is empty, after a question', async () => {
    signInStaff(fake, 'admin');
    let stored = sampleCurrencySettings({ can_change: true, rates: [], waiting: [] });
    fake.on('GET /api/manager/settings/currency', () => jsonResponse(200, { data: stored }));
    fake.on('PUT /api/manager/settings/currency', ({ body }) => {
      stored = { ...stored, currency: (body as { currency: string }).currency };
      return jsonResponse(200, { data: stored });
    });
    const { user } = renderApp('/manager/settings');
    const select = await screen.findByTestId('currency-select');
    expect(screen.getByTestId('currency-note')).toHaveTextContent('while the ledger holds no money');
    expect(screen.getByTestId('currency-change')).toBeDisabled();
    await user.selectOptions(select, 'CAD');
    await user.click(screen.getByTestId('currency-change'));
    const dialog = await screen.findByTestId('currency-confirm');
    expect(dialog).toHaveTextContent('Run the program in CAD?');
    expect(dialog).toHaveTextContent('The rates set against USD are removed');
    await user.click(within(dialog).getByTestId('currency-confirm-confirm'));
    expect(await screen.findByText('The program now runs in CAD.')).toBeInTheDocument();
    expect(fake.lastBody('PUT /api/manager/settings/currency')).toEqual({ currency: 'CAD' });
    expect(screen.queryByTestId('currency-confirm')).toBeNull();
  });

  it('checks a rate before sending, previews it, shows the server’s refusal at its field, then saves it', async () => {
    signInStaff(fake, 'admin');
    let stored: CurrencySettings = sampleCurrencySettings();
    fake.on('GET /api/manager/settings/currency', () => jsonResponse(200, { data: stored }));
    let refuse = true;
    fake.on('PUT /api/manager/settings/rates/EUR', ({ body }) => {
      if (refuse) {
        refuse = false;
        return jsonResponse(422, {
          code: 422,
          message: 'Form data is invalid',
          errors: { rate: ['The server refuses this rate'] },
        });
      }
      const rate = (body as { rate: string }).rate;
      stored = {
        ...stored,
        rates: [
          ...stored.rates,
          { currency: 'EUR', rate, set_at: '2026-05-13T10:00:00.000Z', orders_waiting: 1 },
        ],
      };
      return jsonResponse(200, { data: stored });
    });
    const { user } = renderApp('/manager/settings');
    const code = await screen.findByTestId('rate-currency');
    const rate = screen.getByTestId('rate-value');
    expect(screen.getByTestId('rate-preview')).toHaveTextContent('Type a currency and its rate');

    await user.click(screen.getByTestId('rate-save'));
    expect(messageOf(code)).toBe('Enter a currency code');
    expect(messageOf(rate)).toBe('Enter a rate');
    expect(code).toHaveFocus();

    await user.type(code, 'usd');
    expect(code).toHaveValue('USD');
    expect(messageOf(code)).toBe('This is the program currency: it needs no rate');
    await user.clear(code);
    await user.type(code, 'eur');
    expect(messageOf(code)).toBeNull();
    await user.type(rate, '0,93');
    expect(messageOf(rate)).toBe('Use a point for decimals, such as 0.7312');
    await user.clear(rate);
    await user.type(rate, '0.93');
    expect(messageOf(rate)).toBeNull();
    expect(screen.getByTestId('rate-preview')).toHaveTextContent('1 EUR = 0.93 USD');
    expect(screen.getByTestId('rate-preview')).toHaveTextContent('an order of €100.00 counts as $93.00');
    expect(fake.calls()).not.toContain('PUT /api/manager/settings/rates/EUR');

    await user.click(screen.getByTestId('rate-save'));
    await waitFor(() => expect(messageOf(rate)).toBe('The server refuses this rate'));
    expect(rate).toHaveFocus();
    expect(fake.lastBody('PUT /api/manager/settings/rates/EUR')).toEqual({ rate: '0.93' });

    await user.click(screen.getByTestId('rate-save'));
    expect(
      await screen.findByText('Rate saved: 1 EUR = 0.93 USD. It applies to orders recorded from now on.'),
    ).toBeInTheDocument();
    const rows = within(screen.getByTestId('rates-table')).getAllByTestId('rate-row');
    expect(rows.map((row) => within(row).getByTestId('rate-line').textContent)).toEqual([
      '1 CAD = 0.7312 USD',
      '1 EUR = 0.93 USD',
    ]);
    expect(screen.getByTestId('rate-currency')).toHaveValue('');
    expect(screen.queryByTestId('rate-missing')).toBeNull();
  });

  it('fills the form from a rate to change, and from a link naming a currency', async () => {
    signInStaff(fake, 'admin');
    serveCurrencySettings(fake);
    const { user } = renderApp('/manager/settings?rate=eur#currency-rates');
    expect(await screen.findByTestId('rate-currency')).toHaveValue('EUR');
    await user.click(screen.getByRole('button', { name: 'Change the CAD rate' }));
    expect(screen.getByTestId('rate-currency')).toHaveValue('CAD');
    expect(within(screen.getByTestId('rate-form')).getByRole('heading')).toHaveTextContent(
      'Change the CAD rate',
    );
  });

  it('removes a rate after a question', async () => {
    signInStaff(fake, 'admin');
    let stored = sampleCurrencySettings();
    fake.on('GET /api/manager/settings/currency', () => jsonResponse(200, { data: stored }));
    fake.on('DELETE /api/manager/settings/rates/CAD', () => {
      stored = { ...stored, rates: [] };
      return jsonResponse(200, { data: stored });
    });
    const { user } = renderApp('/manager/settings');
    await user.click(await screen.findByRole('button', { name: 'Remove the CAD rate' }));
    const dialog = await screen.findByTestId('rate-remove-confirm');
    expect(dialog).toHaveTextContent('Remove the CAD rate?');
    expect(dialog).toHaveTextContent('Orders in CAD recorded from now on wait for a rate');
    expect(fake.calls()).not.toContain('DELETE /api/manager/settings/rates/CAD');
    await user.click(within(dialog).getByTestId('rate-remove-confirm-confirm'));
    expect(
      await screen.findByText('The CAD rate is removed: its next orders wait for a rate.'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('rates-empty')).toBeInTheDocument();
  });

  it('stacks the rates as cards on a phone', async () => {
    stubMatchMedia(() => false);
    signInStaff(fake, 'admin');
    serveCurrencySettings(fake);
    renderApp('/manager/settings');
    const cards = await screen.findByTestId('rates-cards');
    expect(within(cards).getByTestId('rate-line')).toHaveTextContent('1 CAD = 0.7312 USD');
    expect(cards).toHaveTextContent('Set on May 1, 2026');
  });

  it('is read only for staff who are not admins', async () => {
    signInStaff(fake, 'manager');
    serveCurrencySettings(fake, sampleCurrencySettings({ can_change: true }));
    renderSectionAlone();
    expect(await screen.findByTestId('currency-value')).toHaveTextContent('USD');
    await waitFor(() =>
      expect(screen.getByTestId('currency-read-only')).toHaveTextContent('Only admins change'),
    );
    expect(screen.queryByTestId('currency-select')).toBeNull();
    expect(screen.queryByTestId('rate-form')).toBeNull();
    expect(screen.queryByTestId('rate-edit')).toBeNull();
    expect(screen.queryByTestId('rate-remove')).toBeNull();
    expect(screen.queryByTestId('rate-missing-set')).toBeNull();
    expect(screen.getByTestId('rate-line')).toHaveTextContent('1 CAD = 0.7312 USD');
  });

  it('speaks French, the rate still written with a point', async () => {
    await i18n.changeLanguage('fr');
    signInStaff(fake, 'admin');
    serveCurrencySettings(fake);
    const user = userEvent.setup();
    renderApp('/manager/settings');
    const group = await section();
    expect(
      within(group).getByRole('heading', { level: 2, name: 'Devise et taux de change' }),
    ).toBeInTheDocument();
    expect(await within(group).findByTestId('rate-waiting')).toHaveTextContent('2 en attente');
    await user.type(screen.getByTestId('rate-currency'), 'eur');
    await user.type(screen.getByTestId('rate-value'), '0.93');
    expect(screen.getByTestId('rate-preview')).toHaveTextContent('1 EUR = 0.93 USD');
    expect(screen.getByTestId('rate-preview').textContent).toMatch(
      /une commande de 100,00\s€ compte pour 93,00\s\$\s?US/,
    );
  });
});
