// The Overview section against a fake staff API: the first section of every role, the month's
// cards with their change on last month, the 12-month chart, money owed, payouts waiting per stage
// (each status linking to the payouts list filtered by it), top partners and sign-ups linking to
// the partner, what needs a look; a new program's empty states; an error with a retry; French.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { signInStaff } from '../../../test/messages-fixtures';
import { emptyOverview, sampleOverview, serveOverview } from '../../../test/overview-fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { changeOf } from './month-change';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

// fr-CA writes money and percents with no-break spaces: compare with plain ones.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the Overview section', () => {
  it('is where /manager leads every role, first in the navigation', async () => {
    for (const role of ['reviewer', 'manager', 'admin']) {
      signInStaff(fake, role);
      serveOverview(fake);
      const { router, unmount } = renderApp('/manager');
      await waitFor(() => expect(router.state.location.pathname).toBe('/manager/overview'));
      const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
      const first = within(nav).getAllByRole('link')[0]!;
      expect(first).toHaveTextContent('Overview');
      await waitFor(() => expect(first).toHaveAttribute('aria-current', 'page'));
      unmount();
    }
  });

  it('shows the month’s cards with their change on last month', async () => {
    signInStaff(fake, 'reviewer');
    serveOverview(fake, sampleOverview());
    renderApp('/manager/overview');
    expect(await screen.findByTestId('kpi-sales-value')).toHaveTextContent('$4,821.50');
    await waitFor(() => expect(document.title).toContain('Overview'));
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('kpi-sales-detail')).toHaveTextContent('57 orders');
    // 4,821.50 against 5,210: down 7%.
    expect(screen.getByTestId('kpi-sales-change')).toHaveTextContent('Down 7% on last month');
    expect(screen.getByTestId('kpi-sales-change')).toHaveAttribute('data-change', 'down');
    expect(screen.getByTestId('kpi-commissions-value')).toHaveTextContent('$612.25');
    expect(screen.getByTestId('kpi-commissions-detail')).toHaveTextContent('60 earnings');
    expect(screen.getByTestId('kpi-commissions-change')).toHaveTextContent('None last month');
    expect(screen.getByTestId('kpi-active-value')).toHaveTextContent('42');
    expect(screen.getByTestId('kpi-active-detail')).toHaveTextContent('Sold or signed in this month');
    expect(screen.getByTestId('kpi-active-change')).toHaveTextContent('Up 20% on last month');
    expect(screen.getByTestId('kpi-partners-value')).toHaveTextContent('128');
    expect(screen.getByTestId('kpi-partners-detail')).toHaveTextContent('6 joined this month');
  });

  it('draws twelve months, with the figures in a table for screen readers', async () => {
    signInStaff(fake, 'reviewer');
    serveOverview(fake, sampleOverview());
    renderApp('/manager/overview');
    const chart = await screen.findByTestId('overview-chart');
    expect(within(chart).getAllByTestId('overview-chart-column')).toHaveLength(12);
    // 500 × (9 + 10 + 11) in sales, 60 × (9 + 10 + 11) in commissions.
    expect(within(chart).getByTestId('overview-chart-total')).toHaveTextContent(
      '$15,000.00 in sales and $1,800.00 in commissions over 12 months',
    );
    const table = within(chart).getByRole('table', {
      name: 'Sales and commissions by month, last 12 months',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[12]).toHaveTextContent('May 2026');
    expect(rows[12]).toHaveTextContent('55$5,500.00$660.00');
  });

  it('tells money owed, payouts waiting per stage (linked to the filtered list), who sells and who joined', async () => {
    signInStaff(fake, 'reviewer');
    serveOverview(fake, sampleOverview());
    const { user, router } = renderApp('/manager/overview');
    expect(await screen.findByTestId('owed-payable')).toHaveTextContent('$1,234.56');
    expect(screen.getByTestId('owed-pending')).toHaveTextContent('$612.25');
    expect(screen.getByTestId('owed-in_payouts')).toHaveTextContent('$730.00');
    expect(screen.getByTestId('owed-in_review')).toHaveTextContent('$12.50');

    const review = screen.getByTestId('overview-stage-review');
    expect(within(review).getByTestId('stage-count')).toHaveTextContent('3');
    expect(within(review).getByTestId('stage-amount')).toHaveTextContent('$160.00');
    expect(within(review).getByTestId('overview-status-IN_REVIEW')).toHaveTextContent('In review: 2');
    expect(screen.getByTestId('overview-status-MANAGER_IN_REVIEW')).toHaveAttribute(
      'href',
      '/manager/payouts?status=MANAGER_IN_REVIEW',
    );
    expect(screen.getByTestId('overview-waiting-all')).toHaveAttribute('href', '/manager/payouts');

    const top = screen.getAllByTestId('overview-top-row');
    expect(top).toHaveLength(2);
    expect(top[0]).toHaveTextContent('Bruno Seller');
    expect(top[0]).toHaveTextContent('12 orders · $125.50 earned');
    expect(within(top[0]!).getByTestId('overview-top-sales')).toHaveTextContent('$1,255.00');
    expect(within(top[0]!).getByRole('link', { name: 'Bruno Seller' })).toHaveAttribute(
      'href',
      '/manager/partners/uuid-bruno',
    );

    const signups = screen.getAllByTestId('overview-signup-row');
    expect(signups[0]).toHaveTextContent('Zoe Newest');
    expect(signups[0]).toHaveTextContent('E-mail not verified');
    expect(signups[0]).toHaveTextContent('Canada');
    expect(signups[1]).toHaveTextContent('Suspended');

    await user.click(within(review).getByTestId('overview-status-PENDING'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/payouts'));
    expect(router.state.location.search).toBe('?status=PENDING');
  });

  it('lists what needs a look, each linked to where staff act on it', async () => {
    signInStaff(fake, 'reviewer');
    serveOverview(fake, sampleOverview());
    renderApp('/manager/overview');
    const paypal = await screen.findByTestId('attention-paypal');
    expect(within(paypal).getByTestId('attention-count')).toHaveTextContent('4');
    expect(within(paypal).getByRole('link', { name: 'Payout #77 · Vic Payee · $90.00' })).toHaveAttribute(
      'href',
      '/manager/payouts/77',
    );
    expect(within(paypal).getByText('RECEIVER_UNREGISTERED')).toBeInTheDocument();
    expect(within(paypal).getByRole('link', { name: 'and 3 more' })).toHaveAttribute(
      'href',
      '/manager/payouts?status=IN_REVIEW',
    );
    const pushes = screen.getByTestId('attention-pushes');
    expect(within(pushes).getByRole('link', { name: 'ALMA · Alma Seller' })).toHaveAttribute(
      'href',
      '/manager/partners/uuid-alma',
    );
    const deliveries = screen.getByTestId('attention-deliveries');
    expect(deliveries).toHaveTextContent('Line item 1 · price: not an amount');
    expect(deliveries).toHaveTextContent('Error ID 0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d');
  });

  it('shows a new program’s empty states', async () => {
    signInStaff(fake, 'admin');
    serveOverview(fake, emptyOverview());
    renderApp('/manager/overview');
    expect(await screen.findByTestId('overview-new-program')).toHaveTextContent(
      'Your program is just starting',
    );
    expect(screen.getByTestId('kpi-sales-value')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('kpi-sales-change')).toHaveTextContent('None this month or last');
    expect(screen.getByTestId('overview-chart-empty')).toHaveTextContent('No sales in the last 12 months');
    expect(screen.getByTestId('overview-waiting-empty')).toHaveTextContent('No payouts waiting');
    expect(screen.getByTestId('overview-attention-empty')).toHaveTextContent('Nothing needs a look');
    expect(screen.getByTestId('overview-top-empty')).toHaveTextContent('No sales yet this month');
    expect(screen.getByTestId('overview-signups-empty')).toHaveTextContent('No partners yet');
  });

  it('shows skeletons while it loads, then an error with a retry that reads again', async () => {
    signInStaff(fake, 'reviewer');
    let answers = 0;
    let failing = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.on('GET /api/manager/overview', async () => {
      answers += 1;
      if (answers === 1) await held;
      // A 5xx is asked again once before the page says it failed.
      return failing
        ? jsonResponse(500, { code: 500, message: 'Server Error', id: 'err-1' })
        : jsonResponse(200, { data: sampleOverview() });
    });
    const { user } = renderApp('/manager/overview');
    expect(await screen.findByTestId('overview-loading')).toBeInTheDocument();
    release();
    const error = await screen.findByTestId('overview-error', {}, { timeout: 8000 });
    expect(error).toHaveTextContent('The overview could not be loaded.');
    failing = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('kpi-sales-value')).toHaveTextContent('$4,821.50');
    expect(answers).toBeGreaterThanOrEqual(3);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    signInStaff(fake, 'reviewer');
    serveOverview(fake, sampleOverview());
    renderApp('/manager/overview');
    expect(plain((await screen.findByTestId('kpi-sales-value')).textContent)).toBe('4 821,50 $ US');
    expect(screen.getByRole('heading', { level: 1, name: 'Vue d’ensemble' })).toBeInTheDocument();
    expect(plain(screen.getByTestId('kpi-sales-change').textContent)).toBe(
      'En baisse de 7 % sur le mois dernier',
    );
    expect(plain(screen.getByTestId('overview-status-IN_REVIEW').textContent)).toBe('En examen : 2');
    expect(screen.getByTestId('overview-attention')).toHaveTextContent('Paiements renvoyés par PayPal');
  });
});

describe('the month-over-month change', () => {
  it('is a whole percent up or down, or says why there is none', () => {
    expect(changeOf(120, 100)).toEqual({ kind: 'up', percent: 20 });
    expect(changeOf(93, 100)).toEqual({ kind: 'down', percent: 7 });
    expect(changeOf(100.2, 100)).toEqual({ kind: 'same' });
    expect(changeOf(5, 0)).toEqual({ kind: 'new' });
    expect(changeOf(0, 0)).toEqual({ kind: 'none' });
  });
});
