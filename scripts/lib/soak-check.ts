// What the soak (scripts/soak.ts) proves once the load has stopped and the follow-up work has
// drained: nothing the clients were told was taken is lost or doubled (orders, their items, their
// earnings and sale notifications, payouts), the money adds up (the running totals equal the
// ledger recomputed; each payout equals its earnings; each cash-out partner's money is in exactly
// one place; PayPal paid each paid payout once and nothing else), and every mail is accounted for.
// Each check answers lines to print; a failure is a line that starts with "FAIL".
import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { rebuildLedgerStats } from '../../server/modules/ledger/service';
import type { PayPalStandIn } from '../../server/test/paypal-stand-in';
import type { TestSmtp } from '../../server/test/smtp';
import { repeats } from './soak-stats';
import type { KillWindow } from './soak-stats';
import type { Acknowledged, CashOut } from './soak-worker';

export interface CheckReport {
  lines: string[];
  failures: string[];
}

function reporter() {
  const lines: string[] = [];
  const failures: string[] = [];
  return {
    lines,
    failures,
    ok: (line: string) => void lines.push(`ok    ${line}`),
    note: (line: string) => void lines.push(`      ${line}`),
    fail: (line: string) => {
      lines.push(`FAIL  ${line}`);
      failures.push(line);
    },
  };
}

const chunks = <T>(items: T[], size = 1000): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
const first = <T>(items: Iterable<T>, n = 5) => [...items].slice(0, n);

/** Every order Shopify was told was taken is in the ledger once, with its items, its one sale earning and its one sale notification. */
async function checkOrders(
  db: Db,
  acknowledged: Acknowledged[],
  unacknowledged: string[],
  r: ReturnType<typeof reporter>,
) {
  const expected = new Map(acknowledged.map((a) => [a.orderId, a]));
  const rows: {
    shopify_order_id: string;
    id: number;
    partner_id: number | null;
    subtotal_cents: number;
    status: string;
  }[] = [];
  for (const slice of chunks([...expected.keys(), ...unacknowledged]))
    rows.push(
      ...(await db
        .selectFrom('orders')
        .select(['shopify_order_id', 'id', 'partner_id', 'subtotal_cents', 'status'])
        .where('shopify_order_id', 'in', slice)
        .execute()),
    );
  const byShopifyId = new Map<string, typeof rows>();
  for (const row of rows)
    byShopifyId.set(row.shopify_order_id, [...(byShopifyId.get(row.shopify_order_id) ?? []), row]);
  const missing = [...expected.keys()].filter((id) => !byShopifyId.has(id));
  const doubled = [...byShopifyId.entries()].filter(([, list]) => list.length > 1).map(([id]) => id);
  const deliveries = acknowledged.length;
  if (missing.length)
    r.fail(`${missing.length} acknowledged orders are not in the ledger (e.g. ${first(missing).join(', ')})`);
  if (doubled.length)
    r.fail(`${doubled.length} orders are in the ledger more than once (e.g. ${first(doubled).join(', ')})`);
  if (!missing.length && !doubled.length)
    r.ok(
      `orders: ${expected.size} acknowledged (${deliveries} 2xx answers, duplicates included), each in the ledger exactly once`,
    );
  const madeIt = unacknowledged.filter((id) => byShopifyId.has(id)).length;
  if (unacknowledged.length)
    r.note(
      `${new Set(unacknowledged).size} orders never acknowledged (given up at the end); ${madeIt} of them are in the ledger anyway (committed, answer lost)`,
    );
  // Webhook orders the soak never sent: none may exist.
  const strays = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('n'))
    .where('shopify_order_id', 'not like', 'soak-seed-%')
    .executeTakeFirstOrThrow();
  const known = new Set([...expected.keys(), ...unacknowledged.filter((id) => byShopifyId.has(id))]).size;
  if (Number(strays.n) !== known)
    r.fail(`the ledger holds ${strays.n} store orders from webhooks, the soak knows of ${known}`);

  const orderIds = rows.map((o) => o.id);
  const itemCounts = new Map<number, number>();
  const earningCounts = new Map<number, { n: number; base: number }>();
  const notified = new Map<number, number>();
  for (const slice of chunks(orderIds)) {
    for (const row of await db
      .selectFrom('order_items')
      .select(['order_id', sql<number>`count(*)`.as('n'), sql<number>`count(distinct line_item_id)`.as('d')])
      .where('order_id', 'in', slice)
      .groupBy('order_id')
      .execute()) {
      itemCounts.set(row.order_id, Number(row.n) === Number(row.d) ? Number(row.n) : -1);
    }
    for (const row of await db
      .selectFrom('earnings')
      .select(['order_id', sql<number>`count(*)`.as('n'), sql<number>`max(base_cents)`.as('base')])
      .where('order_id', 'in', slice)
      .where('kind', '=', 'sale')
      .groupBy('order_id')
      .execute()) {
      earningCounts.set(row.order_id!, { n: Number(row.n), base: Number(row.base) });
    }
    const keys = slice.map((id) => `sale:${id}`);
    for (const row of await db
      .selectFrom('notifications')
      .select(['dedupe_key', sql<number>`count(*)`.as('n')])
      .where('dedupe_key', 'in', keys)
      .groupBy('dedupe_key')
      .execute()) {
      notified.set(Number(row.dedupe_key!.slice(5)), Number(row.n));
    }
  }
  const wrongItems = rows.filter(
    (o) =>
      expected.has(o.shopify_order_id) &&
      itemCounts.get(o.id) !== expected.get(o.shopify_order_id)!.lineItems,
  );
  if (wrongItems.length)
    r.fail(
      `${wrongItems.length} orders do not hold exactly their line items once (e.g. ${first(wrongItems.map((o) => `${o.shopify_order_id}: ${itemCounts.get(o.id) ?? 0} items`)).join(', ')})`,
    );
  else
    r.ok(
      `order items: every order holds each of its line items exactly once (${[...itemCounts.values()].reduce((s, n) => s + n, 0)} items)`,
    );
  const wrongEarnings = rows.filter(
    (o) => earningCounts.get(o.id)?.n !== 1 || earningCounts.get(o.id)!.base !== o.subtotal_cents,
  );
  if (wrongEarnings.length)
    r.fail(
      `${wrongEarnings.length} orders do not have exactly one sale earning on their subtotal (e.g. ${first(wrongEarnings.map((o) => `${o.shopify_order_id}: ${earningCounts.get(o.id)?.n ?? 0}`)).join(', ')})`,
    );
  else r.ok(`earnings: exactly one sale earning per order, on its subtotal (${rows.length})`);
  const wrongNotices = rows.filter((o) => notified.get(o.id) !== 1);
  if (wrongNotices.length)
    r.fail(
      `${wrongNotices.length} orders do not have exactly one sale notification (e.g. ${first(wrongNotices.map((o) => `${o.shopify_order_id}: ${notified.get(o.id) ?? 0}`)).join(', ')})`,
    );
  else r.ok(`follow-up: exactly one sale notification per order (${rows.length})`);
}

/** Every running total, as rows comparable by their text. */
async function totalsSnapshot(db: Db): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  const put = (table: string, key: string, value: unknown[]) => {
    const text = value.map((v) => String(Number(v))).join(',');
    // A total at zero is the same as no row (rebuildLedgerStats writes none for it).
    if (text.split(',').every((v) => v === '0')) return;
    rows.set(`${table}:${key}`, text);
  };
  for (const s of await db.selectFrom('partner_sales_stats').selectAll().execute())
    put('partner_sales_stats', `${s.partner_id}|${s.period}|${s.start}|${s.geo}`, [
      s.orders,
      s.sales_cents,
      s.commission_cents,
    ]);
  for (const s of await db.selectFrom('partner_earning_stats').selectAll().execute())
    put('partner_earning_stats', `${s.partner_id}|${s.month}|${s.kind}|${s.status}`, [s.earnings, s.cents]);
  for (const s of await db
    .selectFrom('orders')
    .select(['id', 'counted_orders', 'counted_sales_cents', 'counted_commission_cents'])
    .execute())
    put('orders.counted', String(s.id), [
      s.counted_orders,
      s.counted_sales_cents,
      s.counted_commission_cents,
    ]);
  for (const s of await db
    .selectFrom('partners')
    .select(['id', 'total_sales_cents', 'total_earned_cents', 'verified_sales'])
    .execute())
    put('partners.totals', String(s.id), [s.total_sales_cents, s.total_earned_cents, s.verified_sales]);
  for (const s of await db.selectFrom('program_month_stats').selectAll().execute())
    put('program_month_stats', s.month, [s.orders, s.sales_cents, s.commission_cents]);
  for (const s of await db.selectFrom('program_earning_stats').selectAll().execute())
    put('program_earning_stats', `${s.month}|${s.kind}|${s.status}`, [s.earnings, s.cents]);
  return rows;
}

class RollBack extends Error {}

/**
 * The running totals kept with every change equal the ledger recomputed (rebuildLedgerStats, in a
 * transaction that is rolled back): what decisions/009 promises and the stats test checks on one node.
 */
async function checkTotals(db: Db, r: ReturnType<typeof reporter>) {
  let before = new Map<string, string>();
  let after = new Map<string, string>();
  try {
    await db.transaction().execute(async (trx) => {
      before = await totalsSnapshot(trx);
      await rebuildLedgerStats(trx);
      // The program totals follow the ledger by triggers deferred to commit on PostgreSQL
      // (migration 022); fired now, or this transaction, rolled back, would never compare them.
      await sql`set constraints all immediate`.execute(trx);
      after = await totalsSnapshot(trx);
      throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  const differ = [...new Set([...before.keys(), ...after.keys()])].filter(
    (k) => before.get(k) !== after.get(k),
  );
  if (differ.length)
    r.fail(
      `${differ.length} running totals differ from the ledger recomputed (e.g. ${first(differ, 3)
        .map((k) => `${k}: kept ${before.get(k) ?? 'none'}, ledger ${after.get(k) ?? 'none'}`)
        .join('; ')})`,
    );
  else
    r.ok(
      `money invariant: every running total (${before.size} rows: partner sales and earning stats, orders' counted figures, partners' totals, program totals) equals the ledger recomputed`,
    );
}

/**
 * Payouts: each accepted request is one payout, none doubled; each payout equals its items and its
 * earnings; each cash-out partner's approved money is in exactly one place; PayPal paid every paid
 * payout once, for its amount, and nothing else.
 */
async function checkPayouts(
  db: Db,
  cashOuts: CashOut[],
  cashers: { id: number; owedCents: number }[],
  paypal: PayPalStandIn,
  r: ReturnType<typeof reporter>,
) {
  const accepted = cashOuts.filter((c) => c.status === 201);
  const givenTwice = repeats(accepted.map((c) => c.payoutId));
  if (givenTwice.size) r.fail(`payout ids answered to two requests: ${first(givenTwice.keys()).join(', ')}`);
  const payouts = await db.selectFrom('payouts').selectAll().execute();
  const byId = new Map(payouts.map((p) => [p.id, p]));
  const lost = accepted.filter((c) => c.payoutId === null || !byId.has(c.payoutId));
  if (lost.length)
    r.fail(`${lost.length} accepted payout requests have no payout (e.g. partner ${lost[0]!.partnerId})`);
  const perPartner = repeats(payouts.map((p) => p.partner_id));
  if (perPartner.size)
    r.fail(
      `${perPartner.size} partners have more than one payout from one cash-out (e.g. partner ${first(perPartner.keys()).join(', ')})`,
    );
  const acceptedIds = new Set(accepted.map((c) => c.payoutId));
  const unanswered = payouts.filter((p) => !acceptedIds.has(p.id));
  // A payout nobody was told of: only a request that got no answer (its node died under it) may have made one.
  const noAnswer = new Set(cashOuts.filter((c) => c.status === 0 || c.status >= 500).map((c) => c.partnerId));
  const unexplained = unanswered.filter((p) => !noAnswer.has(p.partner_id));
  if (unexplained.length)
    r.fail(
      `${unexplained.length} payouts exist that no accepted request made (e.g. payout ${unexplained[0]!.id})`,
    );
  const pairs = cashOuts.filter((c) => c.status === 422).length;
  if (!givenTwice.size && !lost.length && !perPartner.size && !unexplained.length)
    r.ok(
      `payouts: ${accepted.length} accepted, each one payout, none doubled (${pairs} second asks refused with 422; ${unanswered.length} made by a request whose answer the kill lost)`,
    );

  const items = await db
    .selectFrom('payout_items')
    .select(['payout_id', 'earning_id', 'amount_cents'])
    .execute();
  const itemSum = new Map<number, number>();
  for (const i of items) itemSum.set(i.payout_id, (itemSum.get(i.payout_id) ?? 0) + i.amount_cents);
  const live = new Set(
    payouts.filter((p) => p.status !== 'REJECTED' && p.status !== 'MANAGER_REJECTED').map((p) => p.id),
  );
  const inTwo = repeats(items.filter((i) => live.has(i.payout_id)).map((i) => i.earning_id));
  if (inTwo.size)
    r.fail(`${inTwo.size} earnings are in two live payouts (e.g. earning ${first(inTwo.keys()).join(', ')})`);
  const earnings = await db
    .selectFrom('earnings')
    .select(['id', 'partner_id', 'status', 'payout_id', 'amount_cents'])
    .where('partner_id', 'in', cashers.length ? cashers.map((c) => c.id) : [0])
    .execute();
  const held = new Map<number, { cents: number; n: number; statuses: Set<string> }>();
  for (const e of earnings) {
    if (e.payout_id === null) continue;
    const h = held.get(e.payout_id) ?? { cents: 0, n: 0, statuses: new Set<string>() };
    h.cents += e.amount_cents;
    h.n++;
    h.statuses.add(e.status);
    held.set(e.payout_id, h);
  }
  const wrong: string[] = [];
  for (const p of payouts) {
    const h = held.get(p.id);
    const rejected = p.status === 'REJECTED' || p.status === 'MANAGER_REJECTED';
    if (rejected) {
      if (h && !p.fraudulent) wrong.push(`payout ${p.id} rejected but still holds ${h.n} earnings`);
      continue;
    }
    const want = p.status === 'PAID' ? 'PAID' : 'IN_PAYOUT';
    if (itemSum.get(p.id) !== p.amount_cents)
      wrong.push(`payout ${p.id}: amount ${p.amount_cents}, items ${itemSum.get(p.id) ?? 0}`);
    if (!h || h.cents !== p.amount_cents || h.n !== p.earnings_count)
      wrong.push(
        `payout ${p.id}: amount ${p.amount_cents} (${p.earnings_count} earnings), earnings held ${h?.cents ?? 0} (${h?.n ?? 0})`,
      );
    else if (h.statuses.size !== 1 || !h.statuses.has(want))
      wrong.push(`payout ${p.id} ${p.status}: its earnings are ${[...h.statuses].join('/')}`);
  }
  if (wrong.length)
    r.fail(`${wrong.length} payouts do not equal their earnings: ${first(wrong, 3).join('; ')}`);
  else
    r.ok(
      `payouts equal their items and their earnings (${payouts.filter((p) => live.has(p.id)).length} live, ${payouts.length - live.size} rejected with their earnings returned)`,
    );

  // Each cash-out partner was owed what the seed approved: it is approved still, in a payout, or paid.
  const where = new Map<number, number>();
  for (const e of earnings)
    if (['APPROVED', 'IN_PAYOUT', 'PAID'].includes(e.status))
      where.set(e.partner_id, (where.get(e.partner_id) ?? 0) + e.amount_cents);
  const unbalanced = cashers.filter((c) => (where.get(c.id) ?? 0) !== c.owedCents);
  if (unbalanced.length)
    r.fail(
      `${unbalanced.length} cash-out partners' money does not add up (e.g. partner ${unbalanced[0]!.id}: owed ${unbalanced[0]!.owedCents}, found ${where.get(unbalanced[0]!.id) ?? 0})`,
    );
  else
    r.ok(
      `money of the ${cashers.length} cash-out partners: approved + in a payout + paid = what they were owed, for each`,
    );

  // PayPal: each paid payout paid once, for its amount, to its e-mail; no batch for anything else.
  const batches = [...paypal.batches.values()];
  const paidBy = new Map<string, { n: number; cents: number; receiver: string }>();
  for (const b of batches)
    for (const item of b.items) {
      if (!['SUCCESS', 'UNCLAIMED', 'PENDING', 'ONHOLD'].includes(item.status)) continue;
      const key = item.senderItemId ?? b.senderBatchId ?? b.batchId;
      const entry = paidBy.get(key) ?? { n: 0, cents: 0, receiver: item.receiver };
      entry.n++;
      entry.cents += Math.round(Number(item.value) * 100);
      paidBy.set(key, entry);
    }
  const paypalWrong: string[] = [];
  const paidPayouts = payouts.filter((p) => p.status === 'PAID');
  for (const p of paidPayouts) {
    const entry = paidBy.get(String(p.id));
    if (!entry || entry.n !== 1 || entry.cents !== p.amount_cents || entry.receiver !== p.paypal_email)
      paypalWrong.push(
        `payout ${p.id}: PayPal holds ${entry ? `${entry.n} items, ${entry.cents} cents` : 'nothing'}, the payout ${p.amount_cents}`,
      );
  }
  for (const [key, entry] of paidBy) {
    const p = byId.get(Number(key.split('-')[0]));
    if (
      !p ||
      (p.status !== 'PAID' && !(p.paypal_batch_id && ['APPROVED', 'MANAGER_APPROVED'].includes(p.status)))
    )
      paypalWrong.push(
        `PayPal item ${key} (${entry.cents} cents) for a payout that is ${p?.status ?? 'unknown'}`,
      );
  }
  const creates = paypal.requests.filter(
    (q) => q.method === 'POST' && q.path === '/v1/payments/payouts',
  ).length;
  if (paypalWrong.length)
    r.fail(
      `${paypalWrong.length} PayPal payments do not match a paid payout once: ${first(paypalWrong, 3).join('; ')}`,
    );
  else
    r.ok(
      `PayPal: ${paidPayouts.length} paid payouts, each paid exactly once for its amount (${batches.length} batches from ${creates} create calls; ` +
        `${paidPayouts.reduce((s, p) => s + p.amount_cents, 0) / 100} USD)`,
    );
  const open = payouts.filter((p) => !['PAID', 'REJECTED', 'MANAGER_REJECTED'].includes(p.status));
  const byStatus = new Map<string, number>();
  for (const p of open) byStatus.set(p.status, (byStatus.get(p.status) ?? 0) + 1);
  if (open.length) r.note(`still open at the end: ${[...byStatus].map(([s, n]) => `${n} ${s}`).join(', ')}`);
}

/**
 * Mail: every outbox row (program mail and the payout status mail) is sent (and the SMTP server
 * got its Message-ID exactly once), still queued, or finished with its reason; every payout
 * notification's mail arrived. A kill between the SMTP server's accept and the row's marking sends
 * that mail again after its lease, with the same Message-ID (at least once, decisions/047):
 * counted apart when there was a kill, a failure otherwise.
 */
async function checkMail(
  db: Db,
  smtp: TestSmtp,
  kill: KillWindow | undefined,
  r: ReturnType<typeof reporter>,
) {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'outcome', 'message_id', 'last_error', 'done_at', 'locked_until', 'attempts'])
    .execute();
  const received = smtp.received.map((m) => {
    const id = (m.headers.get('message-id') ?? '').trim();
    // Every outbox row goes out with its own Message-ID, `<outbox-<row id>.…@host>`.
    return {
      to: m.to.join(','),
      id,
      program: m.headers.has('list-unsubscribe'),
      outbox: id.startsWith('<outbox-'),
      subject: m.subject,
    };
  });
  const receivedIds = new Map<string, number>();
  for (const m of received) receivedIds.set(m.id, (receivedIds.get(m.id) ?? 0) + 1);
  const sent = rows.filter((row) => row.outcome === 'sent');
  const notReceived = sent.filter(
    (row) => !row.message_id || receivedIds.get(row.message_id.trim()) === undefined,
  );
  const twice = sent.filter((row) => row.message_id && (receivedIds.get(row.message_id.trim()) ?? 0) > 1);
  const unaccounted = rows.filter((row) => row.done_at !== null && row.outcome === null);
  const failedWithoutReason = rows.filter((row) => row.outcome === 'rejected' && !row.last_error);
  const queued = rows.filter((row) => row.done_at === null);
  const outcomes = new Map<string, number>();
  for (const row of rows)
    outcomes.set(row.outcome ?? 'queued', (outcomes.get(row.outcome ?? 'queued') ?? 0) + 1);
  if (notReceived.length)
    r.fail(
      `${notReceived.length} outbox rows marked sent that the SMTP server never got (e.g. row ${notReceived[0]!.id})`,
    );
  // A kill between the accept and the marking: the row is sent again after its lease, the same message.
  if (twice.length)
    (kill ? r.note : r.fail)(
      `${twice.length} outbox mails reached the SMTP server twice with the same Message-ID (e.g. row ${twice[0]!.id})${kill ? ': sent again after the killed node’s lease (at least once)' : ''}`,
    );
  if (unaccounted.length || failedWithoutReason.length)
    r.fail(
      `${unaccounted.length + failedWithoutReason.length} outbox rows finished without an outcome or reason`,
    );
  if (!notReceived.length && !(twice.length && !kill) && !unaccounted.length && !failedWithoutReason.length)
    r.ok(
      `outbox mail: ${rows.length} outbox rows (${[...outcomes].map(([o, n]) => `${n} ${o}`).join(', ')}); each sent one received exactly once`,
    );
  if (queued.length) {
    const now = new Date().toISOString();
    const claimed = queued.filter((row) => row.locked_until !== null && row.locked_until > now).length;
    const retrying = queued.filter((row) => row.last_error !== null).length;
    r.note(
      `${queued.length} outbox mails still queued at the check: ${claimed} claimed by a node right now, ${retrying} waiting to be retried after an SMTP error`,
    );
  }
  const known = new Set(sent.map((row) => row.message_id?.trim()));
  const orphans = received.filter((m) => (m.program || m.outbox) && !known.has(m.id));
  if (orphans.length)
    (kill ? r.note : r.fail)(
      `${orphans.length} outbox mails received that no row records as sent: sent by the killed node before it could mark them (at least once)`,
    );
  const notOutbox = received.filter((m) => m.program && !m.outbox);
  if (notOutbox.length)
    r.fail(
      `${notOutbox.length} program mails received without their outbox row's Message-ID (e.g. ${notOutbox[0]!.id})`,
    );

  // Transactional: one payout mail per payout notification (both written by the payout's job, the
  // mail as an outbox row sent after its commit), counted by Message-ID: a mail sent again is the
  // same message.
  const notices = await db
    .selectFrom('notifications')
    .innerJoin('partners', 'partners.id', 'notifications.partner_id')
    .select(['partners.email', sql<number>`count(*)`.as('n')])
    .where('notifications.kind', '=', 'payout')
    .groupBy('partners.email')
    .execute();
  const mails = new Map<string, Set<string>>();
  for (const m of received) if (!m.program) mails.set(m.to, (mails.get(m.to) ?? new Set()).add(m.id));
  const short: string[] = [];
  let extra = 0;
  for (const n of notices) {
    const got = mails.get(n.email)?.size ?? 0;
    if (got < Number(n.n)) short.push(`${n.email}: ${n.n} notifications, ${got} mails`);
    extra += Math.max(0, got - Number(n.n));
    mails.delete(n.email);
  }
  const strays = [...mails.values()].reduce((s, ids) => s + ids.size, 0);
  const total = notices.reduce((s, n) => s + Number(n.n), 0);
  if (short.length)
    r.fail(
      `${short.length} partners got fewer payout mails than payout notifications (e.g. ${first(short, 3).join('; ')})`,
    );
  else r.ok(`payout mail: ${total} payout notifications, each with its mail received`);
  // Each payout event queues one mail by its key: more distinct mails than notifications is a bug, kill or not.
  if (extra) r.fail(`${extra} payout mails more than payout notifications (distinct Message-IDs)`);
  if (strays) r.fail(`${strays} transactional mails to partners with no payout notification`);
}

async function checkJobs(db: Db, r: ReturnType<typeof reporter>) {
  const jobs = await db
    .selectFrom('jobs')
    .select([
      'kind',
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(case when done_at is null then 1 else 0 end)`.as('open'),
      sql<number>`sum(case when last_error is not null then 1 else 0 end)`.as('failed'),
      sql<number>`max(attempts)`.as('attempts'),
    ])
    .groupBy('kind')
    .execute();
  const open = jobs.reduce((s, j) => s + Number(j.open), 0);
  const line = jobs
    .map(
      (j) =>
        `${j.kind} ${j.n}${Number(j.open) ? ` (${j.open} open)` : ''}${Number(j.failed) ? ` (${j.failed} with an error, up to ${j.attempts} attempts)` : ''}`,
    )
    .join(', ');
  if (open) r.fail(`jobs still open at the end: ${line}`);
  else r.ok(`jobs: every one done (${line})`);
}

export async function checkSoak(
  db: Db,
  input: {
    acknowledged: Acknowledged[];
    unacknowledged: string[];
    cashOuts: CashOut[];
    cashers: { id: number; owedCents: number }[];
    paypal: PayPalStandIn;
    smtp: TestSmtp;
    kill: KillWindow | undefined;
  },
): Promise<CheckReport> {
  const r = reporter();
  await checkOrders(db, input.acknowledged, input.unacknowledged, r);
  await checkTotals(db, r);
  await checkPayouts(db, input.cashOuts, input.cashers, input.paypal, r);
  await checkMail(db, input.smtp, input.kill, r);
  await checkJobs(db, r);
  return { lines: r.lines, failures: r.failures };
}
