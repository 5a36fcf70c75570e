// The store's orders as the Admin GraphQL API answers them, for the reconciliation
// (server/modules/store-reconcile, docs/decisions/057-store-reconciliation.md): one page of the
// orders updated since a moment, oldest update first, each turned into the REST payload shapes
// the webhooks bring (webhooks.ts: `shopifyOrder`, `shopifyRefund`), so the same schema checks
// them and the same ledger functions record them.
//
// What the GraphQL API gives, and how it maps:
// - Ids are gids (gid://shopify/Order/123); `legacyResourceId` is the REST id, and the gid's tail
//   is the same number (line items have no legacyResourceId: their gid's tail is used).
// - Amounts are MoneyBags ({ shopMoney { amount currencyCode } }); only shop money is read, as
//   for the webhooks (docs/product/commissions.md#commission-base). A line's price is its originalUnitPriceSet (the REST
//   `price`), its discounts `discountAllocations.allocatedAmountSet`, its tax `taxLines.priceSet`.
// - `discountCodes` is a list of strings; `shippingAddress.countryCodeV2` the country.
// - A Refund's `refundLineItems` hold `subtotalSet` and `totalTaxSet` (the REST `subtotal_set`,
//   `total_tax_set`); its `orderAdjustments` are documented as what accounts for the difference
//   between a calculated and the actual refund amount: the REST adjustments of kind
//   `refund_discrepancy` (a shipping refund is a refund shipping line in GraphQL, never an
//   adjustment), so each is mapped to that kind, its amount as the store writes it.
// - The query's cost: Shopify refuses a query whose requested cost exceeds its maximum
//   (MAX_COST_EXCEEDED) and throttles one beyond the points available (THROTTLED, with
//   extensions.cost, which createShopifyGraphql turns into ShopifyTransientError.retryAfterMs).
//   The page size is the caller's to choose and lower (fetchOrdersPage takes it).
import { z } from 'zod';
import { ShopifyRefusedError, ShopifyTransientError } from './admin';
import type { ShopifyGraphql } from './admin';

/** Line items read with each order (and refund line items with each refund); more are read apart. */
export const LINE_ITEMS_PER_ORDER = 50;
/** Refunds read with each order. */
export const REFUNDS_PER_ORDER = 20;

const MONEY = 'shopMoney { amount currencyCode }';
const LINE_ITEM_FIELDS = `id title sku quantity isGiftCard
  originalUnitPriceSet { ${MONEY} }
  discountAllocations { allocatedAmountSet { ${MONEY} } }
  taxLines { priceSet { ${MONEY} } }`;

export const ORDERS_QUERY = `query ReconcileOrders($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes {
      id legacyResourceId name email test taxesIncluded
      createdAt processedAt updatedAt cancelledAt
      displayFinancialStatus currencyCode discountCodes
      subtotalPriceSet { ${MONEY} }
      totalPriceSet { ${MONEY} }
      totalTaxSet { ${MONEY} }
      shippingAddress { countryCodeV2 }
      lineItems(first: ${LINE_ITEMS_PER_ORDER}) {
        nodes { ${LINE_ITEM_FIELDS} }
        pageInfo { hasNextPage endCursor }
      }
      refunds(first: ${REFUNDS_PER_ORDER}) {
        id legacyResourceId createdAt
        refundLineItems(first: ${LINE_ITEMS_PER_ORDER}) {
          nodes { quantity lineItem { id isGiftCard } subtotalSet { ${MONEY} } totalTaxSet { ${MONEY} } }
          pageInfo { hasNextPage endCursor }
        }
        orderAdjustments(first: 10) {
          nodes { id reason amountSet { ${MONEY} } taxAmountSet { ${MONEY} } }
        }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** The rest of one order's line items, when it has more than a page of them. */
export const ORDER_LINE_ITEMS_QUERY = `query ReconcileOrderLineItems($id: ID!, $after: String) {
  order(id: $id) {
    lineItems(first: ${LINE_ITEMS_PER_ORDER}, after: $after) {
      nodes { ${LINE_ITEM_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

const moneyBag = z.looseObject({
  shopMoney: z.looseObject({ amount: z.union([z.string(), z.number()]), currencyCode: z.string().nullish() }),
});
const pageInfo = z.looseObject({ hasNextPage: z.boolean(), endCursor: z.string().nullish() });
const lineItemNode = z.looseObject({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullish(),
  quantity: z.number(),
  isGiftCard: z.boolean().nullish(),
  originalUnitPriceSet: moneyBag,
  discountAllocations: z.array(z.looseObject({ allocatedAmountSet: moneyBag })).nullish(),
  taxLines: z.array(z.looseObject({ priceSet: moneyBag })).nullish(),
});
const lineItems = z.looseObject({ nodes: z.array(lineItemNode), pageInfo: pageInfo.optional() });
const refundNode = z.looseObject({
  id: z.string(),
  legacyResourceId: z.union([z.string(), z.number()]).nullish(),
  createdAt: z.string(),
  refundLineItems: z.looseObject({
    nodes: z.array(
      z.looseObject({
        quantity: z.number(),
        lineItem: z.looseObject({ id: z.string(), isGiftCard: z.boolean().nullish() }).nullish(),
        subtotalSet: moneyBag.nullish(),
        totalTaxSet: moneyBag.nullish(),
      }),
    ),
    pageInfo: pageInfo.optional(),
  }),
  orderAdjustments: z
    .looseObject({
      nodes: z.array(
        z.looseObject({
          reason: z.string().nullish(),
          amountSet: moneyBag,
          taxAmountSet: moneyBag.nullish(),
        }),
      ),
    })
    .nullish(),
});
const orderNode = z.looseObject({
  id: z.string(),
  legacyResourceId: z.union([z.string(), z.number()]).nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  test: z.boolean().nullish(),
  taxesIncluded: z.boolean().nullish(),
  createdAt: z.string(),
  processedAt: z.string().nullish(),
  updatedAt: z.string(),
  cancelledAt: z.string().nullish(),
  displayFinancialStatus: z.string().nullish(),
  currencyCode: z.string(),
  discountCodes: z.array(z.string()).default([]),
  subtotalPriceSet: moneyBag.nullish(),
  totalPriceSet: moneyBag,
  totalTaxSet: moneyBag.nullish(),
  shippingAddress: z.looseObject({ countryCodeV2: z.string().nullish() }).nullish(),
  lineItems,
  refunds: z.array(refundNode).default([]),
});
export type GraphqlOrder = z.infer<typeof orderNode>;
const ordersPage = z.looseObject({ nodes: z.array(z.unknown()), pageInfo });

/** The number a gid ends with ("gid://shopify/Order/123" → "123"); the text itself when it is no gid. */
export const gidTail = (gid: string): string => /\/(\d+)(?:\?.*)?$/.exec(gid)?.[1] ?? gid;
const legacyId = (node: { id: string; legacyResourceId?: string | number | null | undefined }) =>
  node.legacyResourceId !== undefined && node.legacyResourceId !== null
    ? String(node.legacyResourceId)
    : gidTail(node.id);

const restMoney = (bag: z.infer<typeof moneyBag>) => ({
  shop_money: { amount: String(bag.shopMoney.amount), currency_code: bag.shopMoney.currencyCode ?? null },
});
const amountOf = (bag: z.infer<typeof moneyBag>) => String(bag.shopMoney.amount);

function restLineItem(item: z.infer<typeof lineItemNode>) {
  return {
    id: gidTail(item.id),
    title: item.title,
    sku: item.sku ?? null,
    quantity: item.quantity,
    price: amountOf(item.originalUnitPriceSet),
    price_set: restMoney(item.originalUnitPriceSet),
    gift_card: item.isGiftCard ?? false,
    discount_allocations: (item.discountAllocations ?? []).map((a) => ({
      amount: amountOf(a.allocatedAmountSet),
      amount_set: restMoney(a.allocatedAmountSet),
    })),
    tax_lines: (item.taxLines ?? []).map((t) => ({
      price: amountOf(t.priceSet),
      price_set: restMoney(t.priceSet),
    })),
  };
}

/** The order in the REST shape `shopifyOrder` reads (orders/paid, orders/cancelled). */
export function restOrder(
  order: GraphqlOrder,
  items: z.infer<typeof lineItemNode>[] = order.lineItems.nodes,
) {
  const subtotal = order.subtotalPriceSet ?? order.totalPriceSet;
  return {
    id: legacyId(order),
    admin_graphql_api_id: order.id,
    name: order.name ?? null,
    email: order.email ?? null,
    currency: order.currencyCode,
    subtotal_price: amountOf(subtotal),
    subtotal_price_set: restMoney(subtotal),
    total_price: amountOf(order.totalPriceSet),
    total_price_set: restMoney(order.totalPriceSet),
    ...(order.totalTaxSet
      ? { total_tax: amountOf(order.totalTaxSet), total_tax_set: restMoney(order.totalTaxSet) }
      : {}),
    taxes_included: order.taxesIncluded ?? false,
    test: order.test ?? false,
    created_at: order.createdAt,
    processed_at: order.processedAt ?? null,
    cancelled_at: order.cancelledAt ?? null,
    financial_status: order.displayFinancialStatus?.toLowerCase() ?? null,
    discount_codes: order.discountCodes.map((code) => ({ code })),
    line_items: items.map(restLineItem),
    shipping_address: order.shippingAddress
      ? { country_code: order.shippingAddress.countryCodeV2 ?? null }
      : null,
  };
}

/** Each refund of the order in the REST shape `shopifyRefund` reads (refunds/create). */
export function restRefunds(order: GraphqlOrder) {
  const orderId = legacyId(order);
  return order.refunds.map((refund) => ({
    id: legacyId(refund),
    order_id: orderId,
    created_at: refund.createdAt,
    refund_line_items: refund.refundLineItems.nodes.map((item) => ({
      ...(item.lineItem ? { line_item_id: gidTail(item.lineItem.id) } : {}),
      quantity: item.quantity,
      ...(item.subtotalSet
        ? { subtotal: amountOf(item.subtotalSet), subtotal_set: restMoney(item.subtotalSet) }
        : {}),
      ...(item.totalTaxSet
        ? { total_tax: amountOf(item.totalTaxSet), total_tax_set: restMoney(item.totalTaxSet) }
        : {}),
      // What refundParts reads of the line item: whether it is a gift card (never in the base).
      ...(item.lineItem?.isGiftCard === true
        ? { line_item: { price: '0.00', quantity: item.quantity, gift_card: true } }
        : {}),
    })),
    order_adjustments: (refund.orderAdjustments?.nodes ?? []).map((a) => ({
      kind: 'refund_discrepancy',
      // The same record as REST's adjustment, written the same way: what the order loses
      // (negative when more is given back), which webhooks.ts refundParts reads.
      amount: amountOf(a.amountSet),
      amount_set: restMoney(a.amountSet),
      ...(a.taxAmountSet ? { tax_amount: amountOf(a.taxAmountSet) } : {}),
    })),
  }));
}

export interface OrdersPage {
  /** Each order as the store answered it (checked against the GraphQL shape); an unreadable node is left out and named. */
  orders: GraphqlOrder[];
  unreadable: string[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/** The `query` argument: orders updated at or after this instant (Shopify's search syntax). */
export const updatedSince = (since: string) => `updated_at:>='${since}'`;

/** One page of the orders updated since `since`, oldest update first, after `cursor`. */
export async function fetchOrdersPage(
  graphql: ShopifyGraphql,
  input: { since: string; cursor: string | null; first: number },
): Promise<OrdersPage> {
  const what = 'the orders read';
  const data = await graphql.request(
    'orders',
    ORDERS_QUERY,
    { first: input.first, after: input.cursor, query: updatedSince(input.since) },
    what,
  );
  const page = ordersPage.safeParse(data);
  if (!page.success)
    throw new ShopifyTransientError(`Shopify answered ${what} with an unreadable body`, null, false, 200);
  const orders: GraphqlOrder[] = [];
  const unreadable: string[] = [];
  for (const node of page.data.nodes) {
    const order = orderNode.safeParse(node);
    if (order.success) orders.push(order.data);
    else
      unreadable.push(
        typeof (node as { id?: unknown })?.id === 'string'
          ? (node as { id: string }).id
          : 'an order without id',
      );
  }
  return {
    orders,
    unreadable,
    hasNextPage: page.data.pageInfo.hasNextPage,
    endCursor: page.data.pageInfo.endCursor ?? null,
  };
}

/** Every line item of the order: those of its page, and the rest read apart when there are more. */
export async function allLineItems(
  graphql: ShopifyGraphql,
  order: GraphqlOrder,
): Promise<z.infer<typeof lineItemNode>[]> {
  const items = [...order.lineItems.nodes];
  let info = order.lineItems.pageInfo;
  while (info?.hasNextPage && info.endCursor) {
    const data = await graphql.request(
      'order',
      ORDER_LINE_ITEMS_QUERY,
      { id: order.id, after: info.endCursor },
      `the line items of order ${order.name ?? order.id}`,
    );
    const parsed = z.looseObject({ lineItems }).nullish().safeParse(data);
    if (!parsed.success || !parsed.data)
      throw new ShopifyRefusedError(
        `Shopify did not answer the line items of order ${order.name ?? order.id}`,
        [],
        200,
      );
    items.push(...parsed.data.lineItems.nodes);
    info = parsed.data.lineItems.pageInfo;
  }
  return items;
}
