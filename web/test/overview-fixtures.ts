// The back office's overview as GET /api/manager/overview answers it: a new program (zeros and
// empty lists) and a running one, for the component tests.
import type {
  DeliveryPayload,
  FailedPush,
  OrderApart,
  RejectedDelivery,
} from '../features/manager/overview/needs-a-look-api';
import type { CurrencySettings } from '../features/manager/currency-api';
import type { ProgramOverview } from '../features/manager/overview/overview-api';
import type { FakeApi } from './fake-api';
import { jsonResponse } from './render-app';

const months = (thisMonth: string) =>
  Array.from({ length: 12 }, (_, i) => {
    const [year, month] = thisMonth.split('-').map(Number) as [number, number];
    const d = new Date(Date.UTC(year, month - 1 - (11 - i), 1));
    return d.toISOString().slice(0, 10);
  });

export function emptyOverview(thisMonth = '2026-05-01'): ProgramOverview {
  const all = months(thisMonth);
  return {
    currency: 'USD',
    month: thisMonth,
    last_month: all[10]!,
    partners: {
      total: 0,
      active: { this_month: 0, last_month: 0 },
      joined: { this_month: 0, last_month: 0 },
    },
    sales: { this_month: { orders: 0, amount: 0 }, last_month: { orders: 0, amount: 0 } },
    commissions: { this_month: { count: 0, amount: 0 }, last_month: { count: 0, amount: 0 } },
    monthly: all.map((month) => ({ month, orders: 0, sales: 0, commissions: 0 })),
    money_owed: { payable: 0, pending: 0, in_review: 0, in_payouts: 0 },
    payouts_waiting: [
      {
        stage: 'review',
        count: 0,
        amount: 0,
        statuses: [
          { status: 'PENDING', count: 0, amount: 0 },
          { status: 'IN_REVIEW', count: 0, amount: 0 },
        ],
      },
      {
        stage: 'manager',
        count: 0,
        amount: 0,
        statuses: [{ status: 'MANAGER_IN_REVIEW', count: 0, amount: 0 }],
      },
      {
        stage: 'payment',
        count: 0,
        amount: 0,
        statuses: [
          { status: 'APPROVED', count: 0, amount: 0 },
          { status: 'MANAGER_APPROVED', count: 0, amount: 0 },
        ],
      },
    ],
    top_partners: [],
    recent_signups: [],
    needs_attention: {
      total: 0,
      orders_waiting: { count: 0, items: [] },
      shopify_deliveries: { count: 0, since: '2026-04-14T10:00:00.000Z', items: [] },
      store_pushes: { count: 0, items: [] },
      paypal_payouts: { count: 0, items: [] },
      store_reconciliation: {
        count: 0,
        last_run_at: null,
        error: null,
        missed_at: null,
        missed: { orders: 0, cancellations: 0, refunds: 0 },
      },
    },
  };
}

export function sampleOverview(): ProgramOverview {
  const base = emptyOverview();
  return {
    ...base,
    partners: {
      total: 128,
      active: { this_month: 42, last_month: 35 },
      joined: { this_month: 6, last_month: 8 },
    },
    sales: { this_month: { orders: 57, amount: 4821.5 }, last_month: { orders: 61, amount: 5210 } },
    commissions: { this_month: { count: 60, amount: 612.25 }, last_month: { count: 0, amount: 0 } },
    monthly: base.monthly.map((point, i) =>
      i < 9 ? point : { ...point, orders: i * 5, sales: i * 500, commissions: i * 60 },
    ),
    money_owed: { payable: 1234.56, pending: 612.25, in_review: 12.5, in_payouts: 730 },
    payouts_waiting: [
      {
        stage: 'review',
        count: 3,
        amount: 160,
        statuses: [
          { status: 'PENDING', count: 1, amount: 30 },
          { status: 'IN_REVIEW', count: 2, amount: 130 },
        ],
      },
      {
        stage: 'manager',
        count: 1,
        amount: 600,
        statuses: [{ status: 'MANAGER_IN_REVIEW', count: 1, amount: 600 }],
      },
      {
        stage: 'payment',
        count: 0,
        amount: 0,
        statuses: [
          { status: 'APPROVED', count: 0, amount: 0 },
          { status: 'MANAGER_APPROVED', count: 0, amount: 0 },
        ],
      },
    ],
    top_partners: [
      {
        uuid: 'uuid-bruno',
        name: 'Bruno Seller',
        email: 'bruno@example.com',
        orders: 12,
        sales: 1255,
        commissions: 125.5,
      },
      {
        uuid: 'uuid-alma',
        name: 'Alma Seller',
        email: 'alma@example.com',
        orders: 1,
        sales: 127.5,
        commissions: 12.75,
      },
    ],
    recent_signups: [
      {
        uuid: 'uuid-zoe',
        name: 'Zoe Newest',
        email: 'zoe@example.com',
        country: 'CA',
        verified: false,
        status: 'active',
        created_at: '2026-05-12T15:00:00.000Z',
      },
      {
        uuid: 'uuid-cleo',
        name: 'Cleo Visitor',
        email: 'cleo@example.com',
        country: null,
        verified: true,
        status: 'suspended',
        created_at: '2026-05-10T09:00:00.000Z',
      },
    ],
    needs_attention: {
      total: 11,
      orders_waiting: {
        count: 5,
        items: [
          { currency: 'CAD', orders: 3, rate: '0.7312' },
          { currency: 'EUR', orders: 2, rate: null },
        ],
      },
      shopify_deliveries: {
        count: 1,
        since: '2026-04-14T10:00:00.000Z',
        items: [
          {
            delivery_id: 'd-1',
            topic: 'orders/paid',
            error: 'line_items.0.price: not an amount',
            problems: [
              {
                field: 'line_items.price',
                item: 1,
                issue: 'amount',
                detail: 'line_items.0.price: not an amount',
              },
            ],
            error_id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
            rejected_at: '2026-05-11T08:30:00.000Z',
          },
        ],
      },
      store_pushes: {
        count: 1,
        items: [
          {
            code: 'ALMA',
            partner: { uuid: 'uuid-alma', name: 'Alma Seller' },
            message: 'Code must be unique.',
            attempts: 1,
            updated_at: '2026-05-11T08:00:00.000Z',
          },
        ],
      },
      paypal_payouts: {
        count: 4,
        items: [
          {
            id: 77,
            partner: { uuid: 'uuid-vic', name: 'Vic Payee' },
            amount: 90,
            currency: 'USD',
            status: 'IN_REVIEW',
            error: 'RECEIVER_UNREGISTERED',
            updated_at: '2026-05-11T07:00:00.000Z',
          },
        ],
      },
      store_reconciliation: base.needs_attention.store_reconciliation,
    },
  };
}

/** Answers the overview with `overview` (a new program unless told otherwise). */
export function serveOverview(fake: FakeApi, overview: ProgramOverview = emptyOverview()): void {
  fake.on('GET /api/manager/overview', () => jsonResponse(200, { data: overview }));
}

// ---- The orders kept apart, as GET /api/manager/overview/orders-waiting and /test-orders answer,
// and the currency settings (GET /api/manager/settings/currency) that say which have a rate.

/** Three paid orders waiting: two in CAD (which has a rate), one in EUR (which has none). */
export function sampleOrdersWaiting(): OrderApart[] {
  return [
    {
      id: 31,
      shopify_order_id: '5600000000301',
      order_number: '1301',
      status: 'paid',
      placed_at: '2026-05-12T14:00:00.000Z',
      paid_at: '2026-05-12T14:05:00.000Z',
      currency: 'CAD',
      amount: 84.5,
      total: 97.18,
      code: 'ALMA15',
      partner: { uuid: 'uuid-alma', name: 'Alma Seller' },
      rate: '0.7312',
    },
    {
      id: 30,
      shopify_order_id: '5600000000300',
      order_number: '#1300',
      status: 'paid',
      placed_at: '2026-05-11T09:00:00.000Z',
      paid_at: '2026-05-11T09:02:00.000Z',
      currency: 'EUR',
      amount: 1250,
      total: 1375,
      code: 'BRUNO',
      partner: { uuid: 'uuid-bruno', name: 'Bruno Seller' },
      rate: null,
    },
    {
      id: 29,
      shopify_order_id: '5600000000299',
      order_number: '1299',
      status: 'paid',
      placed_at: '2026-05-10T09:00:00.000Z',
      paid_at: null,
      currency: 'CAD',
      amount: 40,
      total: 46,
      code: null,
      partner: null,
      rate: '0.7312',
    },
  ];
}

export function sampleTestOrders(): OrderApart[] {
  return [
    {
      id: 40,
      shopify_order_id: '5600000000400',
      order_number: '1400',
      status: 'paid',
      placed_at: '2026-05-12T10:00:00.000Z',
      paid_at: '2026-05-12T10:00:00.000Z',
      currency: 'USD',
      amount: 25,
      total: 28.75,
      code: 'ALMA15',
      partner: null,
      rate: null,
    },
    {
      id: 39,
      shopify_order_id: '5600000000399',
      order_number: '1399',
      status: 'cancelled',
      placed_at: '2026-05-09T10:00:00.000Z',
      paid_at: null,
      currency: 'CAD',
      amount: 60,
      total: 69,
      code: null,
      partner: null,
      rate: null,
    },
  ];
}

/** The program in USD with money in its ledger, CAD at 0.7312, orders waiting in CAD and EUR. */
export function sampleCurrencySettings(overrides: Partial<CurrencySettings> = {}): CurrencySettings {
  return {
    currency: 'USD',
    can_change: false,
    currencies: ['USD', 'CAD', 'EUR', 'GBP'],
    rates: [{ currency: 'CAD', rate: '0.7312', set_at: '2026-05-01T12:00:00.000Z', orders_waiting: 2 }],
    waiting: [
      { currency: 'CAD', orders: 2 },
      { currency: 'EUR', orders: 1 },
    ],
    ...overrides,
  };
}

/** Answers the currency settings with `settings`. */
export function serveCurrencySettings(
  fake: FakeApi,
  settings: CurrencySettings = sampleCurrencySettings(),
): void {
  fake.on('GET /api/manager/settings/currency', () => jsonResponse(200, { data: settings }));
}

// ---- The pages behind "needs a look", as GET /api/manager/overview/deliveries and /store-pushes answer

/** Refused deliveries: one the ledger got later, one it still lacks, one naming no order. */
export function sampleDeliveries(): RejectedDelivery[] {
  return [
    {
      id: 12,
      delivery_id: 'b1f0c0de-0000-4000-8000-000000000012',
      topic: 'orders/paid',
      shop: 'sunbite.myshopify.com',
      received_at: '2026-05-11T08:30:00.000Z',
      rejected_at: '2026-05-11T08:30:00.000Z',
      error_id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
      error: 'total_price: not an amount; line_items.1.price: an amount from 0 to 1000000',
      problems: [
        { field: 'total_price', item: null, issue: 'amount', detail: 'total_price: not an amount' },
        {
          field: 'line_items.price',
          item: 2,
          issue: 'amount_range',
          detail: 'line_items.1.price: an amount from 0 to 1000000',
        },
      ],
      payload_length: 2480,
      ledger: { state: 'recorded', shopify_id: '5600000000123', order_number: '#1123' },
    },
    {
      id: 11,
      delivery_id: 'b1f0c0de-0000-4000-8000-000000000011',
      topic: 'refunds/create',
      shop: 'sunbite.myshopify.com',
      received_at: '2026-05-10T17:05:00.000Z',
      rejected_at: '2026-05-10T17:05:00.000Z',
      error_id: '1c2d3e4f-5061-4b7c-9d8e-0f1a2b3c4d5e',
      error: 'created_at: not a date and time',
      problems: [
        { field: 'created_at', item: null, issue: 'date', detail: 'created_at: not a date and time' },
      ],
      payload_length: 640,
      ledger: { state: 'not_recorded', shopify_id: '5600000000999', order_number: null },
    },
    {
      id: 10,
      delivery_id: 'b1f0c0de-0000-4000-8000-000000000010',
      topic: 'orders/create',
      shop: null,
      received_at: '2026-05-09T12:00:00.000Z',
      rejected_at: '2026-05-09T12:00:00.000Z',
      error_id: '2d3e4f50-6172-4c8d-8e9f-1a2b3c4d5e6f',
      error: 'body: not JSON',
      problems: [{ field: 'body', item: null, issue: 'not_json', detail: 'body: not JSON' }],
      payload_length: 31,
      ledger: { state: 'unknown', shopify_id: null, order_number: null },
    },
  ];
}

export function samplePayload(id = 12): DeliveryPayload {
  return {
    id,
    delivery_id: 'b1f0c0de-0000-4000-8000-000000000012',
    topic: 'orders/paid',
    error_id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
    format: 'json',
    text: '{\n  "id": 5600000000123,\n  "token": "[hidden]",\n  "total_price": "twelve"\n}',
    length: 71,
    truncated: false,
    hidden: 1,
  };
}

export function samplePushes(): FailedPush[] {
  return [
    {
      code: 'ALMA15',
      partner: { uuid: 'uuid-alma', name: 'Alma Seller', email: 'alma@example.com' },
      message: 'Code must be unique. Please try a different code.',
      attempts: 1,
      failed_at: '2026-05-11T08:00:00.000Z',
    },
    {
      code: 'BRUNO',
      partner: { uuid: 'uuid-bruno', name: 'Bruno Seller', email: 'bruno@example.com' },
      message: 'Shopify did not take the code after 8 attempts: 503 Service Unavailable',
      attempts: 8,
      failed_at: '2026-05-10T22:40:00.000Z',
    },
  ];
}

/** A list page as the server answers it (every row on page 1). */
export const onePage = <Row>(rows: Row[], extra: Record<string, unknown> = {}) => ({
  data: rows,
  current_page: 1,
  per_page: 20,
  last_page: 1,
  total: rows.length,
  ...extra,
});
