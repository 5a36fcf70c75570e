// Shopify webhook payloads in the shape of Shopify's documented REST examples (orders/paid and
// refunds/create of the Admin REST API: `*_set` amounts in shop and presentment money,
// `discount_allocations` and `tax_lines` on every line item, `taxes_included`, `test`,
// `gift_card`, refunds with `refund_line_items`, `transactions` and `order_adjustments`), with
// the awkward cases real stores send: another shop currency, a customer paying in a third one,
// prices that hold the tax, gift cards, test orders, refunds with no line item, the older refund
// format without `subtotal`, and the store's own test notification. Amounts are written as the
// tests give them (in cents), never computed by the rules under test.

let nextId = 6_100_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
const money = (cents: number) => (cents / 100).toFixed(2);
const set = (cents: number, shop: string, presentment: string, rate: number) => ({
  shop_money: { amount: money(cents), currency_code: shop },
  presentment_money: { amount: money(Math.round(cents * rate)), currency_code: presentment },
});

export interface DocumentedLine {
  title: string;
  quantity: number;
  /** Unit price in shop money, cents (holding the tax where the shop's prices include it). */
  price: number;
  /** The line's share of the order's discounts, in cents (all units together). */
  discount?: number;
  /** The line's tax, in cents (inside the price when `taxesIncluded`). */
  tax?: number;
  giftCard?: boolean;
}

export interface DocumentedOrderOptions {
  shopCurrency?: string;
  /** The customer's currency, and shop money × presentmentRate = presentment money. */
  presentmentCurrency?: string;
  presentmentRate?: number;
  taxesIncluded?: boolean;
  test?: boolean;
  code?: string | null;
  lines: DocumentedLine[];
  /** In cents, shop money. */
  subtotal: number;
  shipping?: number;
  /** All the order's tax (lines and shipping), in cents. */
  totalTax?: number;
  total: number;
  country?: string;
  email?: string;
  createdAt?: string;
}

export function documentedOrder(o: DocumentedOrderOptions) {
  const id = nextId++;
  const shop = o.shopCurrency ?? 'USD';
  const presentment = o.presentmentCurrency ?? shop;
  const rate = o.presentmentRate ?? 1;
  const m = (cents: number) => set(cents, shop, presentment, rate);
  const at = o.createdAt ?? '2026-11-20T10:15:00-05:00';
  const discount = o.lines.reduce((s, l) => s + (l.discount ?? 0), 0);
  const gross = o.lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const email = o.email ?? 'bob.norman@mail.example.com';
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    app_id: 580111,
    browser_ip: '0.0.0.0',
    buyer_accepts_marketing: false,
    cancel_reason: null,
    cancelled_at: null,
    cart_token: 'c1-7a2b',
    checkout_id: 901414060,
    checkout_token: 'ch-8b3c',
    client_details: {
      accept_language: 'fr-CA',
      browser_height: null,
      browser_ip: '0.0.0.0',
      browser_width: null,
      session_hash: null,
      user_agent: null,
    },
    closed_at: null,
    confirmation_number: 'ZW2QJH7KG',
    confirmed: true,
    contact_email: email,
    created_at: at,
    currency: shop,
    current_subtotal_price: money(o.subtotal),
    current_subtotal_price_set: m(o.subtotal),
    current_total_price: money(o.total),
    current_total_price_set: m(o.total),
    current_total_tax: money(o.totalTax ?? 0),
    current_total_tax_set: m(o.totalTax ?? 0),
    customer_locale: 'fr-CA',
    discount_codes: o.code ? [{ code: o.code, amount: money(discount), type: 'percentage' }] : [],
    email,
    estimated_taxes: false,
    financial_status: 'paid',
    fulfillment_status: null,
    landing_site: '/?ref=partner',
    name: `#${1000 + (id % 9000)}`,
    note: null,
    number: id % 9000,
    order_number: 1000 + (id % 9000),
    order_status_url: `https://sunbite.example/orders/${id}/authenticate?key=secret-key`,
    payment_gateway_names: [o.test ? 'bogus' : 'shopify_payments'],
    presentment_currency: presentment,
    processed_at: at,
    source_name: 'web',
    subtotal_price: money(o.subtotal),
    subtotal_price_set: m(o.subtotal),
    tags: '',
    tax_lines: o.totalTax
      ? [{ price: money(o.totalTax), rate: 0.1, title: 'GST', price_set: m(o.totalTax) }]
      : [],
    taxes_included: o.taxesIncluded ?? false,
    test: o.test ?? false,
    token: 'tok-secret',
    total_discounts: money(discount),
    total_discounts_set: m(discount),
    total_line_items_price: money(gross),
    total_line_items_price_set: m(gross),
    total_price: money(o.total),
    total_price_set: m(o.total),
    total_shipping_price_set: m(o.shipping ?? 0),
    total_tax: money(o.totalTax ?? 0),
    total_tax_set: m(o.totalTax ?? 0),
    total_weight: 0,
    updated_at: at,
    user_id: null,
    customer: { id: 115310627314723950, email, first_name: 'Bob', last_name: 'Norman', currency: shop },
    discount_applications: o.code
      ? [
          {
            target_type: 'line_item',
            type: 'discount_code',
            value: '15.0',
            value_type: 'percentage',
            allocation_method: 'across',
            target_selection: 'all',
            code: o.code,
          },
        ]
      : [],
    line_items: o.lines.map((l, i) => ({
      id: id * 10 + i,
      admin_graphql_api_id: `gid://shopify/LineItem/${id * 10 + i}`,
      fulfillable_quantity: l.quantity,
      fulfillment_service: l.giftCard ? 'gift_card' : 'manual',
      fulfillment_status: null,
      gift_card: l.giftCard ?? false,
      grams: l.giftCard ? 0 : 200,
      name: l.title,
      price: money(l.price),
      price_set: m(l.price),
      product_exists: true,
      product_id: 788032119674292900 + i,
      properties: [],
      quantity: l.quantity,
      requires_shipping: !l.giftCard,
      sku: l.giftCard ? null : l.title.toUpperCase().replace(/\W+/g, '-'),
      taxable: !l.giftCard,
      title: l.title,
      total_discount: '0.00',
      total_discount_set: m(0),
      variant_id: 642667041472713900 + i,
      variant_inventory_management: 'shopify',
      variant_title: null,
      vendor: 'Sunbite',
      tax_lines: l.tax
        ? [{ channel_liable: false, price: money(l.tax), price_set: m(l.tax), rate: 0.1, title: 'GST' }]
        : [],
      duties: [],
      discount_allocations: l.discount
        ? [{ amount: money(l.discount), amount_set: m(l.discount), discount_application_index: 0 }]
        : [],
    })),
    shipping_address: {
      first_name: 'Bob',
      last_name: 'Norman',
      address1: '1 Rue Sainte-Catherine',
      city: 'Montréal',
      zip: 'H2X 1K4',
      province: 'Quebec',
      country: 'Canada',
      country_code: o.country ?? 'CA',
      province_code: 'QC',
    },
    shipping_lines: o.shipping
      ? [
          {
            id: 271878346596884000,
            code: 'Standard',
            price: money(o.shipping),
            price_set: m(o.shipping),
            title: 'Standard',
            tax_lines: [],
            discount_allocations: [],
          },
        ]
      : [],
    refunds: [],
  };
}
export type DocumentedOrder = ReturnType<typeof documentedOrder>;

export interface DocumentedRefundLine {
  /** Index of the order's line item. */
  index: number;
  quantity: number;
  /** Cents; left out in the older format (then `older: true`). */
  subtotal?: number;
  tax?: number;
}

export function documentedRefund(
  order: DocumentedOrder,
  r: {
    lines?: DocumentedRefundLine[];
    older?: boolean;
    adjustments?: { kind: 'refund_discrepancy' | 'shipping_refund'; amount: number; tax?: number }[];
    transaction: number;
  },
) {
  const id = nextId++;
  const shop = order.currency;
  const m = (cents: number) => set(cents, shop, order.presentment_currency, 1);
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Refund/${id}`,
    created_at: '2026-11-25T09:00:00-05:00',
    note: 'Damaged on arrival',
    order_id: order.id,
    processed_at: '2026-11-25T09:00:00-05:00',
    restock: false,
    total_duties_set: m(0),
    user_id: 548380009,
    order_adjustments: (r.adjustments ?? []).map((a, i) => ({
      id: id * 10 + i,
      amount: money(a.amount),
      amount_set: m(a.amount),
      kind: a.kind,
      order_id: order.id,
      reason: a.kind === 'shipping_refund' ? 'Shipping refund' : 'Refund discrepancy',
      refund_id: id,
      tax_amount: money(a.tax ?? 0),
      tax_amount_set: m(a.tax ?? 0),
    })),
    transactions: [
      {
        id: id + 7,
        admin_graphql_api_id: `gid://shopify/OrderTransaction/${id + 7}`,
        amount: money(r.transaction),
        authorization: null,
        created_at: '2026-11-25T09:00:00-05:00',
        currency: shop,
        gateway: 'shopify_payments',
        kind: 'refund',
        order_id: order.id,
        parent_id: 1,
        status: 'success',
        test: order.test,
      },
    ],
    refund_line_items: (r.lines ?? []).map((l, i) => {
      const item = order.line_items[l.index]!;
      const base = {
        id: id * 10 + 5 + i,
        line_item_id: item.id,
        location_id: 24826418,
        quantity: l.quantity,
        restock_type: 'no_restock',
        line_item: item,
      };
      return r.older
        ? base
        : {
            ...base,
            subtotal: money(l.subtotal ?? 0),
            subtotal_set: m(l.subtotal ?? 0),
            total_tax: money(l.tax ?? 0),
            total_tax_set: m(l.tax ?? 0),
          };
    }),
    duties: [],
  };
}

/**
 * What the store sends for "Send test notification" (Settings → Notifications → Webhooks): its
 * sample order, whose id (820982911946154508) is beyond what a JSON number holds exactly.
 */
export const TEST_NOTIFICATION_ORDER = `{"id":820982911946154508,"admin_graphql_api_id":"gid:\\/\\/shopify\\/Order\\/820982911946154508","app_id":null,"browser_ip":null,"buyer_accepts_marketing":true,"cancel_reason":"customer","cancelled_at":"2026-11-01T11:00:00-05:00","cart_token":null,"checkout_id":null,"checkout_token":null,"confirmed":false,"contact_email":"jon@example.com","created_at":"2026-11-01T10:00:00-05:00","currency":"USD","email":"jon@example.com","financial_status":"voided","name":"#9999","order_number":1234,"presentment_currency":"USD","subtotal_price":"449.00","subtotal_price_set":{"shop_money":{"amount":"449.00","currency_code":"USD"},"presentment_money":{"amount":"449.00","currency_code":"USD"}},"taxes_included":false,"test":true,"total_price":"459.00","total_tax":"0.00","discount_codes":[],"line_items":[{"id":866550311766439020,"gift_card":false,"name":"Draft","price":"199.00","quantity":1,"sku":"draft-151","title":"Draft"},{"id":141249953214522974,"gift_card":false,"name":"Draft","price":"250.00","quantity":1,"sku":"draft-152","title":"Draft"}],"shipping_address":{"country_code":"US"},"refunds":[]}`;

export const TEST_NOTIFICATION_REFUND = `{"id":890088186047892319,"order_id":820982911946154508,"created_at":"2026-11-01T12:00:00-05:00","note":"Things were damaged","processed_at":"2026-11-01T12:00:00-05:00","restock":false,"order_adjustments":[],"transactions":[],"refund_line_items":[{"id":487817672276298554,"line_item_id":866550311766439020,"quantity":1,"restock_type":"no_restock","subtotal":"199.00","total_tax":"0.00"}]}`;
