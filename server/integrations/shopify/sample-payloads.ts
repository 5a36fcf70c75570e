// Shopify webhook payloads in their real shapes (money as strings, discount_codes, line_items,
// refunds[].refund_line_items, shipping_address.country_code): what the demo seed, the order
// simulator, the benchmark and the tests send through the real webhook path.

let nextId = 5_600_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
const money = (cents: number) => (cents / 100).toFixed(2);

export interface OrderOptions {
  id?: number;
  code?: string | null;
  email?: string;
  /** Line items as [title, quantity, unit price in cents]. */
  items?: [string, number, number][];
  discountPercent?: number;
  country?: string | null;
  createdAt?: string;
  /** The shop's currency (USD unless said). */
  currency?: string;
}

export function shopifyOrderPayload(options: OrderOptions = {}) {
  const id = options.id ?? nextId++;
  const items = options.items ?? [['ACV Gummies', 2, 2500]];
  const gross = items.reduce((s, [, q, p]) => s + q * p, 0);
  const discount = options.code ? Math.round((gross * (options.discountPercent ?? 15)) / 100) : 0;
  const subtotal = gross - discount;
  const shipping = 795;
  const tax = Math.round(subtotal * 0.13);
  const createdAt = options.createdAt ?? new Date().toISOString();
  const number = 1000 + (id % 100000);
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${number}`,
    order_number: number,
    email: options.email ?? 'customer@example.com',
    contact_email: options.email ?? 'customer@example.com',
    created_at: createdAt,
    processed_at: createdAt,
    updated_at: createdAt,
    cancelled_at: null,
    cancel_reason: null,
    currency: options.currency ?? 'USD',
    presentment_currency: options.currency ?? 'USD',
    financial_status: 'paid',
    fulfillment_status: null,
    total_line_items_price: money(gross),
    total_discounts: money(discount),
    subtotal_price: money(subtotal),
    total_tax: money(tax),
    total_price: money(subtotal + shipping + tax),
    taxes_included: false,
    discount_codes: options.code ? [{ code: options.code, amount: money(discount), type: 'percentage' }] : [],
    line_items: items.map(([title, quantity, price], i) => ({
      id: id * 10 + i,
      admin_graphql_api_id: `gid://shopify/LineItem/${id * 10 + i}`,
      title,
      name: title,
      quantity,
      price: money(price),
      sku: title.toUpperCase().replace(/\W+/g, '-'),
      variant_id: 4926 + i,
      product_id: 632910392 + i,
      vendor: 'Sunbite',
      taxable: true,
      total_discount: '0.00',
      fulfillment_status: null,
    })),
    shipping_lines: [{ id: 369256396, title: 'Standard', price: money(shipping), code: 'Standard' }],
    shipping_address:
      options.country === null
        ? null
        : {
            first_name: 'Sam',
            last_name: 'Buyer',
            address1: '123 Main St',
            city: 'Springfield',
            zip: '12345',
            country: 'United States',
            country_code: options.country ?? 'US',
          },
    customer: {
      id: 207119551,
      email: options.email ?? 'customer@example.com',
      first_name: 'Sam',
      last_name: 'Buyer',
    },
    refunds: [],
  };
}

export type OrderPayload = ReturnType<typeof shopifyOrderPayload>;

/** A refund of some of the order's line items (quantity of each, by index). */
export function shopifyRefundPayload(
  order: OrderPayload,
  lines: [index: number, quantity: number][],
  id = nextId++,
) {
  const gross = order.line_items.reduce((s, l) => s + l.quantity * Math.round(Number(l.price) * 100), 0);
  const ratio = gross === 0 ? 0 : Math.round(Number(order.subtotal_price) * 100) / gross;
  return {
    id,
    order_id: order.id,
    created_at: new Date().toISOString(),
    note: 'Customer changed their mind',
    restock: true,
    refund_line_items: lines.map(([index, quantity]) => {
      const item = order.line_items[index]!;
      const subtotal = Math.round(quantity * Math.round(Number(item.price) * 100) * ratio);
      return {
        id: id + index,
        line_item_id: item.id,
        quantity,
        restock_type: 'return',
        subtotal: money(subtotal),
        total_tax: money(Math.round(subtotal * 0.13)),
        line_item: item,
      };
    }),
    transactions: [
      { id: id + 99, kind: 'refund', status: 'success', amount: '0.00', currency: order.currency },
    ],
  };
}
