// A partner's page for managers (issue 13): each form sends what was asked, says it worked with a
// toast, and shows the server's field errors at their fields; a suspension and a voucher's
// revocation ask first; reviewers see no form; the new cards read their parts.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storeManagerToken } from '../../../lib/session';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { PartnerDetail, PartnerEarning, PartnerVoucher } from '../partners-api';

let fake: FakeApi;
const UUID = '9a1e2c55-0c39-4c43-9f39-7b5f0c0f2a22';
const BASE = `/api/manager/partners/${UUID}`;

function staffAs(role: string) {
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, { data: { id: 3, email: `${role}@sunbite.example`, name: `Sam ${role}`, role } }),
  );
}

function partner(overrides: Partial<PartnerDetail> = {}): PartnerDetail {
  return {
    uuid: UUID,
    email: 'maya@example.com',
    first_name: 'Maya',
    last_name: 'Tremblay',
    country: 'CA',
    verified: false,
    status: 'active',
    created_at: '2025-11-03T14:00:00Z',
    last_login_dt: null,
    paypal_email: null,
    locale: 'fr',
    subpartner: { slug: 'glow', name: 'Glow Agency' },
    promo_codes: [
      {
        code: 'MAYA15',
        value: 15,
        commission_rate: 15,
        store_sync: { state: 'off', store_id: null, message: null, attempts: 0, updated_at: null },
      },
    ],
    commission: {
      rate: 15,
      source: 'tier',
      override: null,
      verified_sales: 30,
      tier: { min_sales: 25, rate: 15 },
      next_tier: { min_sales: 100, rate: 20 },
    },
    referral_commission: { amount: 5, type: 'percent' },
    referrer: { uuid: 'ref-uuid', name: 'Jordan Lee', email: 'jordan@example.com', status: 'active' },
    referrals_count: 1,
    figures: {
      currency: 'USD',
      orders: 40,
      sales: 2400,
      sales_by_region: { CA: 2000, US: 300, OTHER: 100 },
      average_order: 60,
      this_month: { orders: 3, sales: 180 },
      last_month: { orders: 5, sales: 300 },
      commissions: 360,
      balances: { pending: 50, payable: 80, in_payout: 0, paid: 230, in_review: 0, rejected: 12 },
    },
    ...overrides,
  };
}

const paged = <Row,>(rows: Row[]) => ({
  data: rows,
  current_page: 1,
  per_page: 10,
  last_page: 1,
  total: rows.length,
});

const earning: PartnerEarning = {
  id: 41,
  kind: 'sale',
  order_number: '#1042',
  product: 'ACV Gummies',
  date: '2026-03-01T12:00:00Z',
  base: 50,
  rate: 15,
  amount: 7.5,
  status: 'IN_PAYOUT',
  hold_until: '2026-03-31T12:00:00Z',
  payout_id: 12,
  history: [
    {
      at: '2026-03-01T12:00:00Z',
      from: null,
      to: 'PENDING',
      amount_before: null,
      amount_after: 7.5,
      reason: 'order paid',
      actor: 'shopify',
    },
    {
      at: '2026-04-01T12:00:00Z',
      from: 'PENDING',
      to: 'APPROVED',
      amount_before: 7.5,
      amount_after: 7.5,
      reason: 'holding period over',
      actor: 'system',
    },
  ],
};
const voucher: PartnerVoucher = {
  id: 5,
  code: 'MAYAGIFT',
  type: 'product',
  amount: 2,
  valid_from: '2026-03-01T00:00:00Z',
  valid_till: null,
  status: 'active',
  created_at: '2026-03-01T00:00:00Z',
};

let current: PartnerDetail;

beforeEach(() => {
  fake = installFakeApi();
  staffAs('manager');
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
  current = partner();
  fake.on(`GET ${BASE}`, () => jsonResponse(200, { data: current }));
  fake.on(`GET ${BASE}/earnings`, () => jsonResponse(200, paged([earning])));
  fake.on(`GET ${BASE}/payouts`, () =>
    jsonResponse(
      200,
      paged([
        {
          id: 12,
          status: 'PAID',
          amount: 64.27,
          currency: 'USD',
          earnings_count: 13,
          created_at: '2026-04-02T10:00:00Z',
          paid_at: '2026-04-03T10:00:00Z',
          invoice_number: 'INV-2026-000012',
        },
      ]),
    ),
  );
  fake.on(`GET ${BASE}/vouchers`, () => jsonResponse(200, paged([voucher])));
  fake.on(`GET ${BASE}/referrals`, () =>
    jsonResponse(
      200,
      paged([
        {
          uuid: 'kid',
          name: 'Camille Roy',
          email: 'camille@example.com',
          status: 'active',
          created_at: '2026-02-01T00:00:00Z',
          sales: 120,
          currency: 'USD',
        },
      ]),
    ),
  );
  fake.on(`GET ${BASE}/notes`, () =>
    jsonResponse(
      200,
      paged([
        {
          id: 1,
          body: 'Called about the launch.',
          created_at: '2026-03-02T15:30:00Z',
          author: 'Alex Manager',
        },
      ]),
    ),
  );
  fake.on(`GET ${BASE}/audit`, () =>
    jsonResponse(
      200,
      paged([
        {
          id: 9,
          action: 'partner.commission_override',
          entity: 'partner',
          entity_id: UUID,
          staff: 'Alex Manager',
          at: '2026-03-02T15:30:00Z',
          before: { commission_override: null },
          after: { commission_override: 17.5 },
        },
      ]),
    ),
  );
});

/** A PATCH answering the partner with the changes applied. */
function acceptPatch(apply: (body: Record<string, unknown>) => Partial<PartnerDetail>) {
  fake.on(`PATCH ${BASE}`, ({ body }) => {
    current = { ...current, ...apply(body as Record<string, unknown>) };
    return jsonResponse(200, { data: current });
  });
}

describe('reading a partner', () => {
  it('shows the new cards: figures, commission, referrals, earnings with history, payouts, vouchers, notes, audit', async () => {
    const { user } = renderApp(`/manager/partners/${UUID}`);
    expect(await screen.findByTestId('figure-sales')).toHaveTextContent('$2,400.00');
    expect(screen.getByTestId('figure-commissions')).toHaveTextContent('$360.00');
    expect(screen.getByTestId('balance-rejected')).toHaveTextContent('$12.00');
    expect(screen.getByTestId('commission-rate')).toHaveTextContent('15%');
    expect(screen.getByTestId('commission-source')).toHaveTextContent('Tier 15%, from 25 verified sales.');
    expect(screen.getByTestId('next-tier')).toHaveTextContent('20% after 70 more sales');
    expect(screen.getByTestId('referrer')).toHaveTextContent('Jordan Lee');
    expect(screen.getByTestId('referral-commission')).toHaveTextContent('5% of each referred sale');
    expect(screen.getByTestId('profile-subpartner')).toHaveTextContent('Glow Agency');
    expect(await screen.findByText('Camille Roy')).toBeInTheDocument();

    const item = await screen.findByTestId('earning');
    expect(item).toHaveTextContent('Sale');
    expect(item).toHaveTextContent('#1042');
    expect(within(item).getByTestId('earning-status')).toHaveTextContent('In a payout');
    expect(within(item).getByRole('link', { name: 'In payout #12' })).toHaveAttribute(
      'href',
      '/manager/payouts/12',
    );
    await user.click(within(item).getByTestId('earning-history-toggle'));
    expect(within(item).getByTestId('earning-history')).toHaveTextContent('Pending → Payable');

    const payout = await screen.findByTestId('partner-payout');
    expect(within(payout).getByRole('link', { name: 'Payout #12' })).toHaveAttribute(
      'href',
      '/manager/payouts/12',
    );
    expect(payout).toHaveTextContent('INV-2026-000012');
    expect(await screen.findByTestId('voucher')).toHaveTextContent('2 free products');
    expect(await screen.findByTestId('note-meta')).toHaveTextContent('Alex Manager');
    const line = await screen.findByTestId('audit-line');
    // In the audit log's words, with its before-and-after view.
    expect(within(line).getByTestId('audit-line-action')).toHaveTextContent('Commission override changed');
    const change = within(line).getByTestId('diff-row');
    expect(change).toHaveAttribute('data-kind', 'changed');
    expect(change).toHaveTextContent('commission_override');
    expect(change).toHaveTextContent('17.5');
    // Each part was read with the staff token, ten rows a page.
    expect(new Headers(fake.lastInit(`GET ${BASE}/earnings`)?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
  });

  it('names the history’s lines in the audit log’s words: the partner’s own changes, a voucher by its code', async () => {
    fake.on(`GET ${BASE}/audit`, () =>
      jsonResponse(
        200,
        paged([
          {
            id: 11,
            action: 'account.paypal_email',
            entity: 'partner',
            entity_id: UUID,
            staff: null,
            at: '2026-03-03T10:00:00Z',
            before: { paypal_email: 'old@pay.example' },
            after: { paypal_email: 'new@pay.example', confirmed_by: 'password' },
          },
          {
            id: 10,
            action: 'voucher.issue',
            entity: 'voucher',
            entity_id: 'GIFT2026',
            staff: 'Alex Manager',
            at: '2026-03-02T10:00:00Z',
            before: null,
            after: { type: 'products', amount: 2 },
          },
        ]),
      ),
    );
    renderApp(`/manager/partners/${UUID}`);
    await screen.findByTestId('audit-list');
    const [own, voucher] = screen.getAllByTestId('audit-line') as [HTMLElement, HTMLElement];
    expect(within(own).getByTestId('audit-line-action')).toHaveTextContent('PayPal e-mail changed');
    expect(own).toHaveTextContent('The partner');
    expect(within(own).queryByTestId('audit-line-item')).toBeNull();
    const rows = within(own).getAllByTestId('diff-row');
    expect(rows.map((row) => row.dataset.kind)).toEqual(['changed', 'added']);
    expect(rows[0]).toHaveTextContent('old@pay.example');
    expect(rows[0]).toHaveTextContent('new@pay.example');
    expect(within(voucher).getByTestId('audit-line-action')).toHaveTextContent('Voucher issued');
    expect(within(voucher).getByTestId('audit-line-item')).toHaveTextContent('Voucher GIFT2026');
    expect(voucher).toHaveTextContent('Alex Manager');
    expect(within(voucher).getByTestId('audit-diff')).toHaveTextContent('Values when created');
  });

  it('shows a reviewer no form, and says why once', async () => {
    staffAs('reviewer');
    renderApp(`/manager/partners/${UUID}`);
    expect(await screen.findByTestId('read-only-notice')).toHaveTextContent(
      'Managers and administrators can change them.',
    );
    await screen.findByTestId('voucher');
    for (const id of [
      'override-form',
      'referral-form',
      'suspend-partner',
      'resend-verification',
      'discount-edit',
      'voucher-new',
      'voucher-revoke',
      'note-form',
    ])
      expect(screen.queryByTestId(id), id).toBeNull();
  });
});

describe('managers’ forms', () => {
  it('sets an override typed with a comma, with a toast, then clears it', async () => {
    acceptPatch((body) => ({
      commission:
        body.commission_override === null
          ? { ...current.commission, rate: 15, source: 'tier', override: null }
          : {
              ...current.commission,
              rate: body.commission_override as number,
              source: 'override',
              override: body.commission_override as number,
            },
    }));
    const { user } = renderApp(`/manager/partners/${UUID}`);
    await user.type(await screen.findByTestId('override-input'), '17,5');
    await user.click(screen.getByTestId('override-save'));
    await waitFor(() => expect(fake.lastBody(`PATCH ${BASE}`)).toEqual({ commission_override: 17.5 }));
    expect(await screen.findByText('Override saved: new orders earn 17.5%.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('commission-rate')).toHaveTextContent('17.5%'));
    expect(screen.getByTestId('commission-source')).toHaveTextContent('Staff override');
    await user.click(screen.getByTestId('override-clear'));
    await waitFor(() => expect(fake.lastBody(`PATCH ${BASE}`)).toEqual({ commission_override: null }));
    expect(
      await screen.findByText('Override cleared: new orders earn 15% from the tier.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s field error at the field, and asks for a value before sending', async () => {
    fake.on(`PATCH ${BASE}`, () =>
      jsonResponse(422, {
        code: 422,
        message: 'Form data is invalid',
        errors: { commission_override: ['Wrong value'] },
      }),
    );
    const { user } = renderApp(`/manager/partners/${UUID}`);
    const input = await screen.findByTestId('override-input');
    await user.click(screen.getByTestId('override-save'));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(fake.calls()).not.toContain(`PATCH ${BASE}`);
    await user.type(input, '150');
    await user.click(screen.getByTestId('override-save'));
    expect(await screen.findByText('Wrong value')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fake.lastBody(`PATCH ${BASE}`)).toEqual({ commission_override: 150 });
  });

  it('changes the referral commission', async () => {
    acceptPatch((body) => ({
      referral_commission: {
        amount: body.referral_commission_amount as number,
        type: body.referral_comission_type as 'fixed',
      },
    }));
    const { user } = renderApp(`/manager/partners/${UUID}`);
    const amount = await screen.findByTestId('referral-amount');
    await user.clear(amount);
    await user.type(amount, '10');
    await user.selectOptions(screen.getByTestId('referral-type'), 'fixed');
    await user.click(screen.getByTestId('referral-save'));
    await waitFor(() =>
      expect(fake.lastBody(`PATCH ${BASE}`)).toEqual({
        referral_commission_amount: 10,
        referral_comission_type: 'fixed',
      }),
    );
    expect(await screen.findByText('Referral commission saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('referral-commission')).toHaveTextContent('$10.00 per referred sale'),
    );
  });

  it('suspends after a confirmation (cancel sends nothing), then reactivates', async () => {
    acceptPatch((body) => ({ status: body.status as 'active' | 'suspended' }));
    const { user } = renderApp(`/manager/partners/${UUID}`);
    await user.click(await screen.findByTestId('suspend-partner'));
    const dialog = screen.getByRole('alertdialog', { name: 'Suspend Maya Tremblay?' });
    expect(dialog).toHaveTextContent('cannot sign in or cash out until reactivated');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.calls()).not.toContain(`PATCH ${BASE}`);

    await user.click(screen.getByTestId('suspend-partner'));
    await user.click(screen.getByTestId('suspend-dialog-confirm'));
    await waitFor(() => expect(fake.lastBody(`PATCH ${BASE}`)).toEqual({ status: 'suspended' }));
    expect(await screen.findByText('Maya Tremblay is suspended.')).toBeInTheDocument();
    expect(await screen.findByTestId('suspended-banner')).toHaveTextContent('cannot sign in or cash out');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByTestId('reactivate-partner'));
    await user.click(screen.getByTestId('reactivate-dialog-confirm'));
    await waitFor(() => expect(fake.lastBody(`PATCH ${BASE}`)).toEqual({ status: 'active' }));
    expect(await screen.findByText('Maya Tremblay is active again.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    fake.on(`PATCH ${BASE}`, () => jsonResponse(403, { code: 403, message: 'Forbidden' }));
    const { user } = renderApp(`/manager/partners/${UUID}`);
    await user.click(await screen.findByTestId('suspend-partner'));
    await user.click(screen.getByTestId('suspend-dialog-confirm'));
    expect(await screen.findByTestId('suspend-dialog-error')).toHaveTextContent('Forbidden');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('sends the verification mail again, and says when it is throttled', async () => {
    let answers = 0;
    fake.on(`POST ${BASE}/resend-verification`, () =>
      ++answers === 1
        ? jsonResponse(200, { data: { sent: true, email: 'maya@example.com' } })
        : jsonResponse(429, { code: 429, message: 'Too many requests' }),
    );
    const { user } = renderApp(`/manager/partners/${UUID}`);
    await user.click(await screen.findByTestId('resend-verification'));
    expect(await screen.findByText('Verification e-mail sent to maya@example.com.')).toBeInTheDocument();
    await user.click(screen.getByTestId('resend-verification'));
    expect(await screen.findByTestId('resend-error')).toHaveTextContent('Too many requests');
  });

  it('changes a code’s discount, and shows the field error', async () => {
    let refuse = true;
    fake.on(`PATCH ${BASE}/promo-codes/MAYA15`, ({ body }) => {
      if (refuse)
        return jsonResponse(422, {
          code: 422,
          message: 'Form data is invalid',
          errors: { value: ['Wrong value'] },
        });
      const entry = {
        ...current.promo_codes[0]!,
        value: (body as { value: number }).value,
        store_sync: { ...current.promo_codes[0]!.store_sync, state: 'pending' as const },
      };
      current = { ...current, promo_codes: [entry] };
      return jsonResponse(200, { data: entry });
    });
    const { user } = renderApp(`/manager/partners/${UUID}`);
    await user.click(await screen.findByTestId('discount-edit'));
    const input = screen.getByTestId('discount-input');
    expect(input).toHaveValue('15');
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByTestId('discount-save'));
    expect(await within(screen.getByTestId('discount-form')).findByText('Wrong value')).toBeInTheDocument();
    refuse = false;
    await user.clear(input);
    await user.type(input, '20');
    await user.click(screen.getByTestId('discount-save'));
    await waitFor(() => expect(fake.lastBody(`PATCH ${BASE}/promo-codes/MAYA15`)).toEqual({ value: 20 }));
    expect(
      await screen.findByText('MAYA15: discount set to 20%; the change is on its way to the store.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('discount-form')).toBeNull();
  });

  it('issues a voucher and revokes one after a confirmation', async () => {
    fake.on(`POST ${BASE}/vouchers`, ({ body }) =>
      jsonResponse(201, {
        data: { ...voucher, id: 6, code: 'SPRING20', ...(body as object), status: 'active' },
      }),
    );
    fake.on(`POST ${BASE}/vouchers/5/revoke`, () =>
      jsonResponse(200, { data: { ...voucher, status: 'revoked' } }),
    );
    const { user } = renderApp(`/manager/partners/${UUID}`);
    await user.click(await screen.findByTestId('voucher-new'));
    await user.click(screen.getByTestId('voucher-issue'));
    expect(
      await within(screen.getByTestId('voucher-form')).findByText('This field is required'),
    ).toBeInTheDocument();
    await user.type(screen.getByTestId('voucher-amount'), '20');
    await user.type(screen.getByTestId('voucher-code'), 'SPRING20');
    await user.type(screen.getByTestId('voucher-till'), '2026-06-30');
    await user.click(screen.getByTestId('voucher-issue'));
    await waitFor(() =>
      expect(fake.lastBody(`POST ${BASE}/vouchers`)).toEqual({
        type: 'percent',
        amount: 20,
        code: 'SPRING20',
        valid_till: '2026-06-30T23:59:59.000Z',
      }),
    );
    expect(await screen.findByText('Voucher SPRING20 issued.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke · MAYAGIFT' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke voucher MAYAGIFT?' });
    await user.click(within(dialog).getByTestId('revoke-dialog-confirm'));
    expect(await screen.findByText('Voucher MAYAGIFT revoked.')).toBeInTheDocument();
    expect(fake.calls()).toContain(`POST ${BASE}/vouchers/5/revoke`);
  });

  it('adds a note, and asks for one before sending', async () => {
    fake.on(`POST ${BASE}/notes`, ({ body }) =>
      jsonResponse(201, {
        data: {
          id: 2,
          body: (body as { body: string }).body,
          created_at: '2026-03-03T10:00:00Z',
          author: 'Sam manager',
        },
      }),
    );
    const { user } = renderApp(`/manager/partners/${UUID}`);
    await user.click(await screen.findByTestId('note-add'));
    expect(
      await within(screen.getByTestId('note-form')).findByText('This field is required'),
    ).toBeInTheDocument();
    await user.type(screen.getByTestId('note-input'), 'Sent samples.');
    await user.click(screen.getByTestId('note-add'));
    await waitFor(() => expect(fake.lastBody(`POST ${BASE}/notes`)).toEqual({ body: 'Sent samples.' }));
    expect(await screen.findByText('Note added.')).toBeInTheDocument();
    expect(screen.getByTestId('note-input')).toHaveValue('');
  });
});

describe('in French', () => {
  it('asks and answers in French', async () => {
    acceptPatch((body) => ({ status: body.status as 'active' | 'suspended' }));
    await i18n.changeLanguage('fr');
    try {
      const { user } = renderApp(`/manager/partners/${UUID}`);
      await user.click(await screen.findByTestId('suspend-partner'));
      expect(screen.getByRole('alertdialog', { name: 'Suspendre Maya Tremblay\u202f?' })).toBeInTheDocument();
      await user.click(screen.getByTestId('suspend-dialog-confirm'));
      expect(await screen.findByText('Maya Tremblay est suspendu.')).toBeInTheDocument();
      expect(screen.getByTestId('commission-source')).toHaveTextContent(
        'Palier à 15 %, dès 25 ventes vérifiées.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
