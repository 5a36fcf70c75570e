import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { shopSales } from './service';

const SECRET = 'list-products-webhook-secret';

// The sales list shows an order's first line item and how many more it has, as the store sent them
// when the order was first recorded: a later delivery of the same order changes neither.
describe('the products a sales row shows', () => {
  let t: TestApp;
  let partnerId: number;
  const send = (topic: string, options: Parameters<typeof shopifyOrderPayload>[0]) =>
    deliver(t.app, topic, shopifyOrderPayload({ code: 'PRODUCTS10', country: 'US', ...options }), {
      secret: SECRET,
    });
  const rows = async () => (await shopSales(t.database.db, partnerId, { page: 1, length: 100 }, 'en')).data;

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    const partner = await createPartnerAccount(t.database.db, {
      email: 'products@example.com',
      password: 'products-partner-1',
      first_name: 'Pia',
      last_name: 'Products',
    });
    await createPromoCode(t.database.db, partner.id, 'PRODUCTS10');
    partnerId = partner.id;
  });
  afterAll(() => t.close());

  it('is the first line item, with the count of the others', async () => {
    expect(
      (
        await send('orders/paid', {
          id: 7001,
          items: [
            ['Kids Multi', 1, 1000],
            ['Dreamy Sleep', 2, 1500],
            ['Calm Bites', 1, 900],
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect((await send('orders/paid', { id: 7002, items: [['Matcha Mind', 1, 4000]] })).statusCode).toBe(200);
    expect((await rows()).map((r) => r.product).sort()).toEqual(['Kids Multi +2', 'Matcha Mind']);
  });

  it('stays what the order was recorded with when it is paid later with other line items', async () => {
    expect(
      (
        await send('orders/create', {
          id: 7003,
          items: [
            ['Beets Cardio', 1, 3000],
            ['ACV Gummies', 1, 2500],
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect((await send('orders/paid', { id: 7003, items: [['Energy', 1, 3000]] })).statusCode).toBe(200);
    const row = (await rows()).find((r) => r.product.startsWith('Beets') || r.product.startsWith('Energy'));
    expect(row?.product).toBe('Beets Cardio +1');
    const order = await t.database.db
      .selectFrom('orders')
      .select(['first_product', 'product_count'])
      .where('shopify_order_id', '=', '7003')
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ first_product: 'Beets Cardio', product_count: 2 });
  });
});
