// The Settings section against a fake staff API: the stored settings in the form, the server's
// rules checked before sending (nothing sent while a field is wrong), the tier table (add, edit,
// remove), the request sent on save with its toast, the server's messages at their fields, the
// phone's cards, French decimal commas, and the section closed to managers.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { signInStaff } from '../../../test/messages-fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { ProgramSettingsAnswer } from './settings-api';

let fake: FakeApi;
const STORED: ProgramSettingsAnswer = {
  holding_period_days: 30,
  minimum_payout: 25,
  manager_threshold: 500,
  marketplace_rate: 10,
  default_discount: 15,
  referral_commission_amount: 5,
  referral_comission_type: 'percent',
  tiers: [
    { min_sales: 0, rate: 10 },
    { min_sales: 25, rate: 15 },
    { min_sales: 100, rate: 20 },
    { min_sales: 250, rate: 25 },
  ],
  currency: 'USD',
  updated_at: null,
};

/** Serves the settings; a PUT is answered by `answer` (by default it stores what was sent). */
function serve(answer?: (body: unknown) => Response) {
  let current = structuredClone(STORED);
  fake.on('GET /api/manager/settings', () => jsonResponse(200, { data: current }));
  fake.on('PUT /api/manager/settings', ({ body }) => {
    if (answer) return answer(body);
    current = { ...(body as ProgramSettingsAnswer), currency: 'USD', updated_at: '2026-03-02T15:04:00Z' };
    return jsonResponse(200, { data: current });
  });
}
const puts = () => fake.calls().filter((call) => call === 'PUT /api/manager/settings').length;
const field = (name: string) => screen.getByTestId(`settings-${name}`);
const messageOf = (input: HTMLElement) => {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((node) => node?.hasAttribute('data-field-error'))
      ?.textContent ?? null
  );
};

beforeEach(() => {
  fake = installFakeApi();
  stubMatchMedia((query) => query === '(min-width: 768px)');
});

describe('the Settings section', () => {
  it('is in an admin’s navigation and shows the stored settings, the tiers and what a change reaches', async () => {
    signInStaff(fake, 'admin');
    serve();
    const { user } = renderApp('/manager/payouts');
    await user.click(await screen.findByTestId('manager-nav-settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Program settings' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Program settings'));
    expect(field('holding_period_days')).toHaveValue('30');
    expect(field('minimum_payout')).toHaveValue('25');
    expect(field('manager_threshold')).toHaveValue('500');
    expect(field('marketplace_rate')).toHaveValue('10');
    expect(field('default_discount')).toHaveValue('15');
    expect(field('referral_commission_amount')).toHaveValue('5');
    expect(screen.getByTestId('settings-referral-percent')).toBeChecked();
    expect(screen.getByLabelText('Minimum payout')).toBe(field('minimum_payout'));
    const rows = within(screen.getByTestId('tiers-table')).getAllByTestId('tier-row');
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByLabelText('Tier 3 · From verified sales')).toHaveValue('100');
    expect(within(rows[2]!).getByLabelText('Tier 3 · Commission rate')).toHaveValue('20');
    expect(screen.getByTestId('settings-applies')).toHaveTextContent(
      'Earnings already recorded keep their rate and their holding date',
    );
    expect(screen.getByTestId('settings-state')).toHaveTextContent(
      'The program’s defaults: never changed yet',
    );
    // Nothing changed yet: nothing to save.
    expect(screen.getByTestId('settings-save')).toBeDisabled();
  });

  it('checks the fields with the server’s rules before sending, and sends nothing while one is wrong', async () => {
    signInStaff(fake, 'admin');
    serve();
    const { user } = renderApp('/manager/settings');
    await screen.findByTestId('tiers-table');
    const rows = screen.getAllByTestId('tier-row');
    const second = within(rows[1]!).getByLabelText('Tier 2 · From verified sales');
    await user.clear(second);
    await user.type(second, '0');
    const rate = within(rows[3]!).getByLabelText('Tier 4 · Commission rate');
    await user.clear(rate);
    await user.type(rate, '120');
    await user.clear(field('minimum_payout'));
    await user.clear(field('holding_period_days'));
    await user.type(field('holding_period_days'), 'ten');
    await user.click(screen.getByTestId('settings-save'));

    expect(messageOf(second)).toBe('Must be more than the tier before it (0)');
    expect(messageOf(rate)).toBe('Enter a percentage from 0 to 100');
    expect(messageOf(field('minimum_payout'))).toBe('This field is required');
    expect(messageOf(field('holding_period_days'))).toBe('Enter a number');
    expect(screen.getByTestId('settings-problems')).toHaveTextContent('Some fields need a fix');
    // The first field to fix has the focus.
    expect(field('holding_period_days')).toHaveFocus();
    expect(puts()).toBe(0);

    // Once tried, the rules follow the typing: a fixed field loses its message at once.
    await user.clear(field('holding_period_days'));
    await user.type(field('holding_period_days'), '400');
    expect(messageOf(field('holding_period_days'))).toBe('Between 1 and 365 days');
    await user.clear(field('holding_period_days'));
    await user.type(field('holding_period_days'), '14');
    expect(messageOf(field('holding_period_days'))).toBeNull();
  });

  it('adds, edits and removes tiers, saves the whole table with the settings, and says it is saved', async () => {
    signInStaff(fake, 'admin');
    serve();
    const { user } = renderApp('/manager/settings');
    await screen.findByTestId('tiers-table');
    await user.click(screen.getByTestId('tier-add'));
    let rows = screen.getAllByTestId('tier-row');
    expect(rows).toHaveLength(5);
    const fifth = within(rows[4]!).getByLabelText('Tier 5 · From verified sales');
    expect(fifth).toHaveFocus();
    await user.type(fifth, '1,000');
    await user.type(within(rows[4]!).getByLabelText('Tier 5 · Commission rate'), '27.5');
    // The 25-sale tier goes: the rows below move up a number.
    await user.click(within(rows[1]!).getByRole('button', { name: 'Remove tier 2' }));
    rows = screen.getAllByTestId('tier-row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByLabelText('Tier 2 · From verified sales')).toHaveValue('100');
    expect(screen.getByTestId('tiers-count')).toHaveTextContent('4 tiers');
    await user.clear(field('holding_period_days'));
    await user.type(field('holding_period_days'), '14');
    await user.click(screen.getByTestId('settings-referral-fixed'));
    await user.clear(field('referral_commission_amount'));
    await user.type(field('referral_commission_amount'), '3');
    expect(screen.getByTestId('settings-state')).toHaveTextContent('Unsaved changes');

    await user.click(screen.getByTestId('settings-save'));
    expect(
      await screen.findByText('Settings saved. They apply to orders recorded from now on.'),
    ).toBeInTheDocument();
    expect(fake.lastBody('PUT /api/manager/settings')).toEqual({
      holding_period_days: 14,
      minimum_payout: 25,
      manager_threshold: 500,
      marketplace_rate: 10,
      default_discount: 15,
      referral_commission_amount: 3,
      referral_comission_type: 'fixed',
      tiers: [
        { min_sales: 0, rate: 10 },
        { min_sales: 100, rate: 20 },
        { min_sales: 250, rate: 25 },
        { min_sales: 1000, rate: 27.5 },
      ],
    });
    expect(new Headers(fake.lastInit('PUT /api/manager/settings')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
    // The form now starts from what was stored.
    await waitFor(() => expect(screen.getByTestId('settings-state')).toHaveTextContent('Last changed'));
    expect(screen.getByTestId('settings-save')).toBeDisabled();
    expect(field('holding_period_days')).toHaveValue('14');
  });

  it('keeps the last tier, and undoes changes not saved', async () => {
    signInStaff(fake, 'admin');
    serve();
    const { user } = renderApp('/manager/settings');
    await screen.findByTestId('tiers-table');
    for (let left = 4; left > 1; left--) await user.click(screen.getAllByTestId('tier-remove')[0]!);
    expect(screen.getAllByTestId('tier-row')).toHaveLength(1);
    expect(screen.getByTestId('tier-remove')).toBeDisabled();
    // The tier left (250+) is now the first: it must start at 0.
    await user.click(screen.getByTestId('settings-save'));
    expect(messageOf(screen.getByLabelText('Tier 1 · From verified sales'))).toBe(
      'The first tier starts at 0 verified sales',
    );
    await user.click(screen.getByTestId('settings-undo'));
    expect(screen.getAllByTestId('tier-row')).toHaveLength(4);
    expect(screen.queryByTestId('settings-problems')).toBeNull();
    expect(puts()).toBe(0);
  });

  it('shows the server’s messages at their fields until they are changed', async () => {
    signInStaff(fake, 'admin');
    serve(() =>
      jsonResponse(422, {
        code: 422,
        message: 'Form data is invalid',
        errors: {
          'tiers.1.rate': ['The server refuses this rate'],
          minimum_payout: ['The server refuses this amount'],
        },
      }),
    );
    const { user } = renderApp('/manager/settings');
    await screen.findByTestId('tiers-table');
    await user.clear(field('default_discount'));
    await user.type(field('default_discount'), '20');
    await user.click(screen.getByTestId('settings-save'));
    const rate = screen.getByLabelText('Tier 2 · Commission rate');
    await waitFor(() => expect(messageOf(rate)).toBe('The server refuses this rate'));
    expect(messageOf(field('minimum_payout'))).toBe('The server refuses this amount');
    expect(field('minimum_payout')).toHaveFocus();
    expect(screen.queryByText(/Settings saved/)).toBeNull();
    await user.type(field('minimum_payout'), '0');
    expect(messageOf(field('minimum_payout'))).toBeNull();
    expect(messageOf(rate)).toBe('The server refuses this rate');
  });

  it('says when saving failed for another reason', async () => {
    signInStaff(fake, 'admin');
    serve(() =>
      jsonResponse(500, { code: 500, message: 'Whoops, looks like something went wrong', id: 'e1' }),
    );
    const { user } = renderApp('/manager/settings');
    await screen.findByTestId('tiers-table');
    await user.type(field('minimum_payout'), '0');
    await user.click(screen.getByTestId('settings-save'));
    expect(await screen.findByTestId('settings-failure')).toHaveTextContent(
      'Whoops, looks like something went wrong',
    );
  });

  it('stacks the tiers as cards on a phone', async () => {
    stubMatchMedia(() => false);
    signInStaff(fake, 'admin');
    serve();
    renderApp('/manager/settings');
    const cards = await screen.findByTestId('tiers-cards');
    expect(screen.queryByTestId('tiers-table')).toBeNull();
    const rows = within(cards).getAllByTestId('tier-row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByRole('heading', { name: 'Tier 2' })).toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText('From verified sales')).toHaveValue('25');
  });

  it('is in French, with decimal commas read and written', async () => {
    await i18n.changeLanguage('fr');
    signInStaff(fake, 'admin');
    serve();
    const { user } = renderApp('/manager/settings');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Paramètres du programme' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Seuil responsable')).toHaveValue('500');
    await user.clear(field('marketplace_rate'));
    await user.type(field('marketplace_rate'), '7,25');
    await user.clear(field('manager_threshold'));
    await user.type(field('manager_threshold'), '2 000 000');
    await user.click(screen.getByTestId('settings-save'));
    expect(messageOf(field('manager_threshold'))).toMatch(/^1\s000\s000,00\s\$\s?US au maximum$/);
    await user.clear(field('manager_threshold'));
    await user.type(field('manager_threshold'), '750,50');
    await user.click(screen.getByTestId('settings-save'));
    expect(
      await screen.findByText(
        'Paramètres enregistrés. Ils s’appliquent aux commandes reçues à partir de maintenant.',
      ),
    ).toBeInTheDocument();
    expect(fake.lastBody('PUT /api/manager/settings')).toMatchObject({
      marketplace_rate: 7.25,
      manager_threshold: 750.5,
    });
    expect(field('marketplace_rate')).toHaveValue('7,25');
  });

  it('is not in a manager’s navigation, and its link says the role does not open it', async () => {
    signInStaff(fake, 'manager');
    serve();
    renderApp('/manager/settings');
    expect(await screen.findByTestId('manager-forbidden')).toHaveTextContent('Administrator');
    expect(screen.queryByTestId('manager-nav-settings')).toBeNull();
    expect(fake.calls()).not.toContain('GET /api/manager/settings');
  });
});
