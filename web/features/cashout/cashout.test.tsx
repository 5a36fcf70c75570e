import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { installFakeSocket, type FakeSockets } from '../../test/fake-socket';
import { jsonResponse, renderApp } from '../../test/render-app';
import { EMPTY_SUMMARY, pagedHandler } from '../../test/sales-fixtures';
import { SALES_QUERY_KEY } from '../../lib/sales-data';
import type { CashoutRow, InvoiceRow, PayMeNowStats } from './cashout-api';

let fake: FakeApi;
let sockets: FakeSockets;
let stats: PayMeNowStats;
let invoices: InvoiceRow[];

const cashout = (id: number, overrides: Partial<CashoutRow> = {}): CashoutRow => ({
  id,
  amount: 80,
  currency: 'USD',
  status: 'PENDING',
  status_label: 'Pending Approval',
  date: '2026-03-02T15:00:00.000Z',
  paid_at: null,
  reason: null,
  invoice: { id, number: `INV-2026-${String(id).padStart(6, '0')}`, pdf_url: `/api/invoices/${id}/pdf` },
  ...overrides,
});

const invoice = (id: number, overrides: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id,
  number: `INV-2026-${String(id).padStart(6, '0')}`,
  amount: 30 + id,
  status: 'PAID',
  status_label: 'Paid',
  date: `2026-02-${String(id).padStart(2, '0')}T12:00:00.000Z`,
  pdf_url: `/api/invoices/${id}/pdf`,
  payout_id: id,
  paid_at: `2026-02-${String(id + 1).padStart(2, '0')}T12:00:00.000Z`,
  ...overrides,
});

/** A partner who can cash out $75.50 now. */
const READY: PayMeNowStats = {
  payable_balance: 75.5,
  pending_balance: 40,
  in_payout_balance: 0,
  next_payable_at: '2026-03-20T00:00:00.000Z',
  minimum: 25,
  currency: 'USD',
  paypal_email: 'maya@paypal.example',
  paypal_hold_until: null,
  can_request: true,
  blockers: [],
  open_payout: null,
  lifetime_paid: 150,
  recent_cashouts: [],
  latest_paid: null,
};

const count = (route: string) => fake.calls().filter((call) => call === route).length;

// jsdom has no object URLs; the download only needs them to exist.
const objectUrls = { created: [] as Blob[] };
URL.createObjectURL = (blob: Blob) => {
  objectUrls.created.push(blob);
  return `blob:http://localhost/${objectUrls.created.length}`;
};
URL.revokeObjectURL = () => undefined;

beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi();
  sockets = installFakeSocket();
  stats = { ...READY };
  invoices = [];
  objectUrls.created.length = 0;
  fake.on('GET /api/getPayMeNowStats', () => jsonResponse(200, { data: stats }));
  fake.on('GET /api/getInvoices', ({ url }) => pagedHandler(invoices)({ url }));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/account/cashout', () => {
  it('shows the payable balance largest, the pending balance with its date, the minimum and the PayPal e-mail', async () => {
    renderApp('/account/cashout');
    const payable = await screen.findByTestId('cashout-payable');
    expect(payable).toHaveTextContent('$75.50');
    expect(payable).toHaveClass('text-5xl');
    expect(screen.getByRole('heading', { level: 1, name: 'Cash out' })).toBeInTheDocument();
    expect(screen.getByTestId('cashout-minimum')).toHaveTextContent('Minimum cash-out: $25.00');
    expect(screen.getByTestId('cashout-pending')).toHaveTextContent('$40.00');
    expect(screen.getByTestId('cashout-next-payable')).toHaveTextContent(
      'More becomes payable on Mar 20, 2026',
    );
    expect(screen.getByTestId('cashout-lifetime')).toHaveTextContent('$150.00');
    expect(screen.getByTestId('cashout-paypal-email')).toHaveTextContent('maya@paypal.example');
    expect(screen.getByRole('link', { name: 'Change it in Settings' })).toHaveAttribute(
      'href',
      '/account/profile#paypal_email',
    );
    const button = screen.getByRole('button', { name: 'Pay me now' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByTestId(/^cashout-blocker-/)).not.toBeInTheDocument();
    expect(await screen.findByTestId('history-empty')).toHaveTextContent('No cash-outs yet');
    expect(document.title).toMatch(/^Cash out/);
  });

  it('says a new PayPal e-mail holds cash-out, and until when (docs/decisions/063)', async () => {
    stats = {
      ...READY,
      can_request: false,
      blockers: ['paypal_email_recent'],
      paypal_hold_until: '2026-03-23T18:30:00.000Z',
    };
    renderApp('/account/cashout');
    const blocker = await screen.findByTestId('cashout-blocker-paypal_email_recent');
    const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-23T18:30:00.000Z'),
    );
    expect(blocker).toHaveTextContent(
      `Your PayPal e-mail was changed recently. To keep your earnings safe, cash-out opens again on ${until}.`,
    );
    expect(screen.getByRole('button', { name: 'Pay me now' })).toBeDisabled();
  });

  it('explains each unmet rule in plain words and keeps the button disabled with them as its reason', async () => {
    stats = {
      ...READY,
      payable_balance: 12.4,
      paypal_email: null,
      can_request: false,
      blockers: ['payout_open', 'below_minimum', 'paypal_email_missing', 'email_not_verified'],
      open_payout: cashout(7, { amount: 80, status: 'APPROVED', status_label: 'Payment Pending' }),
    };
    fake.on('GET /api/auth/resend_verify_email', () =>
      jsonResponse(200, { data: { message: 'Email sent, please check your mailbox' } }),
    );
    const { user } = renderApp('/account/cashout');
    const button = await screen.findByRole('button', { name: 'Pay me now' });
    // Disabled while the figures load too: wait for the reason the figures give.
    await waitFor(() => expect(button).toHaveAttribute('aria-describedby'));
    expect(button).toBeDisabled();
    const reason = await waitFor(() => {
      const found = document.getElementById(button.getAttribute('aria-describedby')!);
      expect(found).toBeInTheDocument();
      return found!;
    });

    expect(within(reason).getByTestId('cashout-blocker-email_not_verified')).toHaveTextContent(
      'Your e-mail address is not verified yet.',
    );
    expect(within(reason).getByTestId('cashout-blocker-paypal_email_missing')).toHaveTextContent(
      'a payment e-mail must be registered before payment',
    );
    expect(within(reason).getByTestId('cashout-blocker-paypal-link')).toHaveAttribute(
      'href',
      '/account/profile#paypal_email',
    );
    expect(within(reason).getByTestId('cashout-blocker-below_minimum')).toHaveTextContent(
      'You need $12.60 more to reach the $25.00 minimum.',
    );
    expect(within(reason).getByTestId('cashout-blocker-payout_open')).toHaveTextContent(
      'Your cash-out of $80.00 is being processed (Payment Pending).',
    );
    // What the partner can fix comes first.
    expect(
      within(reason)
        .getAllByRole('listitem')
        .map((item) => item.dataset.testid),
    ).toEqual([
      'cashout-blocker-email_not_verified',
      'cashout-blocker-paypal_email_missing',
      'cashout-blocker-below_minimum',
      'cashout-blocker-payout_open',
    ]);
    // Without a PayPal e-mail the card says so and links to the field.
    const paypal = screen.getByTestId('cashout-paypal-missing');
    expect(paypal).toHaveTextContent('No PayPal e-mail yet');
    expect(within(paypal).getByRole('link', { name: 'Add your PayPal e-mail' })).toHaveAttribute(
      'href',
      '/account/profile#paypal_email',
    );

    await user.click(within(reason).getByTestId('cashout-resend'));
    expect(await within(reason).findByTestId('cashout-resend-sent')).toHaveTextContent(
      'Email sent, please check your mailbox',
    );
    expect(count('GET /api/auth/resend_verify_email')).toBe(1);

    // A click on the disabled button asks nothing.
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(count('POST /api/payMeNow')).toBe(0);
  });

  it('shows the open cash-out with its status chip, the reason staff gave, and its invoice', async () => {
    stats = {
      ...READY,
      can_request: false,
      blockers: ['payout_open'],
      open_payout: cashout(12, {
        amount: 64.2,
        status: 'IN_REVIEW',
        status_label: 'In Review',
        reason: 'PayPal returned the payment: the account is not confirmed.',
      }),
    };
    renderApp('/account/cashout');
    const open = await screen.findByTestId('cashout-open');
    expect(within(open).getByTestId('cashout-open-amount')).toHaveTextContent('$64.20');
    const chip = within(open).getByTestId('status-badge');
    expect(chip).toHaveTextContent('In Review');
    expect(chip.className).toMatch(/violet/);
    expect(within(open).getByTestId('cashout-open-reason')).toHaveTextContent(
      'From our team: PayPal returned the payment: the account is not confirmed.',
    );
    expect(open).toHaveTextContent('INV-2026-000012');
    expect(
      within(open).getByRole('button', { name: 'Download invoice INV-2026-000012 (PDF)' }),
    ).toBeEnabled();
  });

  it('confirms the amount and the PayPal e-mail in a dialog that keeps focus and closes on Escape', async () => {
    const { user } = renderApp('/account/cashout');
    const button = await screen.findByRole('button', { name: 'Pay me now' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Cash out $75.50?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByTestId('cashout-dialog-email')).toHaveTextContent('maya@paypal.example');
    expect(dialog).toHaveAccessibleDescription(/We will send \$75\.50 to this PayPal account/);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const send = within(dialog).getByRole('button', { name: 'Send $75.50' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(send).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(send).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(count('POST /api/payMeNow')).toBe(0);
  });

  it('posts the request, says the cash is on the way and shows the new cash-out', async () => {
    fake.on('POST /api/payMeNow', () => {
      const created = cashout(13, { amount: 75.5 });
      stats = {
        ...READY,
        payable_balance: 0,
        can_request: false,
        blockers: ['below_minimum', 'payout_open'],
        open_payout: created,
        recent_cashouts: [created],
      };
      invoices = [
        invoice(13, { amount: 75.5, status: 'PENDING', status_label: 'Pending Approval', paid_at: null }),
      ];
      return jsonResponse(201, { data: created });
    });
    const { user } = renderApp('/account/cashout');
    const button = await screen.findByRole('button', { name: 'Pay me now' });
    await waitFor(() => expect(button).toBeEnabled());
    await screen.findByTestId('history-empty');
    const before = count('GET /api/getPayMeNowStats');
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Send $75.50' }));

    expect(await screen.findByText('Your cash is on the way')).toBeInTheDocument();
    expect(count('POST /api/payMeNow')).toBe(1);
    expect(fake.lastInit('POST /api/payMeNow')?.headers).toBeInstanceOf(Headers);
    expect((fake.lastInit('POST /api/payMeNow')!.headers as Headers).get('Authorization')).toBe(
      'Bearer partner-token',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(count('GET /api/getPayMeNowStats')).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('cashout-payable')).toHaveTextContent('$0.00'));
    expect(await screen.findByTestId('cashout-open')).toHaveTextContent('Pending Approval');
    expect(screen.getByRole('button', { name: 'Pay me now' })).toBeDisabled();
    expect(await screen.findByTestId('history-row')).toHaveTextContent('INV-2026-000013');
  });

  it('shows the server’s message when a rule refuses the request (422), and refreshes the figures', async () => {
    fake.on('POST /api/payMeNow', () =>
      jsonResponse(422, { code: 422, message: 'A payment e-mail must be registered before payment' }),
    );
    const { user } = renderApp('/account/cashout');
    const button = await screen.findByRole('button', { name: 'Pay me now' });
    await waitFor(() => expect(button).toBeEnabled());
    const before = count('GET /api/getPayMeNowStats');
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Send $75.50' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A payment e-mail must be registered before payment',
    );
    expect(screen.queryByText('Your cash is on the way')).not.toBeInTheDocument();
    // The modal alert of the data-error rules is not used: the dialog says it.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(count('GET /api/getPayMeNowStats')).toBeGreaterThan(before));
    // Closing forgets the message.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(button);
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists cash-outs and invoices five to a page, with the sales lists’ pager', async () => {
    invoices = Array.from({ length: 7 }, (_, index) => invoice(index + 1));
    const { user } = renderApp('/account/cashout');
    const history = await screen.findByTestId('cashout-history');
    await waitFor(() => expect(within(history).getAllByTestId('history-row')).toHaveLength(5));
    const table = within(history).getByRole('table', { name: 'Cash-outs and invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Requested', 'Invoice', 'Amount', 'Status', 'PDF']);
    const first = within(history).getAllByTestId('history-row')[0]!;
    expect(first).toHaveTextContent('INV-2026-000001');
    expect(first).toHaveTextContent('$31.00');
    expect(first).toHaveTextContent('Paid on Feb 2, 2026');
    expect(within(first).getByTestId('status-badge').className).toMatch(/emerald/);
    expect(within(history).getByTestId('history-pager-status')).toHaveTextContent('Page 1 of 2');
    expect(within(history).getByTestId('history-pager-prev')).toBeDisabled();

    await user.click(within(history).getByTestId('history-pager-next'));
    await waitFor(() => expect(within(history).getAllByTestId('history-row')).toHaveLength(2));
    expect(within(history).getByTestId('history-pager-status')).toHaveTextContent('Page 2 of 2');
    expect(within(history).getAllByTestId('history-row')[0]).toHaveTextContent('INV-2026-000006');
    const pages = fake.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/getInvoices')
      .map((url) => `${url.searchParams.get('page')}/${url.searchParams.get('length')}`);
    expect(pages).toEqual(['1/5', '2/5']);
  });

  it('downloads an invoice with the partner’s bearer and saves it as <number>.pdf', async () => {
    invoices = [invoice(12)];
    fake.on(
      'GET /api/invoices/12/pdf',
      () =>
        new Response('%PDF-1.4 invoice', {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        }),
    );
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const { user } = renderApp('/account/cashout');
    await user.click(await screen.findByRole('button', { name: 'Download invoice INV-2026-000012 (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ href: 'blob:http://localhost/1', download: 'INV-2026-000012.pdf' });
    const headers = fake.lastInit('GET /api/invoices/12/pdf')!.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer partner-token');
    expect(await objectUrls.created[0]!.text()).toBe('%PDF-1.4 invoice');
  });

  it('says so through the data-error alert when the invoice cannot be had', async () => {
    invoices = [invoice(12)];
    fake.on('GET /api/invoices/12/pdf', () => jsonResponse(404, { code: 404, message: 'Invoice not found' }));
    const { user } = renderApp('/account/cashout');
    await user.click(await screen.findByRole('button', { name: 'Download invoice INV-2026-000012 (PDF)' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Invoice not found');
    expect(objectUrls.created).toHaveLength(0);
  });

  it('shows skeletons while the figures load, not a zero', async () => {
    fake.on('GET /api/getPayMeNowStats', () => new Promise<Response>(() => undefined));
    fake.on('GET /api/getInvoices', () => new Promise<Response>(() => undefined));
    renderApp('/account/cashout');
    expect(await screen.findByTestId('history-loading')).toBeInTheDocument();
    expect(screen.getByTestId('cashout-hero')).toBeInTheDocument();
    expect(screen.queryByTestId('cashout-payable')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay me now' })).toBeDisabled();
  });

  it('speaks French, with Canadian French money', async () => {
    await i18n.changeLanguage('fr');
    stats = {
      ...READY,
      payable_balance: 1234.56,
      can_request: false,
      blockers: ['payout_open'],
      open_payout: cashout(3),
    };
    renderApp('/account/cashout');
    const payable = await screen.findByTestId('cashout-payable');
    expect(payable.textContent?.replace(/\s/g, ' ')).toMatch(/1 234,56 \$ US/);
    expect(screen.getByRole('heading', { level: 1, name: 'Encaisser' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Payez-moi maintenant' })).toBeDisabled();
    expect(screen.getByTestId('cashout-blocker-payout_open').textContent?.replace(/\s/g, ' ')).toMatch(
      /Votre retrait de 80,00 \$ US est en cours de traitement \(En attente d\u2019approbation\)/,
    );
    expect(await screen.findByTestId('history-empty')).toHaveTextContent('Aucun retrait pour l’instant');
  });
});

describe('live push', () => {
  it('shows Paid without a reload when the server pushes payout_changed', async () => {
    const open = cashout(21, { status: 'APPROVED', status_label: 'Payment Pending' });
    stats = {
      ...READY,
      payable_balance: 0,
      can_request: false,
      blockers: ['payout_open'],
      open_payout: open,
    };
    invoices = [
      invoice(21, { amount: 80, status: 'APPROVED', status_label: 'Payment Pending', paid_at: null }),
    ];
    const { queryClient } = renderApp('/account/cashout');
    expect(await screen.findByTestId('cashout-open')).toHaveTextContent('Payment Pending');
    const socket = await waitFor(() => {
      expect(sockets.latest()).toBeDefined();
      return sockets.latest()!;
    });
    act(() => socket.serverEmit('connect'));
    await waitFor(() => expect(count('GET /api/getBellNotifications')).toBeGreaterThan(1));
    const bellBefore = count('GET /api/getBellNotifications');
    // What the dashboard had read before the partner came here.
    queryClient.setQueryData([...SALES_QUERY_KEY, 'summary'], EMPTY_SUMMARY);

    const paid = {
      ...open,
      status: 'PAID' as const,
      status_label: 'Paid',
      paid_at: '2026-03-03T09:00:00.000Z',
    };
    stats = {
      ...READY,
      payable_balance: 0,
      lifetime_paid: 230,
      can_request: false,
      blockers: ['below_minimum'],
      recent_cashouts: [paid],
    };
    invoices = [invoice(21, { amount: 80, paid_at: '2026-03-03T09:00:00.000Z' })];
    act(() => socket.serverEmit('payout_changed', { payout_id: 21, status: 'PAID' }));

    await waitFor(() => expect(screen.queryByTestId('cashout-open')).not.toBeInTheDocument());
    expect(screen.getByTestId('cashout-lifetime')).toHaveTextContent('$230.00');
    const row = await screen.findByTestId('history-row');
    await waitFor(() => expect(within(row).getByTestId('status-badge')).toHaveTextContent('Paid'));
    expect(row).toHaveTextContent('Paid on Mar 3, 2026');
    // The sales summary (the dashboard's latest paid cash-out) and the bell are stale too.
    expect(queryClient.getQueryState([...SALES_QUERY_KEY, 'summary'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(count('GET /api/getBellNotifications')).toBeGreaterThan(bellBefore));
  });
});
