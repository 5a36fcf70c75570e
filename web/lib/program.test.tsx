// The program currency (lib/program.ts): amounts whose caller names no currency are written in
// the one `/api/program` answers, asked for once by the account shell, and a page on screen
// before the answer writes them again when it arrives.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeFormatters } from './format';
import { installFakeApi, signInForTest, TEST_PUBLIC_CLIENT, type FakeApi } from '../test/fake-api';
import { serveOverview } from '../test/overview-fixtures';
import { jsonResponse, renderApp } from '../test/render-app';
import { pagedHandler, saleRow } from '../test/sales-fixtures';
import { i18n } from './i18n';
import { programCurrency, setProgramCurrency } from './program';
import { storeManagerToken } from './session';

const CAD = { data: { currency: 'CAD', time_zone: 'America/Toronto' } };

let fake: FakeApi;
beforeEach(() => {
  signInForTest();
  fake = installFakeApi();
  fake.on(
    'GET /api/getShopifySalesItemsNoVouchers',
    pagedHandler([saleRow(1, { order_amount: 40, commission: 4 })]),
  );
});

describe('the program currency in the formatters', () => {
  it('is US dollars until set, then the default of money and moneyShort; a named currency still wins', () => {
    const en = makeFormatters('en');
    expect(programCurrency()).toBe('USD');
    expect(en.money(12.5)).toBe('$12.50');
    setProgramCurrency('CAD');
    expect(en.money(12.5)).toBe('CA$12.50');
    expect(en.moneyShort(12)).toBe('CA$12');
    expect(makeFormatters('fr').money(12.5)).toBe('12,50\u00a0$');
    expect(makeFormatters('fr').moneyShort(1234)).toBe('1\u00a0234\u00a0$');
    expect(en.money(12.5, 'USD')).toBe('$12.50');
    expect(en.money(12.5, 'EUR')).toBe('€12.50');
  });
});

describe('/api/program in the account', () => {
  it('is asked for once with the public client credential, and the sales list is in its currency', async () => {
    fake.on('GET /api/program', () => jsonResponse(200, CAD));
    renderApp('/account/sales');
    const [row] = await screen.findAllByTestId('sale-row');
    await waitFor(() => expect(row).toHaveTextContent('CA$40.00'));
    expect(row).toHaveTextContent('CA$4.00');
    expect(fake.calls().filter((call) => call === 'GET /api/program')).toHaveLength(1);
    expect(new Headers(fake.lastInit('GET /api/program')?.headers).get('authorization')).toBe(
      `Bearer ${TEST_PUBLIC_CLIENT}`,
    );
  });

  it('writes Canadian dollars the French way', async () => {
    await i18n.changeLanguage('fr');
    fake.on('GET /api/program', () => jsonResponse(200, CAD));
    renderApp('/account/sales');
    const [row] = await screen.findAllByTestId('sale-row');
    // Intl's spaces are no-break ones, which toHaveTextContent would fold.
    await waitFor(() => expect(row!.textContent).toContain('40,00\u00a0$4,00\u00a0$'));
    expect(row!.textContent).not.toContain('$\u00a0US');
  });

  it('writes a page shown before the answer again once it arrives', async () => {
    let answer: (response: Response) => void = () => {};
    fake.on('GET /api/program', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/account/sales');
    const [row] = await screen.findAllByTestId('sale-row');
    expect(row).toHaveTextContent('$40.00');
    expect(row).not.toHaveTextContent('CA$');
    answer(jsonResponse(200, CAD));
    await waitFor(() => expect(row).toHaveTextContent('CA$40.00'));
  });
});

describe('/api/program in the back office', () => {
  it('is asked for as the shell starts, and its section opens once it has answered', async () => {
    let answer: (response: Response) => void = () => {};
    fake.on('GET /api/program', () => new Promise<Response>((resolve) => (answer = resolve)));
    fake.on('GET /api/manager/me', () =>
      jsonResponse(200, {
        data: { id: 1, email: 'dana@sunbite.example', name: 'Dana Admin', role: 'admin' },
      }),
    );
    serveOverview(fake);
    storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
    renderApp('/manager/overview');
    expect(await screen.findByTestId('staff-name')).toHaveTextContent('Dana Admin');
    expect(screen.getByTestId('manager-loading')).toBeInTheDocument();
    answer(jsonResponse(200, CAD));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(programCurrency()).toBe('CAD');
    expect(fake.calls().filter((call) => call === 'GET /api/program')).toHaveLength(1);
  });
});
