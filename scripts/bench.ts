// `npm run bench`: how the dashboard API and webhook ingestion behave as the ledger grows.
// Seeds 10,000 partners, then 10k, 100k and 1M store orders (with their items and earnings) into
// an embedded SQLite database; at each size, starts the portal and measures the dashboard
// endpoints (p50/p95 latency, throughput as a ratio to GET /api/health in the same run), then
// webhook ingestion (signed orders/paid over HTTP). Every loop is bounded in time and count and
// talks to 127.0.0.1 only. Results go to stdout and docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { sql } from 'kysely';
import { migrateToLatest, openSqlite } from '../server/db';
import type { Db } from '../server/db';
import { createMailer } from '../server/integrations/mail/mailer';
import { hashPassword } from '../server/modules/auth/passwords';
import { issueToken } from '../server/modules/auth/service';
import { rebuildLedgerStats } from '../server/modules/sales/service';
import { runInWorker } from './lib/load';
import type { Measure } from './lib/load';
import type { simulateOrders } from './simulate-orders';

const PARTNERS = 10_000;
const STAGES = (process.env.BENCH_STAGES ?? '10000,100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 16;
/** Webhooks per ingestion run, and how many Shopify sends at once. */
const INGEST = Number(process.env.BENCH_INGEST ?? 3000);
/** Webhooks sent first and not measured: the JIT compiles the ingestion path on them. */
const WARM_UP = 1500;
const INGEST_CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 32);
const SECRET = 'bench-webhook-secret';
const DAY = 86_400_000;

function seedPartners(file: string, passwordHash: string) {
  const db = new Database(file);
  const now = new Date().toISOString();
  const partner = db.prepare(
    `INSERT INTO partners (uuid, email, password_hash, first_name, last_name, verified, locale, accepted_terms, created_at, updated_at, referral_commission_amount, referral_comission_type, contact_form_filled)
     VALUES (?, ?, ?, ?, ?, 1, 'en', 1, ?, ?, 5, 'percent', 0)`,
  );
  const code = db.prepare('INSERT INTO promo_codes (partner_id, code, value_bp, commission_rate_bp, created_at) VALUES (?, ?, 1500, 1000, ?)');
  db.transaction(() => {
    for (let i = 1; i <= PARTNERS; i++) {
      const { lastInsertRowid } = partner.run(crypto.randomUUID(), `bench${i}@example.com`, passwordHash, 'Bench', `Partner ${i}`, now, now);
      code.run(lastInsertRowid, `BENCH${i}`, now);
    }
  })();
  db.close();
}

/** Adds store orders (one item, one sale earning with its event) until the ledger holds `total`. */
function growOrders(file: string, from: number, total: number) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF'); // seeding only; the portal itself runs with FULL
  const order = db.prepare(
    `INSERT INTO orders (shopify_order_id, order_number, partner_id, discount_code, currency, subtotal_cents, total_cents, refunded_cents, country_code, geo, status, placed_at, paid_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'USD', ?, ?, 0, ?, ?, 'paid', ?, ?, ?, ?)`,
  );
  const item = db.prepare('INSERT INTO order_items (order_id, line_item_id, product, sku, quantity, price_cents) VALUES (?, ?, ?, NULL, 1, ?)');
  const earning = db.prepare(
    `INSERT INTO earnings (partner_id, kind, source_key, order_id, base_cents, rate_bp, amount_cents, status, hold_until, created_at, updated_at)
     VALUES (?, 'sale', ?, ?, ?, 1000, ?, ?, ?, ?, ?)`,
  );
  const event = db.prepare(`INSERT INTO earning_events (earning_id, at, from_status, to_status, amount_before_cents, amount_after_cents, reason, actor) VALUES (?, ?, NULL, ?, NULL, ?, 'bench', 'bench')`);
  const now = Date.now();
  const regions = ['CA', 'US', 'FR'] as const;
  const chunk = 50_000;
  for (let start = from; start < total; start += chunk) {
    db.transaction(() => {
      for (let n = start; n < Math.min(total, start + chunk); n++) {
        const partnerId = 1 + (n % PARTNERS);
        const placed = new Date(now - ((n * 7919) % 365) * DAY - (n % 86_400) * 1000).toISOString();
        const subtotal = 2000 + ((n * 37) % 8000);
        const country = regions[n % 3]!;
        const { lastInsertRowid: orderId } = order.run(`b${n}`, `#B${n}`, partnerId, `BENCH${partnerId}`, subtotal, subtotal + 800, country, country === 'FR' ? 'OTHER' : country, placed, placed, placed, placed);
        item.run(orderId, `li${n}`, 'ACV Gummies', subtotal);
        const matured = now - Date.parse(placed) > 30 * DAY;
        const { lastInsertRowid: earningId } = earning.run(partnerId, `order:${orderId}`, orderId, subtotal, Math.round(subtotal / 10), matured ? 'APPROVED' : 'PENDING', new Date(Date.parse(placed) + 30 * DAY).toISOString(), placed, placed);
        event.run(earningId, placed, matured ? 'APPROVED' : 'PENDING', Math.round(subtotal / 10));
      }
    })();
  }
  db.close();
}

/** One load task in the worker thread: the endpoint's measure under CONCURRENCY clients for `seconds`. */
const load = (base: string, urls: string[], tokens: string[], seconds = SECONDS) =>
  runInWorker<Measure>({ kind: 'http', base, urls, tokens, seconds, concurrency: CONCURRENCY });

/** Waits until the job queue has nothing left to do (every order's follow-up has run). */
async function followUpDone(db: Db) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const open = await db.selectFrom('jobs').select(sql<number>`count(*)`.as('n')).where('done_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(open.n) === 0) return;
    if (Date.now() > deadline) throw new Error(`${open.n} follow-up jobs still open after 5 minutes`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-'));
  const file = path.join(dir, 'portal.db');
  const handle = openSqlite(file);
  await migrateToLatest(handle.db);
  await handle.close();
  console.log(`Seeding ${PARTNERS.toLocaleString()} partners…`);
  seedPartners(file, await hashPassword('bench-password'));

  const endpoints = process.env.BENCH_ENDPOINTS?.split(',') ?? [
    '/api/getPartnerSalesSummary',
    '/api/getTotals',
    '/api/getPartnerSalesSummaryChart',
    '/api/getPartnerVerifiedTiers',
    '/api/getShopifySalesItemsNoVouchers?page=1&length=5',
  ];
  const results: { orders: number; rows: { endpoint: string; m: Measure; ratio: number }[]; ingestion: { answered: number; followedUp: number } }[] = [];
  let have = 0;
  for (const target of STAGES) {
    console.log(`Growing the ledger to ${target.toLocaleString()} orders…`);
    const t0 = performance.now();
    growOrders(file, have, target);
    have = target;
    // The bulk seed writes the ledger directly; its running totals are then computed from it.
    const seeded = openSqlite(file);
    await seeded.db.transaction().execute((trx) => rebuildLedgerStats(trx));
    await seeded.close();
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const database = openSqlite(file);
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'error', SHOPIFY_WEBHOOK_SECRET: SECRET, NODE_ENV: 'production' });
    // The background runs as in production: each order's notification and push follow it.
    const app = await buildApp({
      config,
      database,
      background: true,
      mailer: createMailer({ from: 'x@y.z', outboxDir: path.join(dir, 'outbox'), log: { info: () => undefined } }),
      rateLimits: { api: 1_000_000 },
      webRoot: path.join(dir, 'none'),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const tokens = await Promise.all(Array.from({ length: 200 }, (_, i) => issueToken(database.db, 'partner', 1 + ((i * 49) % PARTNERS)).then((t) => t.token)));

    // Warm up (JIT, connections, SQLite page cache) before anything is measured.
    await load(base, ['/api/health', ...endpoints], tokens, 2);
    // Health is measured before and after the endpoints, and the ratios use the mean of the two:
    // one measure alone moved by up to a sixth between runs.
    const before = await load(base, ['/api/health'], []);
    const measured: { endpoint: string; m: Measure }[] = [];
    for (const endpoint of endpoints) measured.push({ endpoint: `GET ${endpoint.split('?')[0]}`, m: await load(base, [endpoint], tokens) });
    const after = await load(base, ['/api/health'], []);
    const health: Measure = {
      p50: (before.p50 + after.p50) / 2,
      p95: (before.p95 + after.p95) / 2,
      rps: (before.rps + after.rps) / 2,
      errors: before.errors + after.errors,
    };
    const rows = [{ endpoint: 'GET /api/health (mean of before and after)', m: health, ratio: 1 }, ...measured.map((x) => ({ ...x, ratio: x.m.rps / health.rps }))];
    const ingestRun = (count: number) =>
      runInWorker<Awaited<ReturnType<typeof simulateOrders>>>({
        kind: 'ingest',
        options: { url: base, secret: SECRET, rate: 0, count, codes: Array.from({ length: 100 }, (_, i) => `BENCH${i + 1}`), concurrency: INGEST_CONCURRENCY },
      });
    await ingestRun(WARM_UP);
    await followUpDone(database.db);
    const ingest = await ingestRun(INGEST);
    await followUpDone(database.db);
    // From the first webhook sent (not from starting the sender) to the last notification written.
    const ingestion = { answered: INGEST / ingest.seconds, followedUp: INGEST / ((Date.now() - ingest.startedAt) / 1000), outcomes: ingest.outcomes };
    results.push({ orders: target, rows, ingestion });
    for (const r of rows) console.log(`  ${r.endpoint.padEnd(40)} p50 ${r.m.p50.toFixed(2)} ms  p95 ${r.m.p95.toFixed(2)} ms  ${r.m.rps.toFixed(0)} req/s  ×${r.ratio.toFixed(2)} of health${r.m.errors ? `  (${r.m.errors} errors)` : ''}`);
    console.log(`  webhook ingestion: ${ingestion.answered.toFixed(0)} orders/s answered, ${ingestion.followedUp.toFixed(0)} orders/s notified`, ingestion.outcomes);
    await app.close();
    await database.close();
    have += WARM_UP + INGEST;
  }
  fs.rmSync(dir, { recursive: true, force: true });

  const table = results
    .map(
      (r) =>
        `### ${r.orders.toLocaleString('en-US')} orders\n\n| Endpoint | p50 (ms) | p95 (ms) | req/s | throughput ÷ health |\n|---|---:|---:|---:|---:|\n` +
        r.rows.map((x) => `| ${x.endpoint} | ${x.m.p50.toFixed(2)} | ${x.m.p95.toFixed(2)} | ${x.m.rps.toFixed(0)} | ${x.ratio.toFixed(2)} |`).join('\n') +
        `\n\nWebhook ingestion (${INGEST.toLocaleString('en-US')} signed \`orders/paid\` over HTTP, ${INGEST_CONCURRENCY} at a time): **${r.ingestion.answered.toFixed(0)} orders/s** answered; ` +
        `**${r.ingestion.followedUp.toFixed(0)} orders/s** with every sale notification written and pushed.\n`,
    )
    .join('\n');
  const doc = path.resolve('docs/performance.md');
  const marker = '<!-- bench results -->';
  const current = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : `${marker}\n`;
  const head = current.includes(marker) ? current.slice(0, current.indexOf(marker)) : current;
  fs.writeFileSync(doc, `${head}${marker}\n\nLast run: ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}.\n\n${table}`);
  console.log(`\nWritten to ${doc}`);
}

void main();
