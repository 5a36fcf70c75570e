// A year of sales for the demo program, sent through the real webhook path (signed payload
// shapes, attribution, tiers, refunds, referrals), plus marketplace sales and vouchers, so a
// newcomer's dashboard is alive. The figures are deterministic (a seeded generator).
import { PRODUCT_ASINS } from '../../common/products';
import type { Db } from '../db';
import { nowIso } from '../db/dialect';
import { shopifyOrderPayload, shopifyRefundPayload } from '../integrations/shopify/sample-payloads';
import { ensureTrackingId, importAssociatesReport } from '../modules/marketplace/service';
import { notifySale } from '../modules/notifications/service';
import { createPartnerAccount } from '../modules/partners/service';
import { createPromoCode } from '../modules/promo-codes/service';
import { approveMaturedEarnings, handleShopifyDelivery } from '../modules/ledger/service';
import { issueVoucher } from '../modules/vouchers/service';
import { sweepBadges } from '../modules/badges/service';
import { announcePaypalCashOuts, announceProductLaunch, LAUNCHED_PRODUCT } from './demo-messages';
import { findPayout, markPayoutPaid, requestPayout, reviewPayout } from '../modules/payouts/service';
import type { StaffUser } from '../db/schema';
import { readProgramCurrency } from '../modules/settings/currency';

const PRODUCTS: [string, number][] = [
  ['ACV Gummies', 2499],
  ['Ashwa Calm Gummies', 2699],
  ['Superfruits Gummies', 2499],
  ['Supergreens Gummies', 2699],
  ['Triple Action Immune Gummies', 2899],
  ['Dreamy Sleep Gummies', 2499],
  ['Kids Multi Gummies', 2299],
  ["Women's Multi Gummies", 2499],
  ['Calm Bites', 2999],
  ['Energy Bites', 2999],
  ['Multi Bites', 2999],
  ['Beets Cardio Gummies', 2799],
  ["Women's PMS Relief Gummies", 2699],
  ['Extra Strength Sleep Gummies', 2699],
  ['Probiotic+ Gummies', 2899],
  ['Matcha Mind Gummies', 2999],
];

/** A small deterministic generator (mulberry32): demo data that is the same on every machine. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DemoSeller {
  partnerId: number;
  code: string;
  email: string;
  /** Orders over the year. */
  orders: number;
}

type DemoStaff = { id: number; name: string; role: StaffUser['role'] };

/** A cash-out as the demo's people would have made it: asked, approved (both stages when above the threshold), and, if `paidAt`, paid by hand. */
async function demoPayout(
  db: Db,
  partnerId: number,
  staff: { reviewer: DemoStaff; manager: DemoStaff },
  askedAt: Date,
  paidAt?: Date,
) {
  const payout = await requestPayout(db, partnerId, 'en', askedAt);
  if (paidAt) await payByHand(db, payout.id, staff, askedAt, paidAt);
  return payout;
}

/** The approval (both stages when above the threshold) of a cash-out asked at `askedAt`, and its payment by hand at `paidAt`. */
async function payByHand(
  db: Db,
  payoutId: number,
  staff: { reviewer: DemoStaff; manager: DemoStaff },
  askedAt: Date,
  paidAt: Date,
) {
  const reviewedAt = new Date((askedAt.getTime() + paidAt.getTime()) / 2);
  await reviewPayout(
    db,
    { payoutId, staff: staff.reviewer, action: 'approve', paypalConfigured: false },
    reviewedAt,
  );
  const reviewed = await findPayout(db, payoutId);
  if (reviewed?.status === 'MANAGER_IN_REVIEW')
    await reviewPayout(
      db,
      { payoutId, staff: staff.manager, action: 'approve', paypalConfigured: false },
      reviewedAt,
    );
  await markPayoutPaid(
    db,
    {
      payoutId,
      staff: staff.manager,
      reference: `BANK-${askedAt.toISOString().slice(0, 10).replaceAll('-', '')}-${payoutId}`,
      paypalConfigured: false,
    },
    paidAt,
  );
}

export async function seedDemoSales(
  db: Db,
  maya: { id: number; email: string; code: string },
  staffId: number,
  staff: { reviewer: DemoStaff; manager: DemoStaff },
  now = new Date(),
): Promise<number> {
  const rand = random(20261121);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const extra = async (first: string, last: string, code: string, referrer: number | null, locale = 'en') => {
    const p = await createPartnerAccount(db, {
      email: `${first.toLowerCase()}.${last.toLowerCase()}@sunbite.example`,
      // Demo partners other than Maya are data only: nobody signs in with them.
      password: `demo-${code.toLowerCase()}-${Math.floor(rand() * 1e9)}`,
      first_name: first,
      last_name: last,
      verified: 1,
      accepted_terms: 1,
      locale,
      country: 'CA',
      referrer_id: referrer,
      referral_commission_amount: 5,
      referral_comission_type: 'percent',
      paypal_email: `${first.toLowerCase()}.paypal@sunbite.example`,
    });
    await createPromoCode(db, p.id, code);
    return p;
  };
  const jordan = await extra('Jordan', 'Lee', 'JORDAN10', maya.id);
  const camille = await extra('Camille', 'Roy', 'CAMILLE', maya.id, 'fr');
  const priya = await extra('Priya', 'Shah', 'PRIYA15', null);
  const sellers: DemoSeller[] = [
    { partnerId: maya.id, code: maya.code, email: maya.email, orders: 190 },
    { partnerId: jordan.id, code: 'JORDAN10', email: jordan.email, orders: 60 },
    { partnerId: camille.id, code: 'CAMILLE', email: camille.email, orders: 35 },
    { partnerId: priya.id, code: 'PRIYA15', email: priya.email, orders: 150 },
    { partnerId: 0, code: '', email: '', orders: 30 },
  ];

  const day = 86_400_000;
  // The demo store sells in the program's currency (PROGRAM_CURRENCY at the first start).
  const currency = await readProgramCurrency(db);
  let sent = 0;
  const deliver = (topic: string, payload: unknown, at: Date) =>
    handleShopifyDelivery(
      db,
      { topic, webhookId: `demo-${sent++}`, rawBody: Buffer.from(JSON.stringify(payload)) },
      at,
    );
  const plan: { seller: DemoSeller; at: Date }[] = [];
  for (const seller of sellers) {
    for (let i = 0; i < seller.orders; i++) {
      // More sales in recent months: the program is growing.
      const age = Math.floor(365 * (1 - Math.sqrt(rand())));
      plan.push({ seller, at: new Date(now.getTime() - age * day - Math.floor(rand() * day)) });
    }
  }
  plan.sort((a, b) => a.at.getTime() - b.at.getTime());
  // Every order's details are drawn first, then the marketplace report's lines, in the order the
  // generator always gave them: the deliveries below can then take the report's import at its own
  // day, between the orders around it.
  const orders = plan.map(({ seller, at }) => {
    const items: [string, number, number][] = [];
    for (let n = 1 + Math.floor(rand() * 2.2); n > 0; n--) {
      const [title, price] = pick(PRODUCTS);
      items.push([title, 1 + Math.floor(rand() * 2), price]);
    }
    const country = rand() < 0.45 ? 'CA' : rand() < 0.75 ? 'US' : pick(['FR', 'GB', 'AU', 'DE']);
    const email =
      seller.partnerId === maya.id && rand() < 0.01
        ? maya.email
        : `customer${Math.floor(rand() * 1e6)}@example.com`;
    return { seller, at, items, country, email, fate: rand() };
  });

  // Marketplace: Maya's Amazon sales of the year, imported as staff would, 35 days ago.
  const reportAt = new Date(now.getTime() - 35 * day);
  const tag = await ensureTrackingId(db, maya.id);
  const lines = [
    'Fee-Earnings reports (demo)',
    'Category\tName\tASIN\tSeller\tTracking ID\tDate Shipped\tPrice($)\tItems Shipped\tReturns\tRevenue($)\tAd Fees($)\tDevice Type Group',
  ];
  const asins = Object.values(PRODUCT_ASINS);
  for (let i = 0; i < 45; i++) {
    const [title, price] = pick(PRODUCTS);
    const items = 1 + Math.floor(rand() * 3);
    // Shipped before the report was imported: a later date would be refused.
    const date = new Date(now.getTime() - Math.floor(rand() * 315 + 36) * day).toISOString().slice(0, 10);
    lines.push(
      [
        'Health',
        `Sunbite ${title}`,
        pick(asins),
        'Amazon.com',
        tag,
        date,
        (price / 100).toFixed(2),
        items,
        0,
        ((price * items) / 100).toFixed(2),
        '0.00',
        'PHONE',
      ].join('\t'),
    );
  }
  let lastApproval = 0;
  // Maya cashed out a few times during the year (paid by hand two days later); her latest
  // earnings are payable now, and nothing of hers is open, so she can cash out in the demo.
  const mayaCashOuts = [250, 160, 95, 40].map((daysAgo) => new Date(now.getTime() - daysAgo * day));
  // Each asked on its day and paid two days later, between the orders of those days; the paid
  // payout's job weighs the cash-out badge then.
  const cashOuts = mayaCashOuts.flatMap((askedAt) => {
    const paidAt = new Date(askedAt.getTime() + 2 * day);
    let payoutId = 0;
    return [
      {
        at: askedAt,
        run: async () => {
          await approveMaturedEarnings(db, askedAt);
          payoutId = (await demoPayout(db, maya.id, staff, askedAt)).id;
        },
      },
      {
        at: paidAt,
        run: async () => {
          await payByHand(db, payoutId, staff, askedAt, paidAt);
          await sweepBadges(db, paidAt);
        },
      },
    ];
  });
  const importReport = async () => {
    await importAssociatesReport(
      db,
      { name: 'demo-associates-report.tsv', content: Buffer.from(lines.join('\n')) },
      staffId,
      reportAt,
    );
    // Its earnings count for the badges at the sweep after the import.
    await sweepBadges(db, reportAt);
  };
  // Staff's announcements on the days the seeded data gives them (demo-messages.ts): the product's
  // launch the day before its first sale, PayPal cash-outs the day after the last paid by hand.
  const firstLaunchedSale = orders.find((o) => o.items.some(([title]) => title === LAUNCHED_PRODUCT));
  const launchAt = new Date((firstLaunchedSale?.at ?? now).getTime() - day);
  const paypalAt = new Date(mayaCashOuts[mayaCashOuts.length - 1]!.getTime() + 3 * day);
  // The rest of the year, each at its instant between the orders.
  const events: { at: Date; run: () => Promise<unknown> }[] = [
    ...cashOuts,
    { at: reportAt, run: importReport },
    { at: launchAt, run: () => announceProductLaunch(db, staff.manager.id, launchAt) },
    { at: paypalAt, run: () => announcePaypalCashOuts(db, staff.manager.id, paypalAt) },
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  for (const { seller, at, items, country, email, fate } of orders) {
    while (events.length && events[0]!.at.getTime() <= at.getTime()) await events.shift()!.run();
    // Earnings whose holding period ended before this order count for the seller's tier.
    if (at.getTime() - lastApproval > 7 * day) {
      await approveMaturedEarnings(db, at);
      lastApproval = at.getTime();
    }
    const order = shopifyOrderPayload({
      code: seller.code || null,
      items,
      country,
      createdAt: at.toISOString(),
      currency,
      email,
    });
    await deliver('orders/paid', order, at);
    // A cancellation a day later, a refund three days later: never after the seed's moment.
    const later = (days: number) =>
      at.getTime() + days * day <= now.getTime() ? new Date(at.getTime() + days * day) : null;
    const cancelledAt = fate < 0.03 ? later(1) : null;
    const refundedAt = fate >= 0.03 && fate < 0.08 ? later(3) : null;
    // The order's follow-up, as its job would have done it then: the sale notification (dated when
    // the order came in; none for an order about to be cancelled), then the badges it earned, the
    // seller's and a referrer's (docs/product/engagement.md#badges), weighed at the order's instant
    // as its job and the sweep would have, so each badge is dated when the year's sales reached it.
    if (!cancelledAt) {
      const placed = await db
        .selectFrom('orders')
        .select(['id', 'placed_at'])
        .where('shopify_order_id', '=', String(order.id))
        .executeTakeFirstOrThrow();
      const made = await notifySale(db, placed.id);
      if (made)
        await db
          .updateTable('notifications')
          .set({ created_at: placed.placed_at })
          .where('id', '=', made.notificationId)
          .execute();
    }
    await sweepBadges(db, at);
    if (cancelledAt)
      await deliver('orders/cancelled', { ...order, cancelled_at: cancelledAt.toISOString() }, cancelledAt);
    else if (refundedAt) await deliver('refunds/create', shopifyRefundPayload(order, [[0, 1]]), refundedAt);
  }
  for (const event of events) await event.run();
  await approveMaturedEarnings(db, now);

  // The newest three of Maya's notifications unread, the year's others read.
  const unread = await db
    .selectFrom('notifications')
    .select('id')
    .where('partner_id', '=', maya.id)
    .orderBy('id', 'desc')
    .limit(3)
    .execute();
  await db
    .updateTable('notifications')
    .set({ read_at: nowIso(now) })
    .where('id', 'not in', unread.length ? unread.map((n) => n.id) : [-1])
    .execute();
  await db
    .updateTable('jobs')
    .set({ done_at: nowIso(now) })
    .where('done_at', 'is', null)
    .execute();

  // Cash-outs waiting for staff: Camille's and Jordan's at the first stage, Priya's (a year of
  // earnings, above the manager threshold) approved by the reviewer and waiting for a manager.
  await demoPayout(db, camille.id, staff, new Date(now.getTime() - 2 * day));
  await demoPayout(db, jordan.id, staff, new Date(now.getTime() - day));
  const priyaPayout = await demoPayout(db, priya.id, staff, new Date(now.getTime() - 3 * day));
  await reviewPayout(
    db,
    { payoutId: priyaPayout.id, staff: staff.reviewer, action: 'approve', paypalConfigured: false },
    new Date(now.getTime() - 2 * day),
  );
  await db
    .updateTable('jobs')
    .set({ done_at: nowIso(now) })
    .where('done_at', 'is', null)
    .execute();

  const mayaUuid = (
    await db.selectFrom('partners').select('uuid').where('id', '=', maya.id).executeTakeFirstOrThrow()
  ).uuid;
  await issueVoucher(
    db,
    staffId,
    mayaUuid,
    { type: 'product', amount: 2, valid_till: new Date(now.getTime() + 90 * day).toISOString() },
    now,
  );
  await issueVoucher(
    db,
    staffId,
    mayaUuid,
    {
      code: 'MAYASPRING',
      type: 'percent',
      amount: 20,
      valid_from: new Date(now.getTime() - 240 * day).toISOString(),
      valid_till: new Date(now.getTime() - 150 * day).toISOString(),
    },
    now,
  );
  return plan.length;
}
