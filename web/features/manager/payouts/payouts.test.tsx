import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storeManagerToken } from '../../../lib/session';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { Status } from '../../../../common/statuses';
import type { PayoutDetail, PayoutListRow, PayoutPage, StatusCounts } from './payouts-api';

let fake: FakeApi;
const ME = { id: 2, email: 'sam@sunbite.example', name: 'Sam Reviewer', role: 'reviewer' };

function row(id: number, overrides: Partial<PayoutListRow> = {}): PayoutListRow {
  return {
    id,
    partner: { uuid: `uuid-${id}`, name: `Partner ${id}`, email: `partner${id}@example.com` },
    amount: 100 + id,
    currency: 'USD',
    status: 'PENDING',
    status_label: 'Pending Approval',
    stage: 'review',
    earnings_count: 3,
    created_at: '2026-03-02T15:00:00Z',
    updated_at: '2026-03-02T15:00:00Z',
    paypal_state: null,
    ...overrides,
  };
}

const COUNTS: StatusCounts = {
  PENDING: 3,
  IN_REVIEW: 1,
  APPROVED: 2,
  MANAGER_IN_REVIEW: 1,
  MANAGER_APPROVED: 0,
  PAID: 40,
  REJECTED: 4,
  MANAGER_REJECTED: 1,
  open: 7,
};

type HistoryEntry = PayoutDetail['history'][number];
const LABELS: Partial<Record<Status, string>> = { PENDING: 'Pending Approval', IN_REVIEW: 'In Review' };
/** A history line as the server sends it: with the statuses' labels and who acted. */
function entry(line: Omit<HistoryEntry, 'from_label' | 'to_label' | 'actor_name'>): HistoryEntry {
  return {
    ...line,
    from_label: line.from && (LABELS[line.from] ?? line.from),
    to_label: LABELS[line.to] ?? line.to,
    actor_name: line.actor.replace(/ \(partner\)$/, ''),
  };
}

function page(rows: PayoutListRow[], current = 1, last = 1, total = rows.length): PayoutPage {
  return { data: rows, current_page: current, per_page: 20, last_page: last, total, counts: COUNTS };
}

function detail(
  overrides: Partial<PayoutDetail> = {},
  payout: Partial<PayoutDetail['payout']> = {},
): PayoutDetail {
  return {
    payout: {
      ...row(12, {
        amount: 180.5,
        partner: { uuid: 'maya', name: 'Maya Tremblay', email: 'maya@example.com' },
      }),
      paypal_email: 'maya.pay@example.com',
      reference: null,
      reason: null,
      fraudulent: false,
      invoice: { id: 7, number: 'INV-2026-000012', pdf_url: '/api/manager/invoices/7/pdf' },
      paypal: null,
      ...payout,
    },
    partner: {
      uuid: 'maya',
      name: 'Maya Tremblay',
      email: 'maya@example.com',
      paypal_email: 'maya.pay@example.com',
      verified: true,
      country: 'CA',
      created_at: '2025-01-10T12:00:00Z',
      lifetime_paid: 1234.56,
      payouts_count: 4,
    },
    earnings: [
      {
        id: 1,
        kind: 'sale',
        order_number: '1001',
        date: '2026-02-01T10:00:00Z',
        product: 'ACV Gummies',
        amount: 190.5,
        status: 'APPROVED',
      },
      {
        id: 2,
        kind: 'adjustment',
        order_number: '998',
        date: '2026-02-03T10:00:00Z',
        product: null,
        amount: -10,
        status: 'APPROVED',
      },
    ],
    signals: { self_purchase: [], own_voucher_orders: 0, in_review_earnings: 0, in_review_amount: 0 },
    history: [
      entry({
        at: '2026-03-02T15:00:00Z',
        from: null,
        to: 'PENDING',
        actor: 'Maya Tremblay (partner)',
        actor_kind: 'partner',
        reason: null,
      }),
    ],
    actions: ['approve', 'reject', 'review'],
    threshold: 500,
    paypal_configured: true,
    ...overrides,
  };
}

const urls = (path: string) =>
  fake.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
const queueQueries = () =>
  urls('/api/manager/payouts').map((url) => Object.fromEntries(url.searchParams.entries()));

beforeEach(() => {
  fake = installFakeApi();
  fake.on('GET /api/manager/me', () => jsonResponse(200, { data: ME }));
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
});

describe('payouts queue', () => {
  beforeEach(() => {
    fake.on('GET /api/manager/payouts', ({ url }) => {
      const current = Number(url.searchParams.get('page') ?? 1);
      return jsonResponse(200, page([row(current * 100 + 1), row(current * 100 + 2)], current, 3, 45));
    });
  });

  it('asks for the waiting payouts, 20 a page, with the staff token, and counts each status', async () => {
    renderApp('/manager/payouts');
    expect(await screen.findAllByTestId('payout-row')).toHaveLength(2);
    expect(queueQueries()).toEqual([{ status: 'open', page: '1', length: '20' }]);
    expect(new Headers(fake.lastInit('GET /api/manager/payouts')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
    const tabs = screen.getByRole('tablist', { name: 'Filter by status' });
    const waiting = within(tabs).getByRole('tab', { name: /Waiting/ });
    expect(waiting).toHaveAttribute('aria-selected', 'true');
    // Waiting sums every status still open: 3 + 1 + 2 + 1 + 0.
    expect(within(waiting).getByTestId('filter-count')).toHaveTextContent('7');
    expect(within(tabs).getByRole('tab', { name: /Paid/ })).toHaveTextContent('40');
    expect(within(tabs).getByRole('tab', { name: /^All/ })).toHaveTextContent('52');
    expect(screen.getByTestId('payouts-total')).toHaveTextContent('45 payouts');
  });

  it('goes to the last page when a link names a page the queue no longer has', async () => {
    fake.on('GET /api/manager/payouts', ({ url }) => {
      const current = Number(url.searchParams.get('page') ?? 1);
      return jsonResponse(
        200,
        current > 2 ? page([], current, 2, 30) : page([row(current * 100 + 1)], current, 2, 30),
      );
    });
    const { router } = renderApp('/manager/payouts?page=5');
    expect(await screen.findAllByTestId('payout-row')).toHaveLength(1);
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.queryByTestId('payouts-empty')).not.toBeInTheDocument();
  });

  it('exports the queue as filtered to CSV, with the staff token', async () => {
    fake.on(
      'GET /api/manager/payouts.csv',
      () =>
        new Response('payout_id\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="payouts-2026-11-22.csv"',
          },
        }),
    );
    const created = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const { user } = renderApp('/manager/payouts?status=PAID&q=maya');
    await screen.findAllByTestId('payout-row');
    await user.click(screen.getByTestId('payouts-export'));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const asked = urls('/api/manager/payouts.csv').map((url) =>
      Object.fromEntries(url.searchParams.entries()),
    );
    expect(asked).toEqual([{ status: 'PAID', q: 'maya' }]);
    expect(new Headers(fake.lastInit('GET /api/manager/payouts.csv')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
  });

  it('filters by status in the URL; All sends no status', async () => {
    const { user, router } = renderApp('/manager/payouts');
    await screen.findAllByTestId('payout-row');
    await user.click(screen.getByRole('tab', { name: /Rejected by manager/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=MANAGER_REJECTED'));
    await waitFor(() =>
      expect(queueQueries().at(-1)).toEqual({ status: 'MANAGER_REJECTED', page: '1', length: '20' }),
    );
    await user.click(screen.getByRole('tab', { name: /^All/ }));
    await waitFor(() => expect(queueQueries().at(-1)).toEqual({ page: '1', length: '20' }));
    expect(router.state.location.search).toBe('?status=all');
    expect(screen.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between filters with the arrow keys', async () => {
    const { user, router } = renderApp('/manager/payouts');
    await screen.findAllByTestId('payout-row');
    screen.getByRole('tab', { name: /Waiting/ }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?status=PENDING'));
    expect(screen.getByRole('tab', { name: /Pending approval/ })).toHaveFocus();
  });

  it('searches once typing pauses, keeps the search in the URL and starts again at page 1', async () => {
    const { user, router } = renderApp('/manager/payouts?status=PAID&page=2');
    await screen.findAllByTestId('payout-row');
    expect(queueQueries()).toEqual([{ status: 'PAID', page: '2', length: '20' }]);
    await user.type(screen.getByRole('searchbox', { name: 'Search payouts' }), 'maya');
    await waitFor(() => expect(router.state.location.search).toBe('?status=PAID&q=maya'));
    await waitFor(() =>
      expect(queueQueries().at(-1)).toEqual({ status: 'PAID', q: 'maya', page: '1', length: '20' }),
    );
    // One search for the whole word, not one per key.
    expect(queueQueries().filter((query) => query.q)).toHaveLength(1);
  });

  it('restores filter, search and page from the URL (reload, back)', async () => {
    renderApp('/manager/payouts?status=IN_REVIEW&q=INV-2026&page=2');
    await screen.findAllByTestId('payout-row');
    expect(queueQueries()).toEqual([{ status: 'IN_REVIEW', q: 'INV-2026', page: '2', length: '20' }]);
    expect(screen.getByRole('searchbox', { name: 'Search payouts' })).toHaveValue('INV-2026');
    expect(screen.getByRole('tab', { name: /In review/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('payouts-pager-status')).toHaveTextContent('Page 2 of 3');
  });

  it('pages with the pager', async () => {
    const { user, router } = renderApp('/manager/payouts');
    await screen.findAllByTestId('payout-row');
    await user.click(screen.getByTestId('payouts-pager-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(queueQueries().at(-1)).toEqual({ status: 'open', page: '2', length: '20' }));
    expect(await screen.findByText('Partner 201')).toBeInTheDocument();
  });

  it('shows a table on wide screens, and a row opens its payout', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    fake.on('GET /api/manager/payouts', () =>
      jsonResponse(
        200,
        page([
          row(31, {
            status: 'MANAGER_IN_REVIEW',
            status_label: 'In Review',
            stage: 'manager',
            amount: 812.4,
            paypal_state: 'failed',
            earnings_count: 9,
          }),
        ]),
      ),
    );
    fake.on('GET /api/manager/payouts/31', () => jsonResponse(200, { data: detail({}, { id: 31 }) }));
    const { user, router } = renderApp('/manager/payouts?q=partner');
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Partner', 'Amount', 'Status', 'Stage', 'Requested', 'Earnings', 'PayPal']);
    const cells = within(within(table).getByTestId('payout-row')).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Partner 31 · payout #31partner31@example.com',
      '$812.40',
      'Manager review',
      'Manager approval',
      'Mar 2, 2026',
      '9',
      'Failed',
    ]);
    await user.click(within(table).getByRole('link', { name: /Partner 31/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/payouts/31'));
    // Back to the queue keeps its search.
    expect(await screen.findByTestId('back-to-queue')).toHaveAttribute('href', '/manager/payouts?q=partner');
  });

  it('shows cards on a phone, and a card opens its payout', async () => {
    fake.on('GET /api/manager/payouts/101', () => jsonResponse(200, { data: detail({}, { id: 101 }) }));
    const { user, router } = renderApp('/manager/payouts');
    const cards = await screen.findAllByTestId('payout-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards[0]).toHaveTextContent('Partner 101');
    expect(cards[0]).toHaveTextContent('$201.00');
    expect(cards[0]).toHaveTextContent('Pending approval');
    expect(cards[0]).toHaveTextContent('3 earnings');
    expect(cards[0]).toHaveTextContent('PayPal: Not sent');
    await user.click(within(cards[0]!).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/payouts/101'));
  });

  it('says when a search finds nothing, and when the queue cannot load', async () => {
    fake.on('GET /api/manager/payouts', ({ url }) =>
      url.searchParams.get('q')
        ? jsonResponse(200, page([]))
        : jsonResponse(500, { code: 500, message: 'Internal Server Error', id: 'e1' }),
    );
    const first = renderApp('/manager/payouts?q=nobody');
    expect(await screen.findByTestId('payouts-empty')).toHaveTextContent('No payouts match “nobody”');
    first.unmount();
    renderApp('/manager/payouts');
    expect(await screen.findByTestId('payouts-error')).toHaveTextContent('The payouts could not be loaded.');
  });

  it('is in French with French money and labels', async () => {
    await i18n.changeLanguage('fr');
    fake.on('GET /api/manager/payouts', () => jsonResponse(200, page([row(5, { amount: 1234.56 })])));
    renderApp('/manager/payouts');
    const card = await screen.findByTestId('payout-row');
    expect(card.textContent?.replace(/\s/g, ' ')).toContain('1 234,56 $');
    expect(screen.getByRole('heading', { level: 1, name: 'Paiements' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /En attente/ })).toBeInTheDocument();
  });
});

describe('payout page', () => {
  function serve(data: PayoutDetail) {
    fake.on('GET /api/manager/payouts/12', () => jsonResponse(200, { data }));
  }

  it('shows the amount, status, stage, partner, earnings with adjustments in red, and the history', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    serve(
      detail({
        history: [
          entry({
            at: '2026-03-02T15:00:00Z',
            from: null,
            to: 'PENDING',
            actor: 'Maya Tremblay (partner)',
            actor_kind: 'partner',
            reason: null,
          }),
          entry({
            at: '2026-03-03T09:30:00Z',
            from: 'PENDING',
            to: 'IN_REVIEW',
            actor: 'Sam Reviewer',
            actor_kind: 'staff',
            reason: 'Checking order #1001',
          }),
        ],
      }),
    );
    renderApp('/manager/payouts/12');
    expect(await screen.findByTestId('payout-amount')).toHaveTextContent('$180.50');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payout #12 · Maya Tremblay');
    await waitFor(() => expect(document.title).toBe('Payout #12 · Sunbite Partners'));
    const summary = screen.getByTestId('payout-summary');
    expect(within(summary).getByTestId('payout-status')).toHaveTextContent('Pending approval');
    expect(within(summary).getByTestId('stage')).toHaveTextContent('Review');
    const partner = screen.getByTestId('partner');
    expect(partner).toHaveTextContent('maya@example.com');
    expect(within(partner).getByTestId('partner-paypal')).toHaveTextContent('maya.pay@example.com');
    expect(within(partner).getByTestId('partner-verified')).toHaveTextContent('Yes');
    expect(partner).toHaveTextContent('Canada');
    expect(within(partner).getByTestId('partner-lifetime')).toHaveTextContent('$1,234.56');
    const rows = within(screen.getByTestId('earnings')).getAllByTestId('earning-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Sale#1001');
    expect(within(rows[1]!).getByTestId('earning-amount')).toHaveTextContent('-$10.00');
    expect(within(rows[1]!).getByTestId('earning-amount').className).toMatch(/text-red/);
    expect(within(rows[0]!).getByTestId('earning-amount').className).not.toMatch(/text-red/);
    const history = screen.getAllByTestId('history-entry');
    expect(history[0]).toHaveTextContent('Requested');
    expect(history[0]).toHaveTextContent('Maya Tremblay (partner)');
    expect(history[1]).toHaveTextContent('Pending approvaltoIn review');
    expect(history[1]).toHaveTextContent('Sam Reviewer');
    expect(within(history[1]!).getByTestId('history-reason')).toHaveTextContent('Checking order #1001');
    expect(screen.getByTestId('signals-none')).toBeInTheDocument();
    expect(screen.queryByTestId('threshold-note')).toBeNull();
  });

  it('sums the earnings by kind and shows the first ones, then all on demand', async () => {
    const many: PayoutDetail['earnings'] = Array.from({ length: 12 }, (_, index) => ({
      id: index + 1,
      kind: index === 0 ? 'adjustment' : 'sale',
      order_number: String(2000 + index),
      date: '2026-02-01T10:00:00Z',
      product: 'ACV Gummies',
      amount: index === 0 ? -2.5 : 0.1,
      status: 'IN_PAYOUT',
    }));
    serve(detail({ earnings: many }, { amount: 8.5 }));
    const { user } = renderApp('/manager/payouts/12');
    const summary = await screen.findByTestId('earnings-by-kind');
    // Eleven times 0.10 is 1.10 exactly: summed in cents.
    expect(summary).toHaveTextContent('Adjustment · 1-$2.50Sale · 11$1.10Total$8.50');
    expect(screen.getAllByTestId('earning-row')).toHaveLength(10);
    expect(within(screen.getByTestId('earnings')).getAllByTestId('status-badge')[0]).toHaveTextContent(
      'In this payout',
    );
    await user.click(screen.getByRole('button', { name: 'Show all 12 earnings' }));
    expect(screen.getAllByTestId('earning-row')).toHaveLength(12);
    expect(screen.getByTestId('earnings-toggle')).toHaveAttribute('aria-expanded', 'true');
  });

  it('names the partner and the system in the page’s language in the history', async () => {
    await i18n.changeLanguage('fr');
    serve(
      detail({
        history: [
          entry({
            at: '2026-03-02T15:00:00Z',
            from: null,
            to: 'PENDING',
            actor: 'Maya Tremblay (partner)',
            actor_kind: 'partner',
            reason: null,
          }),
          entry({
            at: '2026-03-04T15:00:00Z',
            from: 'PENDING',
            to: 'IN_REVIEW',
            actor: 'system',
            actor_kind: 'system',
            reason: null,
          }),
        ],
      }),
    );
    renderApp('/manager/payouts/12');
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries[0]).toHaveTextContent('Maya Tremblay (partenaire)');
    expect(entries[1]).toHaveTextContent('Automatique');
  });

  it('highlights fraud signals when there are any', async () => {
    serve(
      detail({
        signals: {
          self_purchase: [
            { order_number: '1005', date: '2026-02-10T10:00:00Z', customer_email: 'maya@example.com' },
          ],
          own_voucher_orders: 2,
          in_review_earnings: 3,
          in_review_amount: 45,
        },
      }),
    );
    renderApp('/manager/payouts/12');
    const signals = await screen.findByTestId('signals');
    expect(signals.className).toMatch(/amber/);
    expect(within(signals).getByTestId('signal-self-purchase')).toHaveTextContent(
      '1 order bought with the partner’s own e-mail',
    );
    expect(within(signals).getByTestId('signal-self-purchase')).toHaveTextContent('#1005');
    expect(within(signals).getByTestId('signal-own-voucher')).toHaveTextContent(
      '2 orders used the partner’s own vouchers',
    );
    expect(within(signals).getByTestId('signal-in-review')).toHaveTextContent(
      '3 earnings in review ($45.00)',
    );
    expect(screen.queryByTestId('signals-none')).toBeNull();
  });

  it('says a manager approval follows for a payout above the threshold', async () => {
    serve(detail({}, { amount: 720 }));
    renderApp('/manager/payouts/12');
    expect(await screen.findByTestId('threshold-note')).toHaveTextContent(
      'Above the manager threshold of $500.00: after your approval, a manager approves it too.',
    );
  });

  it('offers only the actions the server lists', async () => {
    serve(detail({ actions: [] }, { status: 'PAID', status_label: 'Paid', stage: 'closed' }));
    renderApp('/manager/payouts/12');
    expect(await screen.findByTestId('no-actions')).toHaveTextContent('This payout is closed');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('downloads the invoice with the staff token', async () => {
    serve(detail());
    fake.on(
      'GET /api/manager/invoices/7/pdf',
      () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="INV-2026-000012.pdf"',
          },
        }),
    );
    // jsdom has no object URLs: stand-ins for this test only.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:invoice');
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download}|${this.getAttribute('href')}`);
    });
    const { user } = renderApp('/manager/payouts/12');
    expect(await screen.findByTestId('invoice-number')).toHaveTextContent('INV-2026-000012');
    await user.click(screen.getByRole('button', { name: 'Download PDF · INV-2026-000012' }));
    await waitFor(() => expect(clicked).toEqual(['INV-2026-000012.pdf|blob:invoice']));
    expect(new Headers(fake.lastInit('GET /api/manager/invoices/7/pdf')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('application/pdf');
  });

  it('approves with the status on screen, then shows the answer', async () => {
    serve(detail());
    fake.on('POST /api/manager/payouts/12/review', () =>
      jsonResponse(200, {
        data: detail(
          { actions: [] },
          { status: 'APPROVED', status_label: 'Payment Pending', stage: 'payment' },
        ),
      }),
    );
    const { user } = renderApp('/manager/payouts/12');
    await user.click(await screen.findByTestId('action-approve'));
    const dialog = screen.getByRole('dialog', { name: 'Approve payout #12 of $180.50 to Maya Tremblay?' });
    expect(dialog).toHaveTextContent('It is then sent through PayPal to maya.pay@example.com.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.lastBody('POST /api/manager/payouts/12/review')).toEqual({
      action: 'approve',
      expected_status: 'PENDING',
    });
    expect(within(screen.getByTestId('payout-summary')).getByTestId('payout-status')).toHaveTextContent(
      'Approved',
    );
    expect(screen.getByTestId('no-actions')).toBeInTheDocument();
  });

  it('rejects only with a reason, and can mark the earnings fraudulent', async () => {
    serve(detail());
    fake.on('POST /api/manager/payouts/12/review', () =>
      jsonResponse(200, {
        data: detail({ actions: [] }, { status: 'REJECTED', status_label: 'Rejected', stage: 'closed' }),
      }),
    );
    const { user } = renderApp('/manager/payouts/12');
    await user.click(await screen.findByTestId('action-reject'));
    const dialog = screen.getByRole('dialog', { name: 'Reject payout #12 of $180.50' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls()).not.toContain('POST /api/manager/payouts/12/review');
    await user.type(reason, '  Self-purchases  ');
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'Mark the earnings as fraudulent: they will not return to the partner’s balance',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.lastBody('POST /api/manager/payouts/12/review')).toEqual({
      action: 'reject',
      reason: 'Self-purchases',
      fraudulent: true,
      expected_status: 'PENDING',
    });
  });

  it('sends back to review only with a reason', async () => {
    serve(detail({}, { status: 'APPROVED', status_label: 'Payment Pending', stage: 'payment' }));
    fake.on('POST /api/manager/payouts/12/review', () => jsonResponse(200, { data: detail() }));
    const { user } = renderApp('/manager/payouts/12');
    await user.click(await screen.findByTestId('action-review'));
    const dialog = screen.getByRole('dialog', { name: 'Send payout #12 back to review' });
    await user.click(within(dialog).getByRole('button', { name: 'Send back to review' }));
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'PayPal e-mail looks wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Send back to review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.lastBody('POST /api/manager/payouts/12/review')).toEqual({
      action: 'review',
      reason: 'PayPal e-mail looks wrong',
      expected_status: 'APPROVED',
    });
  });

  it('marks paid only with a reference', async () => {
    serve(
      detail(
        { actions: ['mark_paid', 'review'], paypal_configured: false },
        { status: 'APPROVED', status_label: 'Payment Pending', stage: 'payment' },
      ),
    );
    fake.on('POST /api/manager/payouts/12/mark-paid', () =>
      jsonResponse(200, {
        data: detail(
          { actions: [], paypal_configured: false },
          { status: 'PAID', status_label: 'Paid', stage: 'closed', reference: 'TX-55' },
        ),
      }),
    );
    const { user } = renderApp('/manager/payouts/12');
    expect(await screen.findByTestId('paypal-off')).toBeInTheDocument();
    await user.click(screen.getByTestId('action-mark_paid'));
    const dialog = screen.getByRole('dialog', { name: 'Mark payout #12 of $180.50 as paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(within(dialog).getByText('Give the payment reference.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Payment reference'), 'TX-55');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.lastBody('POST /api/manager/payouts/12/mark-paid')).toEqual({
      reference: 'TX-55',
      expected_status: 'APPROVED',
    });
    expect(await screen.findByTestId('payout-reference')).toHaveTextContent('TX-55');
  });

  it('on a 409 says someone else changed it and shows the payout as it now is', async () => {
    let gets = 0;
    fake.on('GET /api/manager/payouts/12', () => {
      gets += 1;
      return jsonResponse(200, {
        data:
          gets === 1
            ? detail()
            : detail({ actions: [] }, { status: 'REJECTED', status_label: 'Rejected', stage: 'closed' }),
      });
    });
    const message = 'This payout was changed by someone else. Reload to see its current status.';
    fake.on('POST /api/manager/payouts/12/review', () => jsonResponse(409, { code: 409, message }));
    const { user } = renderApp('/manager/payouts/12');
    await user.click(await screen.findByTestId('action-approve'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByTestId('payout-stale')).toHaveTextContent(message);
    expect(screen.getByTestId('payout-stale')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(within(screen.getByTestId('payout-summary')).getByTestId('payout-status')).toHaveTextContent(
        'Rejected',
      ),
    );
    expect(gets).toBe(2);
  });

  it('keeps the dialog open with the server’s message on a 403, and the field’s on a 422', async () => {
    serve(detail());
    let answer = jsonResponse(403, { code: 403, message: 'Your role may not act on this stage.' });
    fake.on('POST /api/manager/payouts/12/review', () => answer);
    const { user } = renderApp('/manager/payouts/12');
    await user.click(await screen.findByTestId('action-approve'));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your role may not act on this stage.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    answer = jsonResponse(422, {
      code: 422,
      message: 'The given data was invalid.',
      errors: { reason: ['The reason is too short.'] },
    });
    await user.click(screen.getByTestId('action-review'));
    const review = screen.getByRole('dialog');
    expect(within(review).queryByRole('alert')).toBeNull();
    await user.type(within(review).getByLabelText('Reason'), 'x');
    await user.click(within(review).getByRole('button', { name: 'Send back to review' }));
    expect(await within(review).findByText('The reason is too short.')).toBeInTheDocument();
    expect(within(review).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
  });

  it('closes a dialog with Escape and keeps Tab inside it', async () => {
    serve(detail());
    const { user } = renderApp('/manager/payouts/12');
    const opener = await screen.findByTestId('action-reject');
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('says when there is no such payout', async () => {
    fake.on('GET /api/manager/payouts/99', () => jsonResponse(404, { code: 404, message: 'Not Found' }));
    renderApp('/manager/payouts/99');
    expect(await screen.findByTestId('payout-error')).toHaveTextContent('There is no payout #99.');
  });
});
