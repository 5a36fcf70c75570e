import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogs } from '../../../../common/i18n';
import { i18n } from '../../../lib/i18n';
import { storeManagerToken } from '../../../lib/session';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { ImportAnswer, ImportSummary, RejectedLine } from './marketplace-api';

let fake: FakeApi;

function staffAs(role: string) {
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, { data: { id: 3, email: 'mona@sunbite.example', name: 'Mona Manager', role } }),
  );
}

function summary(id: number, overrides: Partial<ImportSummary> = {}): ImportSummary {
  return {
    id,
    filename: `earnings-${id}.tsv`,
    created_at: '2026-10-31T14:05:00Z',
    imported_by: { id: 3, name: 'Mona Manager', email: 'mona@sunbite.example' },
    rows_imported: 12,
    duplicates_skipped: 0,
    rows_rejected: 0,
    currency: 'USD',
    ...overrides,
  };
}

/** The currency settings as GET /api/manager/settings/currency answers them. */
const currencySettings = (
  rates: { currency: string; rate: string }[] = [{ currency: 'CAD', rate: '0.7312' }],
) => ({
  data: {
    currency: 'USD',
    can_change: false,
    currencies: ['USD', 'CAD', 'EUR', 'GBP', 'AUD', 'MXN'],
    rates: rates.map((r) => ({ ...r, set_at: '2026-10-01T09:00:00Z', orders_waiting: 0 })),
    waiting: [],
  },
});

const page = (rows: ImportSummary[], overrides: Record<string, number> = {}) => ({
  data: rows,
  current_page: 1,
  per_page: 20,
  last_page: 1,
  total: rows.length,
  ...overrides,
});

const REPORT = [
  'Fee-Earnings reports from 2026-10-01 to 2026-10-31',
  'Category\tName\tASIN\tSeller\tTracking ID\tDate Shipped\tPrice($)\tItems Shipped\tReturns\tRevenue($)\tAd Fees($)\tDevice Type Group',
  'Health\tSunbite ACV Gummies\tB0CSB1ACV1\tAmazon.com\tsunbite1-20\t2026-10-03\t24.99\t2\t0\t49.98\t4.99\tDESKTOP',
].join('\n');

const reportFile = (name = 'october.tsv', content: BlobPart = REPORT, type = '') =>
  new File([content], name, { type });

const LINE: RejectedLine = {
  line: 5,
  reason: 'No partner has the tracking ID “someone-else-20”',
  code: 'unknown_tracking_id',
};

function answer(overrides: Partial<ImportAnswer> = {}): ImportAnswer {
  return {
    import_id: 41,
    already_imported: false,
    imported: 2,
    duplicates: 1,
    rejected: [LINE],
    import: summary(41, {
      filename: 'october.tsv',
      rows_imported: 2,
      duplicates_skipped: 1,
      rows_rejected: 1,
    }),
    ...overrides,
  };
}

beforeEach(() => {
  fake = installFakeApi();
  staffAs('manager');
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
  fake.on('GET /api/manager/marketplace/imports', () => jsonResponse(200, page([])));
  fake.on('GET /api/manager/settings/currency', () => jsonResponse(200, currencySettings()));
});

describe('the marketplace section', () => {
  it('is in a manager’s navigation, with its title', async () => {
    renderApp('/manager/marketplace');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    expect(within(nav).getByRole('link', { name: 'Amazon imports' })).toHaveAttribute(
      'href',
      '/manager/marketplace',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Amazon imports' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Amazon imports · Sunbite Partners'));
  });

  it('is not a reviewer’s: no link, and a deep link says the role does not open it', async () => {
    staffAs('reviewer');
    renderApp('/manager/marketplace');
    expect(await screen.findByTestId('manager-forbidden')).toHaveTextContent('Manager');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    expect(within(nav).queryByRole('link', { name: 'Amazon imports' })).toBeNull();
    expect(fake.calls()).not.toContain('GET /api/manager/marketplace/imports');
  });
});

describe('the upload', () => {
  it('sends the chosen report as the body and shows what it did: rows imported, duplicates skipped, the bad line with its number', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    let sent: { url: URL; init: RequestInit } | null = null;
    fake.on('PUT /api/manager/marketplace/imports', ({ url, init }) => {
      sent = { url, init };
      return jsonResponse(200, { data: answer() });
    });
    const { user } = renderApp('/manager/marketplace');
    expect(await screen.findByTestId('imports-empty')).toHaveTextContent('No import yet');
    const file = reportFile();
    await user.upload(screen.getByTestId('report-file'), file);
    expect(await screen.findByTestId('report-chosen')).toHaveTextContent('october.tsv (1 KB)');
    await user.click(screen.getByTestId('report-submit'));

    const result = await screen.findByTestId('import-result');
    expect(within(result).getByRole('heading', { name: 'Report imported' })).toHaveFocus();
    expect(within(result).getByTestId('result-imported')).toHaveTextContent('2');
    expect(within(result).getByTestId('result-duplicates')).toHaveTextContent('1');
    expect(within(result).getByTestId('result-rejected')).toHaveTextContent('1');
    expect(result).toHaveTextContent('no sale counts twice');
    const line = within(result).getByTestId('rejected-line');
    expect(line).toHaveAttribute('data-line', '5');
    expect(line).toHaveTextContent('5');
    expect(line).toHaveTextContent('No partner has the tracking ID “someone-else-20”');

    // The file itself went, as tab-separated text, named, with the staff token.
    expect(sent).not.toBeNull();
    const { url, init } = sent!;
    expect(url.searchParams.get('filename')).toBe('october.tsv');
    expect(init.body).toBe(file);
    const headers = new Headers(init.headers);
    expect(headers.get('Content-Type')).toBe('text/tab-separated-values');
    expect(headers.get('Authorization')).toBe('Bearer staff-token');
    // The list is read again, so the new import heads it.
    await waitFor(() =>
      expect(fake.calls().filter((c) => c === 'GET /api/manager/marketplace/imports')).toHaveLength(2),
    );
    await user.click(within(result).getByTestId('import-result-dismiss'));
    expect(screen.queryByTestId('import-result')).toBeNull();
  });

  it('is busy while the server imports: one click, one upload', async () => {
    let release: (response: Response) => void = () => {};
    fake.on(
      'PUT /api/manager/marketplace/imports',
      () => new Promise<Response>((resolve) => (release = resolve)),
    );
    const { user } = renderApp('/manager/marketplace');
    await user.upload(await screen.findByTestId('report-file'), reportFile());
    await screen.findByTestId('report-chosen');
    await user.click(screen.getByTestId('report-submit'));
    const button = screen.getByTestId('report-submit');
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveTextContent('Importing…');
    expect(screen.getByTestId('report-file')).toBeDisabled();
    release(jsonResponse(200, { data: answer({ rejected: [], duplicates: 0 }) }));
    expect(await screen.findByTestId('result-none-rejected')).toHaveTextContent('No line was rejected.');
    expect(fake.calls().filter((c) => c === 'PUT /api/manager/marketplace/imports')).toHaveLength(1);
    expect(button).toBeEnabled();
  });

  it('says when the same file was imported before: when, by whom, nothing changed', async () => {
    fake.on('PUT /api/manager/marketplace/imports', () =>
      jsonResponse(200, {
        data: answer({
          already_imported: true,
          imported: 0,
          duplicates: 0,
          rejected: [],
          import: summary(7, { filename: 'october.tsv', created_at: '2026-11-02T10:00:00Z' }),
        }),
      }),
    );
    const { user } = renderApp('/manager/marketplace');
    await user.upload(await screen.findByTestId('report-file'), reportFile());
    await screen.findByTestId('report-chosen');
    await user.click(screen.getByTestId('report-submit'));
    expect(await screen.findByTestId('import-already')).toHaveTextContent(
      'This file was imported on Nov 2, 2026 by Mona Manager: nothing changed.',
    );
    expect(screen.getByRole('heading', { name: 'Already imported' })).toBeInTheDocument();
    expect(screen.queryByTestId('result-imported')).toBeNull();
  });

  it('refuses, before sending, a file of another type, one over 5 MB, and one that is not text, with the server’s words', async () => {
    renderApp('/manager/marketplace');
    const zone = await screen.findByTestId('report-dropzone');
    const drop = (file: File) => fireEvent.drop(zone, { dataTransfer: { files: [file] } });

    drop(reportFile('earnings.pdf', '%PDF-1.7', 'application/pdf'));
    expect(await screen.findByTestId('report-problem')).toHaveTextContent(
      'Send the report as tab- or comma-separated text: a .tsv, .csv or .txt file',
    );
    expect(screen.getByTestId('report-file')).toHaveAttribute('aria-invalid', 'true');

    const big = reportFile('big.tsv');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    drop(big);
    await waitFor(() =>
      expect(screen.getByTestId('report-problem')).toHaveTextContent(
        'This report is larger than 5 MB: export a shorter period',
      ),
    );

    // A UTF-16 export: a NUL in every other byte.
    const utf16 = new Uint8Array([...REPORT].flatMap((c) => [c.charCodeAt(0) & 0xff, 0]));
    drop(reportFile('utf16.tsv', utf16));
    await waitFor(() =>
      expect(screen.getByTestId('report-problem')).toHaveTextContent(
        'This file is not text: export the report as tab-separated text',
      ),
    );
    drop(reportFile('empty.txt', ''));
    await waitFor(() => expect(screen.getByTestId('report-problem')).toHaveTextContent('This file is empty'));
    expect(screen.queryByTestId('report-chosen')).toBeNull();

    // Nothing chosen: the button says so.
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('report-problem')).toHaveTextContent('Choose a report first.'),
    );
    expect(fake.calls()).not.toContain('PUT /api/manager/marketplace/imports');

    // A good one dropped clears the problem.
    drop(reportFile('november.txt', REPORT, 'text/plain'));
    expect(await screen.findByTestId('report-chosen')).toHaveTextContent('november.txt');
    expect(screen.queryByTestId('report-problem')).toBeNull();
  });

  it('takes the comma-separated download too: a .csv goes as comma-separated text', async () => {
    let type: string | null = null;
    fake.on('PUT /api/manager/marketplace/imports', ({ init }) => {
      type = new Headers(init.headers).get('Content-Type');
      return jsonResponse(200, { data: answer({ rejected: [], duplicates: 0 }) });
    });
    const { user } = renderApp('/manager/marketplace');
    const card = await screen.findByTestId('report-upload');
    expect(card).toHaveTextContent('tab- or comma-separated text (.tsv, .csv or .txt), up to 5 MB');
    expect(screen.getByTestId('report-file')).toHaveAttribute('accept', expect.stringContaining('.csv'));
    // Windows names a .csv a spreadsheet: the name decides.
    const csv = REPORT.replaceAll('\t', ',');
    fireEvent.drop(screen.getByTestId('report-dropzone'), {
      dataTransfer: { files: [reportFile('november.csv', csv, 'application/vnd.ms-excel')] },
    });
    expect(await screen.findByTestId('report-chosen')).toHaveTextContent('november.csv');
    expect(screen.queryByTestId('report-problem')).toBeNull();
    await user.click(screen.getByTestId('report-submit'));
    expect(await screen.findByTestId('result-none-rejected')).toBeInTheDocument();
    expect(type).toBe('text/csv');
  });

  it('shows each refused line with its reason, in the language asked, on the result and in the import’s lines', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    // The server's words (api.marketplace.reasons of both catalogs) in the language asked for.
    const say = (
      locale: 'en' | 'fr',
      line: number,
      code: keyof typeof catalogs.en.portal.api.marketplace.reasons,
      value: string,
      earlier = '',
    ) => ({
      line,
      code,
      reason: catalogs[locale].portal.api.marketplace.reasons[code]
        .replace('{{value}}', value)
        .replace('{{earlier}}', earlier),
    });
    const said = (locale: 'en' | 'fr') => [
      say(locale, 4, 'return_exceeds', '-999,999.99', locale === 'fr' ? '49,98' : '49.98'),
      say(locale, 5, 'return_without_sale', '-24.99'),
      say(locale, 6, 'decimal_comma', '24,99'),
      say(locale, 7, 'future_date', '2026-12-24'),
    ];
    const reasons = { en: said('en'), fr: said('fr') };
    expect(reasons.en[0]!.reason).toBe(
      'A return of “-999,999.99” is more than this partner’s earlier lines on this tracking ID brought in, net of returns (49.98)',
    );
    expect(reasons.fr[3]!.reason).toBe('Date à venir\u00a0: «\u00a02026-12-24\u00a0»');
    const lang = (init: RequestInit) =>
      new Headers(init.headers).get('Accept-Language') === 'fr' ? 'fr' : 'en';
    const refused = summary(41, { filename: 'november.tsv', rows_imported: 2, rows_rejected: 4 });
    fake.on('PUT /api/manager/marketplace/imports', ({ init }) =>
      jsonResponse(200, { data: answer({ rejected: reasons[lang(init)], duplicates: 0, import: refused }) }),
    );
    fake.on('GET /api/manager/marketplace/imports', () => jsonResponse(200, page([refused])));
    fake.on('GET /api/manager/marketplace/imports/41', ({ init }) =>
      jsonResponse(200, {
        data: reasons[lang(init)],
        current_page: 1,
        per_page: 50,
        last_page: 1,
        total: 4,
        import: refused,
      }),
    );
    const { user } = renderApp('/manager/marketplace');
    await user.upload(await screen.findByTestId('report-file'), reportFile('november.tsv'));
    await screen.findByTestId('report-chosen');
    await user.click(screen.getByTestId('report-submit'));
    const result = await screen.findByTestId('import-result');
    expect(within(result).getByTestId('result-rejected')).toHaveTextContent('4');
    const shown = () =>
      within(screen.getByTestId('import-result'))
        .getAllByTestId('rejected-line')
        .map((l) => [l.getAttribute('data-line'), l.getAttribute('data-code'), l.textContent]);
    expect(shown()).toEqual(reasons.en.map((r) => [String(r.line), r.code, `${r.line}${r.reason}`]));

    // In French: the upload asks for French words, and the import's lines read them again.
    await i18n.changeLanguage('fr');
    await user.upload(screen.getByTestId('report-file'), reportFile('november.tsv'));
    await screen.findByTestId('report-chosen');
    await user.click(screen.getByTestId('report-submit'));
    await waitFor(() =>
      expect(shown()).toEqual(reasons.fr.map((r) => [String(r.line), r.code, `${r.line}${r.reason}`])),
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Lignes refusées' })).toBeInTheDocument();
    await user.click(await screen.findByTestId('imports-toggle'));
    const opened = await screen.findByTestId('import-lines');
    await waitFor(() => expect(within(opened).getAllByTestId('rejected-line')).toHaveLength(4));
    expect(opened.textContent).toContain(reasons.fr[0]!.reason);
    expect(opened.textContent).toContain(reasons.fr[3]!.reason);
  });

  it('shows the server’s refusal when it refuses the file', async () => {
    fake.on('PUT /api/manager/marketplace/imports', () =>
      jsonResponse(413, {
        code: 413,
        message: 'This report is larger than 5 MB: export a shorter period',
        errors: { file: ['This report is larger than 5 MB: export a shorter period'] },
      }),
    );
    const { user } = renderApp('/manager/marketplace');
    await user.upload(await screen.findByTestId('report-file'), reportFile());
    await screen.findByTestId('report-chosen');
    await user.click(screen.getByTestId('report-submit'));
    expect(await screen.findByTestId('report-refused')).toHaveTextContent('This report is larger than 5 MB');
    expect(screen.queryByTestId('import-result')).toBeNull();
    // The session goes on: a refusal is not a sign-out.
    expect(screen.getByRole('heading', { level: 1, name: 'Amazon imports' })).toBeInTheDocument();
  });
});

describe('the report’s currency', () => {
  const options = () =>
    within(screen.getByTestId('report-currency'))
      .getAllByRole('option')
      .map((o) => [o.getAttribute('value'), o.textContent]);

  it('is the program currency unless another is chosen, then the Amazon stores’ currencies, each saying its rate', async () => {
    let sent: URL | null = null;
    fake.on('PUT /api/manager/marketplace/imports', ({ url }) => {
      sent = url;
      return jsonResponse(200, { data: answer({ rejected: [], duplicates: 0 }) });
    });
    const { user } = renderApp('/manager/marketplace');
    const select = await screen.findByRole('combobox', { name: 'Report currency' });
    await waitFor(() => expect(select).toHaveValue('USD'));
    expect(options()).toEqual([
      ['USD', 'USD — program currency · amazon.com'],
      ['CAD', 'CAD — rate 0.7312 · amazon.ca'],
      ['GBP', 'GBP — no rate set · amazon.co.uk'],
      ['EUR', 'EUR — no rate set · amazon.de, amazon.fr'],
      ['AUD', 'AUD — no rate set · amazon.com.au'],
      ['MXN', 'MXN — no rate set · amazon.com.mx'],
    ]);
    expect(screen.getByTestId('report-currency-hint')).toHaveTextContent('read as they are, in USD');
    await user.upload(screen.getByTestId('report-file'), reportFile());
    await screen.findByTestId('report-chosen');
    await user.click(screen.getByTestId('report-submit'));
    expect(await screen.findByTestId('import-result-currency')).toHaveTextContent('Report in USD');
    expect(sent!.searchParams.get('currency')).toBe('USD');
  });

  it('sends the chosen currency with the report: an amazon.ca report in CAD, converted at its rate', async () => {
    let sent: URL | null = null;
    fake.on('PUT /api/manager/marketplace/imports', ({ url }) => {
      sent = url;
      return jsonResponse(200, {
        data: answer({
          rejected: [],
          duplicates: 0,
          import: summary(41, { filename: 'october.tsv', currency: 'CAD' }),
        }),
      });
    });
    const { user } = renderApp('/manager/marketplace');
    const select = await screen.findByRole('combobox', { name: 'Report currency' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'CAD');
    expect(screen.getByTestId('report-currency-hint')).toHaveTextContent(
      'converted into USD at the rate set in Settings: 1 CAD = 0.7312 USD',
    );
    await user.upload(screen.getByTestId('report-file'), reportFile());
    await screen.findByTestId('report-chosen');
    expect(screen.getByTestId('report-submit')).toBeEnabled();
    await user.click(screen.getByTestId('report-submit'));
    expect(await screen.findByTestId('import-result-currency')).toHaveTextContent('Report in CAD');
    expect(sent!.searchParams.get('currency')).toBe('CAD');
    expect(sent!.searchParams.get('filename')).toBe('october.tsv');
    // The choice stays for the next report of the same store.
    expect(select).toHaveValue('CAD');
  });

  it('says before sending that a currency has no rate, sends nothing, and links an admin to the settings', async () => {
    staffAs('admin');
    const { user } = renderApp('/manager/marketplace');
    const select = await screen.findByRole('combobox', { name: 'Report currency' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.upload(screen.getByTestId('report-file'), reportFile());
    await screen.findByTestId('report-chosen');
    await user.selectOptions(select, 'GBP');
    const notice = await screen.findByTestId('report-currency-no-rate');
    expect(notice).toHaveTextContent('No rate is set for GBP: a report in it can’t be imported yet.');
    const link = within(notice).getByRole('link', { name: 'Set one in Settings' });
    expect(link).toHaveAttribute('href', '/manager/settings?rate=GBP#currency-rates');
    const button = screen.getByTestId('report-submit');
    expect(button).toBeDisabled();
    fireEvent.submit(button.closest('form')!);
    expect(fake.calls()).not.toContain('PUT /api/manager/marketplace/imports');
    // Back to a currency with a rate: the report may go.
    await user.selectOptions(select, 'CAD');
    expect(screen.queryByTestId('report-currency-no-rate')).toBeNull();
    expect(button).toBeEnabled();
  });

  it('tells a manager an admin sets the rate (the settings are an admin’s)', async () => {
    renderApp('/manager/marketplace');
    const select = await screen.findByRole('combobox', { name: 'Report currency' });
    await waitFor(() => expect(select).toBeEnabled());
    fireEvent.change(select, { target: { value: 'MXN' } });
    const notice = await screen.findByTestId('report-currency-no-rate');
    expect(notice).toHaveTextContent('An admin sets it in Settings.');
    expect(within(notice).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('report-submit')).toBeDisabled();
  });

  it('shows the server’s refusal for the currency (a rate removed since), in the language asked', async () => {
    let rates = [{ currency: 'CAD', rate: '0.7312' }];
    fake.on('GET /api/manager/settings/currency', () => jsonResponse(200, currencySettings(rates)));
    fake.on('PUT /api/manager/marketplace/imports', ({ init }) => {
      const french = new Headers(init.headers).get('Accept-Language') === 'fr';
      rates = [];
      return jsonResponse(422, {
        code: 422,
        message: french ? 'Les données envoyées ne sont pas valides.' : 'The given data was invalid.',
        errors: {
          currency: [
            french ? 'Fixez d’abord un taux pour cette devise' : 'Set a rate for this currency first',
          ],
        },
      });
    });
    await i18n.changeLanguage('fr');
    const { user } = renderApp('/manager/marketplace');
    const select = await screen.findByRole('combobox', { name: 'Devise du rapport' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'CAD');
    await user.upload(screen.getByTestId('report-file'), reportFile());
    await screen.findByTestId('report-chosen');
    await user.click(screen.getByTestId('report-submit'));
    const field = screen.getByTestId('report-currency-field');
    await waitFor(() => expect(field).toHaveTextContent('Fixez d’abord un taux pour cette devise'));
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('report-refused')).toBeNull();
    expect(screen.queryByTestId('import-result')).toBeNull();
    // The rates are read again: CAD has none now, which the card says before another try.
    expect(await screen.findByTestId('report-currency-no-rate')).toHaveTextContent(
      'Aucun taux n’est fixé pour CAD',
    );
    expect(screen.getByTestId('report-submit')).toBeDisabled();
    // The file is still chosen, to send again once a rate is set.
    expect(screen.getByTestId('report-chosen')).toHaveTextContent('october.tsv');
  });

  it('sends the report in the program currency when the currencies cannot be read', async () => {
    let sent: URL | null = null;
    fake.on('GET /api/manager/settings/currency', () =>
      jsonResponse(500, { code: 500, message: 'Whoops', id: 'x' }),
    );
    fake.on('PUT /api/manager/marketplace/imports', ({ url }) => {
      sent = url;
      return jsonResponse(200, { data: answer({ rejected: [], duplicates: 0 }) });
    });
    const { user } = renderApp('/manager/marketplace');
    await waitFor(() =>
      expect(screen.getByTestId('report-currency-hint')).toHaveTextContent(
        'The currencies could not be loaded',
      ),
    );
    expect(screen.getByTestId('report-currency')).toBeDisabled();
    await user.upload(screen.getByTestId('report-file'), reportFile());
    await screen.findByTestId('report-chosen');
    await user.click(screen.getByTestId('report-submit'));
    await screen.findByTestId('import-result');
    expect(sent!.searchParams.has('currency')).toBe(false);
  });
});

describe('the past imports', () => {
  const withLines = summary(9, {
    filename: 'september.tsv',
    rows_imported: 40,
    duplicates_skipped: 3,
    rows_rejected: 2,
    currency: 'CAD',
  });
  const clean = summary(8, { filename: 'august.tsv', imported_by: null, currency: null });
  const lines = (id: number, rows: RejectedLine[], total = rows.length, current = 1, last = 1) => ({
    data: rows,
    current_page: current,
    per_page: 50,
    last_page: last,
    total,
    import: id === 9 ? withLines : clean,
  });

  it('lists them newest first as a table, and opens one to its rejected lines', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    fake.on('GET /api/manager/marketplace/imports', () => jsonResponse(200, page([withLines, clean])));
    fake.on('GET /api/manager/marketplace/imports/9', () =>
      jsonResponse(
        200,
        lines(9, [
          { line: 3, reason: 'Not a date: “2026-13-40”', code: 'date' },
          { line: 7, reason: 'Not an amount: “lots”', code: 'amount' },
        ]),
      ),
    );
    const { user } = renderApp('/manager/marketplace');
    const table = await screen.findByTestId('imports-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'File', 'By', 'Imported', 'Duplicates', 'Rejected', 'Rejected lines']);
    expect(screen.getByTestId('imports-total')).toHaveTextContent('2 imports');
    const rows = within(table).getAllByTestId('imports-row');
    expect(rows.map((r) => within(r).getByTestId('imports-file').textContent)).toEqual([
      'september.tsv',
      'august.tsv',
    ]);
    expect(rows[0]).toHaveTextContent('Mona Manager');
    expect(within(rows[0]!).getByTestId('imports-imported')).toHaveTextContent('40');
    expect(within(rows[0]!).getByTestId('imports-duplicates')).toHaveTextContent('3');
    expect(within(rows[0]!).getByTestId('imports-currency')).toHaveTextContent('Currency: CAD');
    // An import from before currencies were chosen: the program's.
    expect(within(rows[1]!).getByTestId('imports-currency')).toHaveTextContent('USD');
    expect(rows[1]).toHaveTextContent('Not recorded');
    expect(within(rows[1]!).getByTestId('imports-rejected')).toHaveTextContent('None');
    expect(within(rows[1]!).queryByTestId('imports-toggle')).toBeNull();

    const toggle = within(rows[0]!).getByTestId('imports-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(rows[0]!).getByTestId('imports-rejected')).toHaveTextContent('2');
    expect(toggle).toHaveAccessibleName(/^Show lines\W+september\.tsv$/);
    expect(fake.calls()).not.toContain('GET /api/manager/marketplace/imports/9');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const opened = await screen.findByTestId('import-lines');
    await waitFor(() => expect(within(opened).getAllByTestId('rejected-line')).toHaveLength(2));
    expect(
      within(opened)
        .getAllByTestId('rejected-line')
        .map((l) => l.getAttribute('data-line')),
    ).toEqual(['3', '7']);
    expect(opened).toHaveTextContent('Not an amount: “lots”');
    expect(
      new Headers(fake.lastInit('GET /api/manager/marketplace/imports/9')?.headers).get('Authorization'),
    ).toBe('Bearer staff-token');
    await user.click(toggle);
    expect(screen.queryByTestId('import-lines')).toBeNull();
  });

  it('shows cards on a phone, pages in the URL, and an old import whose lines were not kept', async () => {
    const old = summary(2, { filename: 'old.tsv', rows_rejected: 4 });
    fake.on('GET /api/manager/marketplace/imports', ({ url }) =>
      jsonResponse(
        200,
        page(url.searchParams.get('page') === '2' ? [old] : [withLines], {
          total: 21,
          last_page: 2,
          current_page: Number(url.searchParams.get('page') ?? 1),
        }),
      ),
    );
    fake.on('GET /api/manager/marketplace/imports/2', () =>
      jsonResponse(200, { ...lines(2, [], 0), import: old }),
    );
    const { user, router } = renderApp('/manager/marketplace');
    expect(await screen.findByTestId('imports-total')).toHaveTextContent('21 imports');
    expect(screen.queryByTestId('imports-table')).toBeNull();
    await user.click(screen.getByTestId('imports-pager-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    const card = (await screen.findByText('old.tsv')).closest<HTMLElement>('[data-testid="imports-row"]')!;
    expect(within(card).getByTestId('imports-currency')).toHaveTextContent('Currency: USD');
    expect(within(card).getByTestId('imports-rejected')).toHaveTextContent('4');
    await user.click(within(card).getByTestId('imports-toggle'));
    expect(await screen.findByTestId('import-lines-not-kept')).toHaveTextContent(
      'only their number is known',
    );
  });

  it('reads the reasons again in French, in French words', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    fake.on('GET /api/manager/marketplace/imports', () => jsonResponse(200, page([withLines])));
    fake.on('GET /api/manager/marketplace/imports/9', ({ init }) => {
      const french = new Headers(init.headers).get('Accept-Language') === 'fr';
      return jsonResponse(
        200,
        lines(9, [
          {
            line: 3,
            reason: french ? 'Date invalide\u202f: «\u00a02026-13-40\u00a0»' : 'Not a date: “2026-13-40”',
            code: 'date',
          },
        ]),
      );
    });
    const { user } = renderApp('/manager/marketplace');
    await user.click(await screen.findByTestId('imports-toggle'));
    expect(await screen.findByTestId('import-lines')).toHaveTextContent('Not a date');
    await i18n.changeLanguage('fr');
    // The server's words as they are, with their French spaces (no-break, thin).
    await waitFor(() =>
      expect(screen.getByTestId('import-lines').textContent).toContain(
        'Date invalide\u202f: «\u00a02026-13-40\u00a0»',
      ),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Importations précédentes' })).toBeInTheDocument();
    expect(screen.getByTestId('imports-toggle')).toHaveTextContent('Masquer les lignes');
  });

  it('says when the list cannot be read, with a retry', async () => {
    let fail = true;
    fake.on('GET /api/manager/marketplace/imports', () =>
      fail
        ? jsonResponse(500, { code: 500, message: 'Whoops', id: 'x' })
        : jsonResponse(200, page([withLines])),
    );
    const { user } = renderApp('/manager/marketplace');
    const error = await screen.findByTestId('imports-error');
    expect(error).toHaveTextContent('The past imports could not be loaded.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('september.tsv')).toBeInTheDocument();
  });
});
