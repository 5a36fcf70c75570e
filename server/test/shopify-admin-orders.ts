// The store's orders for the Admin GraphQL stand-in (server/test/shopify-admin.ts): handlers for
// `orders` (and `order`, the rest of an order's line items) answering in Shopify's GraphQL shape
// (gids and legacyResourceId, MoneyBags in shop money, `nodes` and `pageInfo`), paged by an
// opaque cursor in the UPDATED_AT order the query asks for, the `updated_at:>='…'` filter
// honoured, with the cost extension Shopify sends. Tests add orders in a short form (amounts in
// cents), change them (a cancellation, a refund: updatedAt moves), and can make the store fail
// after some pages.
import type { AdminRequest, StandInHandlers } from './shopify-admin';

export interface StandInLine {
  title: string;
  quantity: number;
  /** Unit price, cents. */
  price: number;
  discount?: number;
  tax?: number;
  giftCard?: boolean;
  sku?: string;
}

export interface StandInRefund {
  id: number;
  createdAt: string;
  /** Lines given back: the index of the order's line, the quantity and the subtotal (cents). */
  lines: { line: number; quantity: number; subtotal: number; tax?: number }[];
  /** An order adjustment (the REST refund_discrepancy), cents as the store writes it (negative: more given back). */
  adjustment?: number;
}

export interface StandInOrder {
  id: number;
  name: string;
  code: string | null;
  email: string;
  currency: string;
  test: boolean;
  taxesIncluded: boolean;
  lines: StandInLine[];
  subtotal: number;
  total: number;
  totalTax: number;
  country: string | null;
  createdAt: string;
  processedAt: string | null;
  updatedAt: string;
  cancelledAt: string | null;
  financialStatus: string;
  refunds: StandInRefund[];
}

export interface StandInOrders {
  handlers: StandInHandlers;
  readonly orders: Map<number, StandInOrder>;
  /** A new order (paid, updated now unless told). */
  add(order: Partial<StandInOrder> & { lines?: StandInLine[]; subtotal: number }): StandInOrder;
  /** Changes an order as the store would: its updatedAt moves to `at` (now unless told). */
  update(id: number, change: Partial<StandInOrder>, at?: string): StandInOrder;
  /** Adds a refund to an order (its updatedAt moves). */
  refund(
    id: number,
    refund: Omit<StandInRefund, 'id' | 'createdAt'> & { id?: number; createdAt?: string },
  ): StandInRefund;
  /** After this many pages of `orders` answered, every further one answers HTTP 500 (null: never). */
  failAfterPages: number | null;
  /** Pages of `orders` answered so far. */
  pagesServed: number;
  /** The `orders` requests with their variables. */
  readonly calls: { first: number; after: string | null; query: string }[];
}

let nextId = 7_200_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
const money = (cents: number) => (cents / 100).toFixed(2);

/** What Shopify sends with every answer, with this query's cost. */
const costOf = (requested: number) => ({
  cost: {
    requestedQueryCost: requested,
    actualQueryCost: Math.ceil(requested / 2),
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2000 - requested, restoreRate: 100 },
  },
});

const encodeCursor = (order: StandInOrder) =>
  Buffer.from(JSON.stringify([order.updatedAt, order.id])).toString('base64url');
function decodeCursor(cursor: string): [string, number] | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    return Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'number'
      ? [value[0], value[1]]
      : null;
  } catch {
    return null;
  }
}

const graphqlError = (message: string, code: string): [number, unknown] => [
  200,
  { errors: [{ message, extensions: { code } }] },
];

export function shopifyOrdersStandIn(): StandInOrders {
  const orders = new Map<number, StandInOrder>();
  const calls: StandInOrders['calls'] = [];
  const lineGid = (order: StandInOrder, index: number) => `gid://shopify/LineItem/${order.id + 1 + index}`;

  function shape(order: StandInOrder) {
    const bag = (cents: number) => ({
      shopMoney: { amount: money(cents), currencyCode: order.currency },
      presentmentMoney: { amount: money(cents), currencyCode: order.currency },
    });
    const lineItem = (line: StandInLine, index: number) => ({
      id: lineGid(order, index),
      title: line.title,
      sku: line.sku ?? null,
      quantity: line.quantity,
      isGiftCard: line.giftCard ?? false,
      originalUnitPriceSet: bag(line.price),
      discountAllocations: line.discount ? [{ allocatedAmountSet: bag(line.discount) }] : [],
      taxLines: line.tax !== undefined ? [{ priceSet: bag(line.tax) }] : [],
    });
    return {
      id: `gid://shopify/Order/${order.id}`,
      legacyResourceId: String(order.id),
      name: order.name,
      email: order.email,
      test: order.test,
      taxesIncluded: order.taxesIncluded,
      createdAt: order.createdAt,
      processedAt: order.processedAt,
      updatedAt: order.updatedAt,
      cancelledAt: order.cancelledAt,
      displayFinancialStatus: order.financialStatus,
      currencyCode: order.currency,
      discountCodes: order.code ? [order.code] : [],
      subtotalPriceSet: bag(order.subtotal),
      totalPriceSet: bag(order.total),
      totalTaxSet: bag(order.totalTax),
      shippingAddress: order.country ? { countryCodeV2: order.country } : null,
      lineItems: { nodes: order.lines.map(lineItem), pageInfo: { hasNextPage: false, endCursor: null } },
      refunds: order.refunds.map((refund) => ({
        id: `gid://shopify/Refund/${refund.id}`,
        legacyResourceId: String(refund.id),
        createdAt: refund.createdAt,
        refundLineItems: {
          nodes: refund.lines.map((l) => ({
            quantity: l.quantity,
            lineItem: { id: lineGid(order, l.line), isGiftCard: order.lines[l.line]?.giftCard ?? false },
            subtotalSet: bag(l.subtotal),
            totalTaxSet: bag(l.tax ?? 0),
          })),
          pageInfo: { hasNextPage: false, endCursor: null },
        },
        orderAdjustments: {
          nodes:
            refund.adjustment !== undefined
              ? [
                  {
                    id: `gid://shopify/OrderAdjustment/${refund.id + 1}`,
                    reason: 'REFUND_DISCREPANCY',
                    amountSet: bag(refund.adjustment),
                    taxAmountSet: bag(0),
                  },
                ]
              : [],
        },
      })),
    };
  }

  const sorted = () =>
    [...orders.values()].sort((a, b) =>
      a.updatedAt === b.updatedAt ? a.id - b.id : a.updatedAt < b.updatedAt ? -1 : 1,
    );

  const state: StandInOrders = {
    orders,
    calls,
    failAfterPages: null,
    pagesServed: 0,
    handlers: {
      orders(record: AdminRequest): [number, unknown] {
        const query = record.query ?? '';
        if (!/sortKey\s*:\s*UPDATED_AT/.test(query))
          return graphqlError('orders must be sorted by UPDATED_AT here', 'selectionMismatch');
        if (!/pageInfo\s*\{[^}]*hasNextPage[^}]*endCursor[^}]*\}/.test(query))
          return graphqlError('orders must select pageInfo { hasNextPage endCursor }', 'selectionMismatch');
        const vars = record.variables ?? {};
        const first = vars.first;
        if (typeof first !== 'number' || !Number.isInteger(first) || first < 1 || first > 250)
          return graphqlError('Variable $first of type Int! was provided invalid value', 'INVALID_VARIABLE');
        const after = typeof vars.after === 'string' ? vars.after : null;
        const search = typeof vars.query === 'string' ? vars.query : '';
        calls.push({ first, after, query: search });
        if (state.failAfterPages !== null && state.pagesServed >= state.failAfterPages)
          return [500, { errors: 'Internal Server Error' }];
        // Shopify's search syntax, as far as the reconciliation uses it.
        const since = /updated_at:>='([^']+)'/.exec(search)?.[1];
        let list = sorted();
        if (since) list = list.filter((o) => Date.parse(o.updatedAt) >= Date.parse(since));
        if (after) {
          const at = decodeCursor(after);
          if (!at) return graphqlError('Invalid cursor for current pagination sort.', 'BAD_REQUEST');
          list = list.filter((o) => o.updatedAt > at[0] || (o.updatedAt === at[0] && o.id > at[1]));
        }
        const page = list.slice(0, first);
        state.pagesServed++;
        return [
          200,
          {
            data: {
              orders: {
                nodes: page.map(shape),
                pageInfo: {
                  hasNextPage: list.length > page.length,
                  hasPreviousPage: Boolean(after),
                  endCursor: page.length ? encodeCursor(page[page.length - 1]!) : null,
                },
              },
            },
            // Each order with its line items and refunds: a few points each.
            extensions: costOf(2 + first * 12),
          },
        ];
      },
      order(record: AdminRequest): [number, unknown] {
        const id = Number(/\/(\d+)$/.exec(String(record.variables?.id ?? ''))?.[1]);
        const order = orders.get(id);
        return [
          200,
          { data: { order: order ? { lineItems: shape(order).lineItems } : null }, extensions: costOf(10) },
        ];
      },
    },
    add(input) {
      const id = input.id ?? (nextId += 1000);
      const at = input.updatedAt ?? new Date().toISOString();
      const order: StandInOrder = {
        id,
        name: input.name ?? `#R${id % 100_000}`,
        code: input.code === undefined ? null : input.code,
        email: input.email ?? 'customer@mail.example.com',
        currency: input.currency ?? 'USD',
        test: input.test ?? false,
        taxesIncluded: input.taxesIncluded ?? false,
        lines: input.lines ?? [{ title: 'ACV Gummies', quantity: 1, price: input.subtotal }],
        subtotal: input.subtotal,
        total: input.total ?? input.subtotal,
        totalTax: input.totalTax ?? 0,
        country: input.country === undefined ? 'CA' : input.country,
        createdAt: input.createdAt ?? at,
        processedAt: input.processedAt === undefined ? (input.createdAt ?? at) : input.processedAt,
        updatedAt: at,
        cancelledAt: input.cancelledAt ?? null,
        financialStatus: input.financialStatus ?? 'PAID',
        refunds: input.refunds ?? [],
      };
      orders.set(id, order);
      return order;
    },
    update(id, change, at = new Date().toISOString()) {
      const order = orders.get(id);
      if (!order) throw new Error(`no order ${id}`);
      Object.assign(order, change, { updatedAt: at });
      return order;
    },
    refund(id, input) {
      const order = orders.get(id);
      if (!order) throw new Error(`no order ${id}`);
      const at = input.createdAt ?? new Date().toISOString();
      const refund: StandInRefund = {
        id: input.id ?? (nextId += 1000),
        createdAt: at,
        lines: input.lines,
        ...(input.adjustment !== undefined ? { adjustment: input.adjustment } : {}),
      };
      order.refunds.push(refund);
      const given = order.refunds.reduce((s, r) => s + r.lines.reduce((t, l) => t + l.subtotal, 0), 0);
      order.financialStatus = given >= order.subtotal ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      order.updatedAt = at;
      return refund;
    },
  };
  return state;
}
