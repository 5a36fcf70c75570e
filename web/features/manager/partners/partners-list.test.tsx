// The partner list's filters, order and export (issue 13): each in the URL, sent to the API, and
// the CSV asked for with the same filters and order.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storeManagerToken } from '../../../lib/session';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { PartnerListRow } from '../partners-api';

let fake: FakeApi;

function row(index: number, overrides: Partial<PartnerListRow> = {}): PartnerListRow {
  return {
    uuid: `uuid-${index}`,
    email: `partner${index}@example.com`,
    first_name: 'Partner',
    last_name: String(index),
    country: 'CA',
    verified: true,
    status: 'active',
    created_at: '2026-01-15T15:00:00Z',
    codes: [`CODE${index}`],
    sales: 100 * index,
    commissions: 10 * index,
    verified_sales: index,
    currency: 'USD',
    ...overrides,
  };
}

const listQueries = () =>
  fake.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/manager/partners')
    .map((url) => Object.fromEntries(url.searchParams.entries()));

beforeEach(() => {
  fake = installFakeApi();
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, { data: { id: 3, email: 'rita@sunbite.example', name: 'Rita', role: 'reviewer' } }),
  );
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
  fake.on('GET /api/manager/partners/filters', () =>
    jsonResponse(200, {
      data: {
        tiers: [
          { min_sales: 0, rate: 10 },
          { min_sales: 25, rate: 15 },
        ],
        subpartners: [{ slug: 'glow', name: 'Glow Agency', active: true }],
      },
    }),
  );
  fake.on('GET /api/manager/partners', ({ url }) => {
    const suspended = url.searchParams.get('status') === 'suspended';
    const rows = suspended ? [row(7, { status: 'suspended' })] : [row(1), row(2)];
    return jsonResponse(200, { data: rows, current_page: 1, per_page: 20, last_page: 1, total: rows.length });
  });
});

describe('filters', () => {
  it('puts each filter in the URL and the query, back at page 1, and clears them', async () => {
    const { user, router } = renderApp('/manager/partners?page=2');
    await screen.findAllByTestId('partner-row');
    await user.selectOptions(screen.getByLabelText('Status'), 'suspended');
    await waitFor(() => expect(router.state.location.search).toBe('?status=suspended'));
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ status: 'suspended', page: '1', length: '20' }),
    );
    expect(await screen.findByText('Partner 7')).toBeInTheDocument();
    // A suspended partner says so in the list.
    expect(screen.getByTestId('partner-status')).toHaveTextContent('Suspended');

    await user.selectOptions(screen.getByLabelText('Tier'), '25');
    await user.selectOptions(screen.getByLabelText('Sub-partner'), 'glow');
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    await user.selectOptions(screen.getByLabelText('E-mail'), 'true');
    await user.selectOptions(screen.getByLabelText('PayPal e-mail'), 'false');
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({
        status: 'suspended',
        tier: '25',
        subpartner: 'glow',
        country: 'FR',
        verified: 'true',
        paypal: 'false',
        page: '1',
        length: '20',
      }),
    );
    // The tiers' choices come from the server, with the override's.
    expect(
      within(screen.getByLabelText('Tier'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', '10% · from 0 verified sales', '15% · from 25 verified sales', 'Staff override']);
    await user.click(screen.getByTestId('partners-filters-clear'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', length: '20' }));
  });

  it('restores the filters and the order from the URL', async () => {
    renderApp('/manager/partners?status=active&country=CA&paypal=true&sort=-commissions&q=maya');
    await screen.findAllByTestId('partner-row');
    expect(listQueries()).toEqual([
      {
        q: 'maya',
        status: 'active',
        country: 'CA',
        paypal: 'true',
        sort: '-commissions',
        page: '1',
        length: '20',
      },
    ]);
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(screen.getByLabelText('Country')).toHaveValue('CA');
    expect(screen.getByLabelText('PayPal e-mail')).toHaveValue('true');
    expect(screen.getByLabelText('Sort by')).toHaveValue('-commissions');
  });

  it('says when the filters keep nobody', async () => {
    fake.on('GET /api/manager/partners', () =>
      jsonResponse(200, { data: [], current_page: 1, per_page: 20, last_page: 1, total: 0 }),
    );
    renderApp('/manager/partners?verified=false');
    expect(await screen.findByText('No partners match these filters')).toBeInTheDocument();
    expect(screen.queryByTestId('partners-export')).toBeNull();
  });

  it('folds the filters under one button on a phone, which counts those on', async () => {
    stubMatchMedia(() => false);
    const { user } = renderApp('/manager/partners?status=active&country=CA');
    await screen.findAllByTestId('partner-row');
    const toggle = screen.getByTestId('partners-filters-toggle');
    expect(toggle).toHaveTextContent('Filters (2)');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Cards show each partner's sales and commissions.
    const [first] = screen.getAllByTestId('partner-row');
    expect(within(first!).getByTestId('row-sales')).toHaveTextContent('$100.00');
    expect(within(first!).getByTestId('row-commissions')).toHaveTextContent('$10.00');
  });
});

describe('order', () => {
  it('orders by the select and by the table’s headers, both ways', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    const { user, router } = renderApp('/manager/partners');
    const table = await screen.findByRole('table', { name: 'Partners' });
    expect(within(table).getByRole('columnheader', { name: /Signed up/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), '-sales');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-sales'));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ sort: '-sales', page: '1', length: '20' }));
    expect(within(table).getByRole('columnheader', { name: /Sales/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // The active column's header turns the order round; another column starts from the largest.
    await user.click(screen.getByTestId('sort-sales'));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ sort: 'sales', page: '1', length: '20' }));
    await user.click(screen.getByTestId('sort-commissions'));
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ sort: '-commissions', page: '1', length: '20' }),
    );
    // Newest first is the default: it leaves the URL bare.
    await user.click(screen.getByTestId('sort-created'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const cells = within(within(table).getAllByTestId('partner-row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toContain('$200.00');
    expect(cells.map((cell) => cell.textContent)).toContain('$20.00');
  });
});

describe('export', () => {
  it('downloads the CSV with the list’s filters and order, with the staff token', async () => {
    fake.on(
      'GET /api/manager/partners.csv',
      () =>
        new Response('uuid,first_name\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="partners-2026-11-26.csv"',
          },
        }),
    );
    const created = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const { user } = renderApp('/manager/partners?status=suspended&sort=-sales&q=maya&page=3');
    await screen.findAllByTestId('partner-row');
    await user.click(screen.getByTestId('partners-export'));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const asked = fake.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/manager/partners.csv')
      .map((url) => Object.fromEntries(url.searchParams.entries()));
    // Every page: no page in the export's query.
    expect(asked).toEqual([{ q: 'maya', status: 'suspended', sort: '-sales' }]);
    expect(new Headers(fake.lastInit('GET /api/manager/partners.csv')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
  });

  it('says so when the export fails', async () => {
    fake.on('GET /api/manager/partners.csv', () =>
      jsonResponse(500, { code: 500, message: 'Whoops', id: 'x' }),
    );
    const { user } = renderApp('/manager/partners');
    await screen.findAllByTestId('partner-row');
    await user.click(screen.getByTestId('partners-export'));
    expect(await screen.findByText('The export could not be downloaded. Try again.')).toBeInTheDocument();
  });
});

describe('in French', () => {
  it('names the filters and the order in French', async () => {
    await i18n.changeLanguage('fr');
    try {
      renderApp('/manager/partners');
      await screen.findAllByTestId('partner-row');
      expect(screen.getByLabelText('Palier')).toBeInTheDocument();
      expect(screen.getByLabelText('Trier par')).toHaveDisplayValue('Inscriptions les plus récentes');
      expect(screen.getByTestId('partners-export')).toHaveTextContent('Exporter en CSV');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
