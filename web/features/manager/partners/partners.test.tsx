import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storeManagerToken } from '../../../lib/session';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type {
  PartnerDetail,
  PartnerListPage,
  PartnerListRow,
  PartnerPromoCode,
  StoreSync,
} from '../partners-api';

let fake: FakeApi;
const UUID = '5b0e8a8e-2f1c-4f4e-9a51-1d0c3f2a7e10';

function staffAs(role: string) {
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, { data: { id: 3, email: `${role}@sunbite.example`, name: `Sam ${role}`, role } }),
  );
}

function row(index: number, overrides: Partial<PartnerListRow> = {}): PartnerListRow {
  return {
    uuid: `uuid-${index}`,
    email: `partner${index}@example.com`,
    first_name: 'Partner',
    last_name: String(index),
    country: 'CA',
    verified: true,
    created_at: '2026-01-15T15:00:00Z',
    codes: [`CODE${index}`],
    status: 'active',
    sales: 1234.5,
    commissions: 123.45,
    verified_sales: 12,
    currency: 'USD',
    ...overrides,
  };
}

function page(rows: PartnerListRow[], current = 1, last = 1, total = rows.length): PartnerListPage {
  return { data: rows, current_page: current, per_page: 20, last_page: last, total };
}

function sync(state: StoreSync['state'], overrides: Partial<StoreSync> = {}): StoreSync {
  return { state, store_id: null, message: null, attempts: 0, updated_at: null, ...overrides };
}

function code(
  name: string,
  store_sync: StoreSync,
  overrides: Partial<PartnerPromoCode> = {},
): PartnerPromoCode {
  return { code: name, value: 15, commission_rate: 10, store_sync, ...overrides };
}

function partner(overrides: Partial<PartnerDetail> = {}): PartnerDetail {
  return {
    uuid: UUID,
    email: 'maya@example.com',
    first_name: 'Maya',
    last_name: 'Tremblay',
    country: 'CA',
    verified: true,
    created_at: '2025-11-03T14:00:00Z',
    last_login_dt: '2026-03-02T15:30:00Z',
    paypal_email: 'maya.pay@example.com',
    promo_codes: [code('MAYA15', sync('created', { store_id: '1459876543210', attempts: 1 }))],
    status: 'active',
    locale: 'en',
    subpartner: null,
    commission: {
      rate: 10,
      source: 'tier',
      override: null,
      verified_sales: 3,
      tier: { min_sales: 0, rate: 10 },
      next_tier: { min_sales: 25, rate: 15 },
    },
    referral_commission: { amount: 5, type: 'percent' },
    referrer: null,
    referrals_count: 0,
    figures: {
      currency: 'USD',
      orders: 4,
      sales: 210,
      sales_by_region: { CA: 150, US: 60, OTHER: 0 },
      average_order: 52.5,
      this_month: { orders: 1, sales: 40 },
      last_month: { orders: 2, sales: 100 },
      commissions: 21,
      balances: { pending: 4, payable: 10, in_payout: 0, paid: 7, in_review: 0, rejected: 0 },
    },
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
  staffAs('reviewer');
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
});

describe('partners list', () => {
  beforeEach(() => {
    fake.on('GET /api/manager/partners', ({ url }) => {
      const current = Number(url.searchParams.get('page') ?? 1);
      return jsonResponse(200, page([row(current * 100 + 1), row(current * 100 + 2)], current, 3, 45));
    });
  });

  it('is in the navigation of every role, after payouts', async () => {
    renderApp('/manager/partners');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    // Other sections a reviewer opens (the overview) may come before; partners follow payouts.
    expect(links.slice(links.indexOf('/manager/payouts'), links.indexOf('/manager/partners') + 1)).toEqual([
      '/manager/payouts',
      '/manager/partners',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Partners' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Partners · Sunbite Partners'));
  });

  it('asks for the first page, 20 a page, with the staff token, and says how many there are', async () => {
    renderApp('/manager/partners');
    expect(await screen.findAllByTestId('partner-row')).toHaveLength(2);
    expect(listQueries()).toEqual([{ page: '1', length: '20' }]);
    expect(new Headers(fake.lastInit('GET /api/manager/partners')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
    expect(screen.getByTestId('partners-total')).toHaveTextContent('45 partners');
  });

  it('searches once typing pauses, keeps the search in the URL and starts again at page 1', async () => {
    const { user, router } = renderApp('/manager/partners?page=2');
    await screen.findAllByTestId('partner-row');
    expect(listQueries()).toEqual([{ page: '2', length: '20' }]);
    await user.type(screen.getByRole('searchbox', { name: 'Search partners' }), 'MAYA15');
    await waitFor(() => expect(router.state.location.search).toBe('?q=MAYA15'));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ q: 'MAYA15', page: '1', length: '20' }));
    // One search for the whole word, not one per key.
    expect(listQueries().filter((query) => query.q)).toHaveLength(1);
  });

  it('restores the search and the page from the URL, and pages with the pager', async () => {
    const { user, router } = renderApp('/manager/partners?q=maya&page=2');
    await screen.findAllByTestId('partner-row');
    expect(listQueries()).toEqual([{ q: 'maya', page: '2', length: '20' }]);
    expect(screen.getByRole('searchbox', { name: 'Search partners' })).toHaveValue('maya');
    expect(screen.getByTestId('partners-pager-status')).toHaveTextContent('Page 2 of 3');
    await user.click(screen.getByTestId('partners-pager-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=maya&page=3'));
    expect(await screen.findByText('Partner 301')).toBeInTheDocument();
  });

  it('shows a table on wide screens, and a row opens the partner; back keeps the search', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    fake.on('GET /api/manager/partners', () =>
      jsonResponse(
        200,
        page([
          row(7, {
            uuid: UUID,
            first_name: 'Maya',
            last_name: 'Tremblay',
            email: 'maya@example.com',
            codes: ['MAYA15', 'MAYAVIP'],
            verified: false,
          }),
          row(8, { country: null, codes: [] }),
        ]),
      ),
    );
    fake.on(`GET /api/manager/partners/${UUID}`, () => jsonResponse(200, { data: partner() }));
    const { user, router } = renderApp('/manager/partners?q=maya');
    const table = await screen.findByRole('table', { name: 'Partners' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Partner',
      'Promo codes',
      'Country',
      'E-mail',
      // The columns that order the list say so to screen readers; the list is newest first.
      'Sales↓sort by this column',
      'Commissions↓sort by this column',
      'Signed up↓sorted descending',
    ]);
    const rows = within(table).getAllByTestId('partner-row');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Maya Tremblaymaya@example.com',
      'MAYA15MAYAVIP',
      'Canada',
      'Not verified',
      '$1,234.50',
      '$123.45',
      'Jan 15, 2026',
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Partner 8partner8@example.com',
      'No code',
      '—',
      'Verified',
      '$1,234.50',
      '$123.45',
      'Jan 15, 2026',
    ]);
    await user.click(within(table).getByRole('link', { name: 'Maya Tremblay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manager/partners/${UUID}`));
    expect(await screen.findByTestId('back-to-partners')).toHaveAttribute('href', '/manager/partners?q=maya');
  });

  it('shows cards on a phone', async () => {
    renderApp('/manager/partners');
    const cards = await screen.findAllByTestId('partner-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards[0]).toHaveTextContent('Partner 101');
    expect(cards[0]).toHaveTextContent('partner101@example.com');
    expect(cards[0]).toHaveTextContent('CODE101');
    expect(cards[0]).toHaveTextContent('Signed up Jan 15, 2026');
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/manager/partners/uuid-101');
  });

  it('says when there are no partners, and when a search finds none', async () => {
    fake.on('GET /api/manager/partners', () => jsonResponse(200, page([])));
    const first = renderApp('/manager/partners');
    expect(await screen.findByTestId('partners-empty')).toHaveTextContent('No partners yet');
    first.unmount();
    renderApp('/manager/partners?q=nobody');
    expect(await screen.findByTestId('partners-empty')).toHaveTextContent('No partners match “nobody”');
  });

  it('says when the list cannot load, and loads it again on retry', async () => {
    let fail = true;
    fake.on('GET /api/manager/partners', () =>
      fail
        ? jsonResponse(500, { code: 500, message: 'Internal Server Error', id: 'e1' })
        : jsonResponse(200, page([row(1)])),
    );
    const { user } = renderApp('/manager/partners');
    const error = await screen.findByTestId('partners-error');
    expect(error).toHaveTextContent('The partners could not be loaded.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('partner-row')).toHaveLength(1);
  });

  it('is in French', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/manager/partners');
    const cards = await screen.findAllByTestId('partner-row');
    expect(screen.getByRole('heading', { level: 1, name: 'Partenaires' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Inscription le 15 janv. 2026');
    expect(screen.getByTestId('partners-total')).toHaveTextContent('45 partenaires');
  });
});

describe('partner page', () => {
  function serve(data: PartnerDetail) {
    fake.on(`GET /api/manager/partners/${UUID}`, () => jsonResponse(200, { data }));
  }
  const codeItem = (name: string) =>
    screen.getAllByTestId('promo-code').find((item) => item.getAttribute('data-code') === name)!;

  it('shows the profile and a back link to the list', async () => {
    serve(partner());
    renderApp(`/manager/partners/${UUID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Tremblay' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Maya Tremblay · Partners · Sunbite Partners'));
    expect(screen.getByTestId('partner-email')).toHaveAttribute('href', 'mailto:maya@example.com');
    const profile = screen.getByTestId('partner-card-profile');
    expect(within(profile).getByTestId('profile-country')).toHaveTextContent('Canada');
    expect(within(profile).getByTestId('profile-verified')).toHaveTextContent('Verified');
    expect(within(profile).getByTestId('profile-signed-up')).toHaveTextContent('Nov 3, 2025');
    expect(within(profile).getByTestId('profile-last-login')).toHaveTextContent('Mar 2, 2026');
    expect(within(profile).getByTestId('profile-paypal')).toHaveTextContent('maya.pay@example.com');
    expect(screen.getByTestId('back-to-partners')).toHaveAttribute('href', '/manager/partners');
    expect(
      new Headers(fake.lastInit(`GET /api/manager/partners/${UUID}`)?.headers).get('Authorization'),
    ).toBe('Bearer staff-token');
  });

  it('says what is missing: no sign-in yet, no PayPal e-mail, no country, no code', async () => {
    serve(
      partner({ last_login_dt: null, paypal_email: null, country: null, verified: false, promo_codes: [] }),
    );
    renderApp(`/manager/partners/${UUID}`);
    const profile = await screen.findByTestId('partner-card-profile');
    expect(within(profile).getByTestId('profile-last-login')).toHaveTextContent('Never');
    expect(within(profile).getByTestId('profile-paypal')).toHaveTextContent('Not given');
    expect(within(profile).getByTestId('profile-country')).toHaveTextContent('—');
    expect(within(profile).getByTestId('profile-verified')).toHaveTextContent('Not verified');
    expect(screen.getByTestId('no-promo-codes')).toHaveTextContent('This partner has no promo code.');
  });

  it('shows each code with its discount, commission and store-sync state', async () => {
    serve(
      partner({
        promo_codes: [
          code('MAYA15', sync('created', { store_id: '1459876543210', attempts: 1 })),
          code(
            'MAYA20',
            sync('pending', { attempts: 2, message: 'Throttled', updated_at: '2026-03-02T15:00:00Z' }),
            {
              value: 20,
              commission_rate: 12.5,
            },
          ),
          code('MAYAOFF', sync('off')),
          code(
            'MAYAX',
            sync('failed', {
              message: 'Discount code must be unique',
              attempts: 3,
              updated_at: '2026-03-02T16:00:00Z',
            }),
          ),
        ],
      }),
    );
    renderApp(`/manager/partners/${UUID}`);
    await screen.findByTestId('partner-card-codes');
    const badge = (name: string) => within(codeItem(name)).getByTestId('sync-badge');

    expect(within(codeItem('MAYA15')).getByTestId('code-discount')).toHaveTextContent('15%');
    expect(within(codeItem('MAYA15')).getByTestId('code-commission')).toHaveTextContent('10%');
    expect(badge('MAYA15')).toHaveTextContent('Created in the store');
    expect(badge('MAYA15')).toHaveAttribute('data-state', 'created');
    expect(within(codeItem('MAYA15')).getByTestId('store-id')).toHaveTextContent('Store ID: 1459876543210');

    expect(within(codeItem('MAYA20')).getByTestId('code-discount')).toHaveTextContent('20%');
    expect(within(codeItem('MAYA20')).getByTestId('code-commission')).toHaveTextContent('12.5%');
    expect(badge('MAYA20')).toHaveTextContent('Waiting to be created in the store');
    expect(within(codeItem('MAYA20')).queryByTestId('store-id')).toBeNull();
    expect(within(codeItem('MAYA20')).getByTestId('store-message')).toHaveTextContent(
      'Last attempt: Throttled',
    );
    expect(within(codeItem('MAYA20')).getByTestId('sync-meta')).toHaveTextContent(
      '2 attempts · Updated Mar 2, 2026',
    );

    expect(badge('MAYAOFF')).toHaveTextContent('Store sync not configured');
    expect(within(codeItem('MAYAOFF')).queryByTestId('sync-meta')).toBeNull();

    expect(badge('MAYAX')).toHaveTextContent('Store creation failed');
    expect(within(codeItem('MAYAX')).getByTestId('store-message')).toHaveTextContent(
      'Discount code must be unique',
    );
    expect(within(codeItem('MAYAX')).getByTestId('sync-meta')).toHaveTextContent(
      '3 attempts · Updated Mar 2, 2026',
    );
    // Only a failed code can be retried.
    for (const name of ['MAYA15', 'MAYA20', 'MAYAOFF'])
      expect(within(codeItem(name)).queryByTestId('sync-retry')).toBeNull();
  });

  const failed = () =>
    partner({
      promo_codes: [
        code('MAYA15', sync('created', { store_id: '111' })),
        code('MAYAX', sync('failed', { message: 'Discount code must be unique', attempts: 3 })),
      ],
    });

  it('offers a manager to push a code made before the push was configured', async () => {
    staffAs('manager');
    serve(partner({ promo_codes: [code('MAYAOLD', sync('not_pushed'))] }));
    renderApp(`/manager/partners/${UUID}`);
    await screen.findByTestId('partner-card-codes');
    expect(within(codeItem('MAYAOLD')).getByTestId('sync-badge')).toHaveTextContent('Not in the store yet');
    expect(within(codeItem('MAYAOLD')).getByTestId('sync-retry')).toHaveTextContent('Push to the store');
  });

  it('offers no retry to a reviewer', async () => {
    serve(failed());
    renderApp(`/manager/partners/${UUID}`);
    await screen.findByTestId('partner-card-codes');
    expect(within(codeItem('MAYAX')).getByTestId('sync-badge')).toHaveAttribute('data-state', 'failed');
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(codeItem('MAYAX')).getByTestId('retry-not-allowed')).toHaveTextContent(
      'A manager or an administrator can retry or push a code.',
    );
  });

  it.each(['manager', 'admin'])('lets a %s retry a failed code, then shows its new state', async (role) => {
    staffAs(role);
    let current = failed();
    fake.on(`GET /api/manager/partners/${UUID}`, () => jsonResponse(200, { data: current }));
    fake.on(`POST /api/manager/partners/${UUID}/promo-codes/MAYAX/store-sync`, () => {
      const entry = code('MAYAX', sync('pending', { attempts: 3, updated_at: '2026-03-05T10:00:00Z' }));
      current = { ...current, promo_codes: [current.promo_codes[0]!, entry] };
      return jsonResponse(202, { data: entry });
    });
    const { user } = renderApp(`/manager/partners/${UUID}`);
    await screen.findByTestId('partner-card-codes');
    const reads = () => fake.calls().filter((call) => call === `GET /api/manager/partners/${UUID}`).length;
    const readsBefore = reads();
    await user.click(within(codeItem('MAYAX')).getByRole('button', { name: 'Retry · MAYAX' }));
    await waitFor(() =>
      expect(within(codeItem('MAYAX')).getByTestId('sync-badge')).toHaveAttribute('data-state', 'pending'),
    );
    expect(fake.calls()).toContain(`POST /api/manager/partners/${UUID}/promo-codes/MAYAX/store-sync`);
    expect(
      new Headers(
        fake.lastInit(`POST /api/manager/partners/${UUID}/promo-codes/MAYAX/store-sync`)?.headers,
      ).get('Authorization'),
    ).toBe('Bearer staff-token');
    expect(codeItem('MAYAX')).toHaveTextContent('Waiting to be created in the store');
    expect(within(codeItem('MAYAX')).queryByTestId('sync-retry')).toBeNull();
    expect(within(codeItem('MAYAX')).queryByTestId('store-message')).toBeNull();
    // The partner is read again after the retry.
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
  });

  it('shows the server’s message when the code is no longer failed (409), and where it now stands', async () => {
    staffAs('manager');
    let current = failed();
    fake.on(`GET /api/manager/partners/${UUID}`, () => jsonResponse(200, { data: current }));
    fake.on(`POST /api/manager/partners/${UUID}/promo-codes/MAYAX/store-sync`, () => {
      current = {
        ...current,
        promo_codes: [
          current.promo_codes[0]!,
          code('MAYAX', sync('created', { store_id: '222', attempts: 4 })),
        ],
      };
      return jsonResponse(409, { code: 409, message: 'This code is not waiting for a retry.' });
    });
    const { user } = renderApp(`/manager/partners/${UUID}`);
    await screen.findByTestId('partner-card-codes');
    await user.click(within(codeItem('MAYAX')).getByTestId('sync-retry'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not waiting for a retry.');
    await waitFor(() =>
      expect(within(codeItem('MAYAX')).getByTestId('sync-badge')).toHaveAttribute('data-state', 'created'),
    );
    expect(within(codeItem('MAYAX')).getByTestId('retry-error')).toHaveTextContent(
      'This code is not waiting for a retry.',
    );
  });

  it('says when the partner does not exist, and when it cannot load', async () => {
    fake.on(`GET /api/manager/partners/${UUID}`, () =>
      jsonResponse(404, { code: 404, message: 'Not Found' }),
    );
    const first = renderApp(`/manager/partners/${UUID}`);
    expect(await screen.findByTestId('partner-not-found')).toHaveTextContent('No partner has this id');
    expect(screen.getByTestId('back-to-partners')).toBeInTheDocument();
    first.unmount();
    fake.on(`GET /api/manager/partners/${UUID}`, () =>
      jsonResponse(500, { code: 500, message: 'Internal Server Error', id: 'e2' }),
    );
    renderApp(`/manager/partners/${UUID}`);
    const error = await screen.findByTestId('partner-error');
    expect(error).toHaveTextContent('This partner could not be loaded.');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('ends the staff session on a 401', async () => {
    fake.on(`GET /api/manager/partners/${UUID}`, () =>
      jsonResponse(401, { code: 401, message: 'Not Authorized' }),
    );
    const { router } = renderApp(`/manager/partners/${UUID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/login'));
  });

  it('is in French, with French percentages and dates', async () => {
    await i18n.changeLanguage('fr');
    serve(
      partner({
        promo_codes: [
          code('MAYAX', sync('failed', { message: 'Code déjà utilisé', attempts: 2 }), {
            commission_rate: 12.5,
          }),
        ],
      }),
    );
    renderApp(`/manager/partners/${UUID}`);
    const item = await screen.findByTestId('promo-code');
    expect(screen.getByRole('heading', { level: 2, name: 'Codes promo' })).toBeInTheDocument();
    expect(within(item).getByTestId('sync-badge')).toHaveTextContent('Échec de la création dans la boutique');
    expect(within(item).getByTestId('code-commission').textContent?.replace(/\s/g, ' ')).toBe('12,5 %');
    expect(within(item).getByTestId('sync-meta')).toHaveTextContent('2 tentatives');
    expect(screen.getByTestId('profile-signed-up')).toHaveTextContent('3 nov. 2025');
  });
});
