import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { installFakeApi, samplePartner, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import {
  pagedHandler,
  saleRow,
  SELLING_CHART,
  SELLING_SUMMARY,
  SELLING_TOTALS,
  STARTER_TIERS,
} from '../../test/sales-fixtures';
import type { CashoutRow, PayMeNowStats } from '../../features/cashout/cashout-api';
import { niceMax } from '../../components/SalesBars';

let fake: FakeApi;
beforeEach(() => {
  signInForTest();
});

/** getPayMeNowStats for the cash-out widget: nothing cashed out yet unless given. */
function payoutStats(overrides: Partial<PayMeNowStats> = {}): PayMeNowStats {
  return {
    payable_balance: 0,
    pending_balance: 0,
    in_payout_balance: 0,
    next_payable_at: null,
    minimum: 25,
    currency: 'USD',
    paypal_email: null,
    paypal_hold_until: null,
    can_request: false,
    blockers: ['below_minimum'],
    open_payout: null,
    lifetime_paid: 0,
    recent_cashouts: [],
    latest_paid: null,
    ...overrides,
  };
}

function withPayouts(stats: PayMeNowStats = payoutStats()) {
  fake.on('GET /api/getPayMeNowStats', () => jsonResponse(200, { data: stats }));
}

function sellingPartner(options: { user?: ReturnType<typeof samplePartner>; payouts?: PayMeNowStats } = {}) {
  fake = installFakeApi({ user: options.user });
  withPayouts(options.payouts);
  fake.on('GET /api/getPartnerSalesSummary', () => jsonResponse(200, { data: SELLING_SUMMARY }));
  fake.on('GET /api/getTotals', () => jsonResponse(200, { data: SELLING_TOTALS }));
  fake.on('GET /api/getPartnerSalesSummaryChart', () => jsonResponse(200, { data: SELLING_CHART }));
  fake.on('GET /api/getPartnerVerifiedTiers', () =>
    jsonResponse(200, {
      data: {
        ...STARTER_TIERS,
        verified_sales: 18,
        progress: 0.72,
        next_tier: { min_sales: 25, rate: 15, sales_needed: 7 },
      },
    }),
  );
  fake.on(
    'GET /api/getShopifySalesItemsNoVouchers',
    pagedHandler(
      Array.from({ length: 8 }, (_, index) => saleRow(index + 1, { product: `Product ${index + 1}` })),
    ),
  );
  fake.on(
    'GET /api/getShopifySalesItemsReferrals',
    pagedHandler([saleRow(50, { referral: 'Lina Park', commission: 2.5 })]),
  );
}

describe('dashboard metrics', () => {
  it('shows every figure of the summary, formatted in US English', async () => {
    sellingPartner();
    renderApp('/account');
    expect(await screen.findByTestId('metric-this_month_commissions')).toHaveTextContent('$123.45');
    expect(screen.getByTestId('metric-last_month_commissions')).toHaveTextContent('$210.00');
    expect(screen.getByTestId('metric-current_month_orders')).toHaveTextContent('7');
    expect(screen.getByTestId('metric-current_month_sales')).toHaveTextContent('$1,234.50');
    expect(screen.getByTestId('metric-total_commissions')).toHaveTextContent('$987.65');
    expect(screen.getByTestId('metric-average_order_value')).toHaveTextContent('$48.20');
    expect(screen.getByTestId('metric-latest_paid_cashout')).toHaveTextContent('$150.00');
    expect(screen.queryByTestId('dashboard-empty')).not.toBeInTheDocument();
    // The biggest number on the page is this month's commissions.
    expect(screen.getByTestId('metric-this_month_commissions')).toHaveClass('text-5xl');
  });

  it('formats money for French Canada in French', async () => {
    await i18n.changeLanguage('fr');
    sellingPartner();
    renderApp('/account');
    const value = await screen.findByTestId('metric-current_month_sales');
    expect(value.textContent?.replace(/\s/g, ' ')).toMatch(/1 234,50 \$ US/);
    expect(await screen.findByRole('heading', { name: 'Performance géographique' })).toBeInTheDocument();
  });

  it('shows the tier, the geography, this month’s orders, recent sales and referrals', async () => {
    sellingPartner();
    renderApp('/account');
    expect(await screen.findByTestId('tier-current-rate')).toHaveTextContent('10%');
    expect(screen.getByTestId('tier-next')).toHaveTextContent('7 more verified sales to reach 15%');
    expect(screen.getByRole('progressbar', { name: 'Progress to the next tier' })).toHaveAttribute(
      'aria-valuenow',
      '72',
    );
    expect(await screen.findByTestId('geo-US-sales')).toHaveTextContent('$900.00');
    expect(screen.getByTestId('geo-CA')).toHaveTextContent('Canada');
    expect(screen.getByTestId('geo-OTHER')).toHaveTextContent('2 orders');
    await waitFor(() => expect(screen.getAllByTestId('recent-sale-row')).toHaveLength(5));
    expect((await screen.findAllByTestId('month-order-row')).length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('month-order-row').length).toBeLessThanOrEqual(6);
    // Each list says which amount it shows: the commission, or the order's total.
    expect(screen.getByTestId('widget-recent-sales')).toHaveTextContent('OrderYour commission');
    expect(screen.getAllByTestId('recent-sale-commission')[0]).toHaveTextContent(/^Your commission: /);
    expect(screen.getByTestId('widget-month-orders')).toHaveTextContent('OrderOrder total');
    expect(screen.getAllByTestId('month-order-total')[0]).toHaveTextContent(/^Order total: /);
    expect(screen.getByTestId('referrals-see-all')).toHaveAttribute('href', '/account/referrals');
    expect(await screen.findByTestId('dashboard-referral-row')).toHaveTextContent('Lina Park');
    // The mapping list asks for 6 rows, the recent sales for 5 (docs/product/errors-and-languages.md#the-api-conventions).
    const lengths = fake.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/getShopifySalesItemsNoVouchers')
      .map((url) => url.searchParams.get('length'));
    expect(lengths.sort()).toEqual(['5', '6']);
  });

  it('shows calm empty states for the widgets later features feed', async () => {
    sellingPartner();
    renderApp('/account');
    for (const id of ['promo', 'challenges', 'announcements', 'top-posts'])
      expect(await screen.findByTestId(`${id}-empty`)).toBeInTheDocument();
  });
});

describe('recent cash-outs', () => {
  const row = (id: number, overrides: Partial<CashoutRow> = {}): CashoutRow => ({
    id,
    amount: 50 + id,
    currency: 'USD',
    status: 'PAID',
    status_label: 'Paid',
    date: `2026-02-0${id}T12:00:00.000Z`,
    paid_at: `2026-02-0${id + 1}T12:00:00.000Z`,
    reason: null,
    invoice: null,
    ...overrides,
  });

  it('lists the latest cash-outs with their amount, which date it is and status, and links to the cash-out page', async () => {
    sellingPartner({
      payouts: payoutStats({
        payable_balance: 75.5,
        recent_cashouts: [
          row(3, { status: 'APPROVED', status_label: 'Payment Pending', paid_at: null }),
          row(2),
          row(1),
        ],
      }),
    });
    renderApp('/account');
    const widget = await screen.findByTestId('widget-cashouts');
    await waitFor(() => expect(within(widget).getAllByTestId('recent-cashout-row')).toHaveLength(3));
    const [first, second] = within(widget).getAllByTestId('recent-cashout-row');
    expect(first).toHaveTextContent('$53.00');
    // Which date each is: asked for, until it is paid (as the metric's paid date says "Paid").
    expect(within(first!).getByTestId('recent-cashout-date')).toHaveTextContent('Requested Feb 3, 2026');
    expect(within(second!).getByTestId('recent-cashout-date')).toHaveTextContent('Paid Feb 3, 2026');
    expect(within(first!).getByTestId('status-badge')).toHaveTextContent('Payment Pending');
    expect(within(second!).getByTestId('status-badge')).toHaveTextContent('Paid');
    expect(within(widget).getByTestId('cashouts-payable')).toHaveTextContent('$75.50');
    expect(within(widget).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/account/cashout');
    expect(within(widget).queryByTestId('cashouts-empty')).not.toBeInTheDocument();
  });

  it('says plainly when there is no cash-out yet', async () => {
    sellingPartner();
    renderApp('/account');
    const empty = await screen.findByTestId('cashouts-empty');
    expect(empty).toHaveTextContent('No cash-outs yet');
    expect(empty).toHaveTextContent('Once $25.00 is payable, you can cash out to PayPal.');
    expect(screen.queryByTestId('recent-cashout-row')).not.toBeInTheDocument();
  });
});

describe('sales history chart', () => {
  it('switches between the weekly and the monthly series', async () => {
    sellingPartner();
    const { user } = renderApp('/account');
    const chart = await screen.findByTestId('sales-chart');
    expect(chart).toHaveAttribute('data-period', 'weekly');
    expect(screen.getByTestId('chart-toggle-weekly')).toHaveAttribute('aria-pressed', 'true');
    const weeklyLabels = screen.getAllByTestId('chart-label').map((label) => label.textContent);
    expect(weeklyLabels).toHaveLength(12);
    expect(weeklyLabels[0]).toBe('Jan 5');
    expect(screen.getByTestId('chart-total')).toHaveTextContent(
      'Last 12 weeks: $780.00 in sales, $78.00 earned',
    );

    await user.click(screen.getByTestId('chart-toggle-monthly'));
    expect(screen.getByTestId('sales-chart')).toHaveAttribute('data-period', 'monthly');
    expect(screen.getByTestId('chart-toggle-monthly')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('chart-toggle-weekly')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByTestId('chart-label').map((label) => label.textContent)[0]).toBe('Apr');
    expect(screen.getByTestId('chart-total')).toHaveTextContent(
      'Last 12 months: $5,900.00 in sales, $590.00 earned',
    );
    // Screen readers get the figures as a table.
    expect(
      screen.getByRole('table', { name: 'Sales and commissions per month, last 12 months' }),
    ).toBeInTheDocument();
    // The series are one answer: switching asks nothing more of the server.
    expect(fake.calls().filter((call) => call === 'GET /api/getPartnerSalesSummaryChart')).toHaveLength(1);
  });

  it('rounds the axis to a readable maximum', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(1000)).toBe(1000);
    expect(niceMax(1234.5)).toBe(2000);
    expect(niceMax(2400)).toBe(2500);
  });
});

describe('a partner without sales', () => {
  it('is welcomed with what to do next, and every widget says it is empty', async () => {
    fake = installFakeApi();
    withPayouts();
    renderApp('/account');
    expect(await screen.findByTestId('dashboard-empty')).toHaveTextContent(
      'Your first sale is one post away',
    );
    expect(await screen.findByTestId('chart-empty')).toHaveTextContent('No sales in the last 12 weeks');
    expect(screen.getByTestId('geo-empty')).toBeInTheDocument();
    expect(await screen.findByTestId('recent-sales-empty')).toBeInTheDocument();
    expect(await screen.findByTestId('month-orders-empty')).toBeInTheDocument();
    expect(await screen.findByTestId('referrals-empty')).toBeInTheDocument();
    expect(await screen.findByTestId('cashouts-empty')).toBeInTheDocument();
    expect(screen.getByTestId('metric-this_month_commissions')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('metric-latest_paid_cashout')).toHaveTextContent('—');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows skeletons while the figures load', async () => {
    fake = installFakeApi();
    withPayouts();
    fake.on('GET /api/getPartnerSalesSummary', () => new Promise<Response>(() => undefined));
    fake.on('GET /api/getPartnerSalesSummaryChart', () => new Promise<Response>(() => undefined));
    renderApp('/account');
    expect(await screen.findByTestId('chart-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('metric-this_month_commissions')).not.toBeInTheDocument();
  });
});

describe('copy-code box', () => {
  it('shows the code with its discount and commission, and copies it with a toast', async () => {
    fake = installFakeApi({
      user: samplePartner({ promo_codes: [{ code: 'MAYA15', value: 15, commission_rate: 12 }] }),
    });
    withPayouts();
    const { user } = renderApp('/account');
    const box = await screen.findByTestId('widget-copy-code');
    expect(await within(box).findByTestId('promo-code')).toHaveTextContent('MAYA15');
    expect(box).toHaveTextContent(
      'Your followers get 15% off with code MAYA15, and you earn 12% on every order.',
    );
    expect(within(box).getByTestId('promo-discount')).toHaveTextContent('15%');
    expect(within(box).getByTestId('promo-commission')).toHaveTextContent('12%');

    await user.click(within(box).getByTestId('copy-code'));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('MAYA15');
  });

  it('says so when the partner has no code yet', async () => {
    fake = installFakeApi({ user: samplePartner({ promo_codes: [] }) });
    withPayouts();
    renderApp('/account');
    expect(await screen.findByText('No promo code yet')).toBeInTheDocument();
    expect(screen.queryByTestId('copy-code')).not.toBeInTheDocument();
  });
});

describe('your links', () => {
  const SHORT = 'https://partners.sunbite.example/s/MAYA15';
  const REFERRAL = 'https://partners.sunbite.example/r/MAYA15';
  const linked = () => samplePartner({ short_url: SHORT, referral_short_url: REFERRAL });

  afterEach(() => {
    delete (navigator as Partial<Navigator>).share;
  });

  it('shows the short and the referral link as text, copies each with a toast, and links to the QR code', async () => {
    fake = installFakeApi({ user: linked() });
    withPayouts();
    const { user } = renderApp('/account');
    const card = await screen.findByTestId('widget-links');
    expect(within(card).getByRole('heading', { level: 2, name: 'Your links' })).toBeInTheDocument();
    expect(await within(card).findByTestId('dashboard-short-link')).toHaveTextContent(
      'partners.sunbite.example/s/MAYA15',
    );
    expect(within(card).getByTestId('dashboard-referral-link')).toHaveTextContent(
      'partners.sunbite.example/r/MAYA15',
    );
    // Text, not anchors: the one link goes to the affiliate links page.
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    expect(within(card).getByRole('link', { name: 'QR code and visits' })).toHaveAttribute(
      'href',
      '/account/affiliate_links',
    );

    await user.click(within(card).getByRole('button', { name: 'Copy your short link' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SHORT);
    await user.click(within(card).getByRole('button', { name: 'Copy your referral link' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(REFERRAL));
    // No share sheet in this browser: Share copies the link.
    await navigator.clipboard.writeText('before');
    await user.click(within(card).getByRole('button', { name: 'Share your short link' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(SHORT));
  });

  it('opens the share sheet with the link, and the code in a sentence with the short link', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    fake = installFakeApi({ user: linked() });
    withPayouts();
    const { user } = renderApp('/account');
    const card = await screen.findByTestId('widget-links');
    await user.click(await within(card).findByRole('button', { name: 'Share your referral link' }));
    expect(share).toHaveBeenLastCalledWith({ url: REFERRAL });
    await user.click(within(screen.getByTestId('widget-copy-code')).getByTestId('share-code'));
    expect(share).toHaveBeenLastCalledWith({
      text: `Use my code MAYA15 for 15% off at checkout.\n\n${SHORT}`,
    });
  });

  it('speaks French in French', async () => {
    await i18n.changeLanguage('fr');
    fake = installFakeApi({ user: linked() });
    withPayouts();
    renderApp('/account');
    const card = await screen.findByTestId('widget-links');
    expect(within(card).getByRole('heading', { level: 2, name: 'Vos liens' })).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Partager votre lien court' })).toHaveTextContent(
      'Partager',
    );
    expect(within(card).getByRole('button', { name: 'Copier votre lien de parrainage' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Code QR et visites' })).toBeInTheDocument();
  });

  it('says so when the partner has no links yet', async () => {
    fake = installFakeApi({ user: samplePartner({ promo_codes: [] }) });
    withPayouts();
    renderApp('/account');
    expect(await screen.findByTestId('dashboard-links-none')).toHaveTextContent('No links yet');
    expect(screen.queryByTestId('dashboard-copy-short-link')).not.toBeInTheDocument();
  });
});

describe('below the fold', () => {
  /** Idle callbacks held until the test runs them, and an IntersectionObserver the test drives. */
  function holdIdleAndViewport() {
    const idle: (() => void)[] = [];
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    window.requestIdleCallback = ((run: () => void) => idle.push(run)) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = (() => undefined) as typeof window.cancelIdleCallback;
    window.IntersectionObserver = class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets.length = 0;
      }
    } as unknown as typeof IntersectionObserver;
    return {
      runIdle: () => act(() => idle.splice(0).forEach((run) => run())),
      pending: () => idle.length,
      scrollTo: (target: Element) =>
        act(() => {
          for (const { callback, targets } of observers)
            if (targets.includes(target))
              callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as never);
        }),
    };
  }

  afterEach(() => {
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
    delete (window as Partial<typeof window>).IntersectionObserver;
  });

  it('mounts the widgets below the figures once the page is idle, one part at a time, with their data', async () => {
    const page = holdIdleAndViewport();
    sellingPartner();
    renderApp('/account');
    expect(await screen.findByTestId('metric-this_month_commissions')).toHaveTextContent('$123.45');
    expect(screen.queryByTestId('widget-sales-history')).not.toBeInTheDocument();
    expect(screen.queryByTestId('widget-recent-sales')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('dashboard-later-part').length).toBeGreaterThan(1);

    page.runIdle();
    expect(await screen.findByTestId('widget-sales-history')).toBeInTheDocument();
    expect(screen.queryByTestId('widget-recent-sales')).not.toBeInTheDocument();
    while (page.pending() > 0) page.runIdle();
    expect(screen.queryByTestId('dashboard-later-part')).not.toBeInTheDocument();
    expect(await screen.findByTestId('sales-chart')).toBeInTheDocument();
    expect(await screen.findByTestId('tier-current-rate')).toHaveTextContent('10%');
    await waitFor(() => expect(screen.getAllByTestId('recent-sale-row')).toHaveLength(5));
    expect(await screen.findByTestId('dashboard-referral-row')).toHaveTextContent('Lina Park');
    expect(await screen.findByTestId('cashouts-empty')).toBeInTheDocument();
  });

  it('mounts a part as soon as it comes near the viewport', async () => {
    const page = holdIdleAndViewport();
    sellingPartner();
    renderApp('/account');
    await screen.findByTestId('metric-this_month_commissions');
    const parts = screen.getAllByTestId('dashboard-later-part');
    page.scrollTo(parts.at(-1)!);
    expect(await screen.findByTestId('announcements-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('widget-recent-sales')).not.toBeInTheDocument();
  });
});
