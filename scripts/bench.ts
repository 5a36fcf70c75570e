// `npm run bench`: how the dashboard API and webhook ingestion behave as the ledger grows.
// Seeds 10,000 partners, then 10k, 100k and 1M store orders (with their items and earnings) into
// an embedded SQLite database; at each size, starts the compiled portal as its own process and
// measures the dashboard endpoints (p50/p95 latency, throughput as a ratio to GET /api/health in
// the same run), then webhook ingestion (signed orders/paid over HTTP), and reads the server's
// resident memory. Every loop is bounded in time and count and talks to 127.0.0.1 only. Results go
// to stdout and, for a full run, docs/performance.md.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { migrateToLatest, openSqlite } from '../server/db';
import { migrations } from '../server/db/migrations';
import type { Db } from '../server/db';
import { hashPassword } from '../server/credentials/passwords';
import { issueToken } from '../server/modules/auth/service';
import { sweepBadges } from '../server/modules/badges/service';
import { sweepChallengeRewards } from '../server/modules/challenges/service';
import { createStaffUser } from '../server/modules/staff/service';
import { rebuildLedgerStats } from '../server/modules/ledger/service';
import {
  PARTNERS,
  growOrders,
  seedAudit,
  seedEngagement,
  seedIntegrations,
  seedMessages,
  seedPartners,
  seedPayoutPartners,
} from './lib/bench-ledger';
import { measureExport } from './lib/export-measure';
import type { ExportMeasure } from './lib/export-measure';
import { runInWorker } from './lib/load';
import type { Measure } from './lib/load';
import { startServer } from './lib/server-process';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './lib/server-flags.mjs';
import type { Memory } from './lib/server-process';
import type { simulateOrders } from './simulate-orders';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_STAGES = '10000,100000,1000000';
const STAGES = (process.env.BENCH_STAGES ?? DEFAULT_STAGES).split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 16;
/** Payouts created per stage, and the approved earnings each gathers. */
const PAYOUTS = 5;
const PAYOUT_EARNINGS = 1000;
/** Webhooks per ingestion run, and how many Shopify sends at once. */
const INGEST = Number(process.env.BENCH_INGEST ?? 3000);
/** Webhooks sent first and not measured: the JIT compiles the ingestion path on them. */
const WARM_UP = 1500;
const INGEST_CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 32);
const SECRET = 'bench-webhook-secret';
/** Node options for the server process: `npm start`'s own unless BENCH_NODE_FLAGS says otherwise (to see what they change). */
const NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS === undefined
    ? SERVER_NODE_FLAGS
    : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
/** The server's environment settings: `npm start`'s unless BENCH_SERVER_ENV says otherwise ("NAME=value …", or empty for none). */
const SERVER_PROCESS_ENV: Record<string, string> =
  process.env.BENCH_SERVER_ENV === undefined
    ? SERVER_ENV
    : Object.fromEntries(
        process.env.BENCH_SERVER_ENV.split(' ')
          .filter(Boolean)
          .map((pair) => pair.split('=', 2) as [string, string]),
      );
/** A narrowed run prints its figures but leaves docs/performance.md to the full runs. */
const FULL_RUN = ![
  'BENCH_STAGES',
  'BENCH_SECONDS',
  'BENCH_ENDPOINTS',
  'BENCH_INGEST',
  'BENCH_INGEST_CONCURRENCY',
  'BENCH_NODE_FLAGS',
  'BENCH_SERVER_ENV',
  'BENCH_KEEP_DB',
].some((knob) => process.env[knob]);
/**
 * BENCH_KEEP_DB=1 keeps each stage's seeded database (before the server has touched it) in the
 * system's temporary folder and starts from it in the next run with the same stages: seeding a
 * million orders takes minutes, too long to iterate on the server. A copy is kept per stages so
 * far, seed script and migrations (a change to either seeds anew); its dates are those of the run
 * that seeded it. Opt-in, and a run with it is a narrowed one.
 */
const KEEP_DB = Boolean(process.env.BENCH_KEEP_DB);

/** One load task in the worker thread: the endpoint's measure under CONCURRENCY clients for `seconds`. */
const load = (base: string, urls: string[], tokens: string[], seconds = SECONDS) =>
  runInWorker<Measure>({ kind: 'http', base, urls, tokens, seconds, concurrency: CONCURRENCY });

/** Waits until the job queue has nothing left to do (every order's follow-up has run). */
async function followUpDone(db: Db) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const open = await db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .where('done_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(open.n) === 0) return;
    if (Date.now() > deadline) throw new Error(`${open.n} follow-up jobs still open after 5 minutes`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Compiles the server from the sources as they are, with the production build's own function, into
 * a folder of the bench's (dist/ is `npm start`'s, which may be running meanwhile).
 */
async function compileServer(): Promise<string> {
  const builder = (await import(path.join(root, 'scripts', 'build-server.mjs') as string)) as {
    buildServer(options: { outDir: string }): Promise<string>;
  };
  return builder.buildServer({ outDir: path.join(root, 'dist', 'bench-server') });
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const BENCH_MANAGER = 'bench.manager@sunbite.example';
// Admin-only reads (the program settings, docs/product/back-office.md#program-settings) are made with an admin's token.
const BENCH_ADMIN = 'bench.admin@sunbite.example';
const ADMIN_READS = ['/api/manager/settings', '/api/manager/settings/store'];

/** Where BENCH_KEEP_DB keeps the database seeded for the stages `upTo` (this one and those before it). */
function keptDatabase(upTo: number[]): string {
  const key = createHash('sha256')
    .update(fs.readFileSync(path.join(root, 'scripts', 'lib', 'bench-ledger.ts')))
    .update(Object.keys(migrations).join(','))
    .update(upTo.join(','))
    // What main() does to the seeded database beyond bench-ledger.ts: bump when it changes.
    .update('badges and challenge bonuses settled')
    .digest('hex')
    .slice(0, 16);
  return path.join(os.tmpdir(), 'pp-bench-kept', `${upTo.join('-')}-${key}`);
}

async function main() {
  console.log('Compiling the server…');
  const entry = await compileServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-'));
  const file = path.join(dir, 'portal.db');
  const handle = openSqlite(file);
  await migrateToLatest(handle.db);
  await handle.close();
  // A kept first stage holds all of this already (BENCH_KEEP_DB).
  if (!(KEEP_DB && fs.existsSync(path.join(keptDatabase(STAGES.slice(0, 1)), 'payout-partners.json')))) {
    console.log(`Seeding ${PARTNERS.toLocaleString()} partners…`);
    seedPartners(file, await hashPassword('bench-password'));
    seedMessages(file);
    seedEngagement(file);
    // The partners the bench's tokens belong to (1 + (i × 49) mod PARTNERS, below) have Instagram connected.
    seedIntegrations(
      file,
      Array.from({ length: 200 }, (_, i) => 1 + ((i * 49) % PARTNERS)),
    );
    // Two years of staff changes: 300,000 audit lines.
    seedAudit(file);
  }

  // BENCH_ENDPOINTS narrows the run: partner reads, staff reads (those under /api/manager/) and `/s/`;
  // `none` measures no reads at all (nor the export and pay me now), only health and ingestion.
  const NO_READS = process.env.BENCH_ENDPOINTS === 'none';
  const narrowed = process.env.BENCH_ENDPOINTS?.split(',').filter((e) => e !== '/s/' && e !== 'none');
  const endpoints = narrowed?.filter((e) => !e.startsWith('/api/manager/')) ?? [
    '/api/getPartnerSalesSummary',
    '/api/getTotals',
    '/api/getPartnerSalesSummaryChart',
    '/api/getPartnerVerifiedTiers',
    '/api/getShopifySalesItemsNoVouchers?page=1&length=5',
    '/api/getPayMeNowStats',
    '/api/getInvoices?page=1&length=5',
    // The content kit (issue 10): the product buttons, a product's talking points with the
    // partner's code written in, the longest page, and Grab and Go.
    '/api/products',
    '/api/products/acv',
    '/api/pages/faq',
    '/api/gallery',
    // Engagement (issue 11): every badge with the partner's progress; the bell and the partner's
    // announcements and custom notifications (a year of staff messages, seedMessages).
    '/api/get_badges',
    '/api/getBellNotifications',
    '/api/getNotifications/announcement',
    '/api/getNotifications/notification',
    // This month's challenges (live progress from the partner's orders of the month) and promos.
    '/api/getChallenges',
    '/api/getPromotions',
    // The newsfeed's first page (sales, badges, announcements and promos merged) and the mail switches.
    '/api/newsfeed?page=1&length=10',
    '/api/mail_preferences',
    // Links and integrations (issue 12): the affiliate links page's 30 days of clicks and orders,
    // the settings' connected accounts and the dashboard's top posts (100 posts each, seedIntegrations).
    '/api/links/stats',
    '/api/integrations',
    '/api/integrations/instagram/top-posts',
    // Issue 33: the sub-partner's branding the shell asks for, the bell's Sales tab, a list read
    // over a range of the program's calendar, and the CSV downloads of the sales and cash-outs.
    '/api/branding',
    '/api/getSalesNotifications',
    '/api/getShopifySalesItemsNoVouchers?page=1&length=25&range=last_90_days',
    '/api/exports/sales.csv?range=last_90_days',
    '/api/exports/invoices.csv',
  ];
  // What staff wait for in the back office, read with a manager's token: the payout queue, the
  // content section's lists and editor, and the sent announcements and notifications with their
  // read counts. Only those BENCH_ENDPOINTS names when it narrows the run.
  const staffEndpoints = narrowed
    ? narrowed.filter((e) => e.startsWith('/api/manager/'))
    : [
        // The back office's first page (issue 13): the program's figures, from its running totals.
        '/api/manager/overview',
        '/api/manager/payouts?page=1&length=25',
        '/api/manager/content/products',
        '/api/manager/content/products/acv/en',
        '/api/manager/content/gallery',
        '/api/manager/announcements?page=1&length=20',
        '/api/manager/notifications?page=1&length=20',
        // Thirteen months of challenges, each with how many partners met it.
        '/api/manager/challenges?page=1&length=20',
        '/api/manager/promotions?page=1&length=20',
        // The partner list, its first page and a search by code, and a partner's page.
        '/api/manager/partners?page=1&length=20',
        '/api/manager/partners?q=bench4242&page=1&length=20',
        // Searches by a whole e-mail and by a part of the name (11 partners: 424, 4240–4249).
        '/api/manager/partners?q=bench4242%40example.com&page=1&length=20',
        '/api/manager/partners?q=partner%20424&page=1&length=20',
        // Issue 13: a filter and the largest sales first (each partner's figures are on their row).
        '/api/manager/partners?status=active&sort=-sales&page=1&length=20',
        '/api/manager/partners?sort=-commissions&page=1&length=20',
        '/api/manager/partners/{uuid}',
        // The partner page's own reads.
        '/api/manager/partners/{uuid}/earnings?page=1&length=10',
        '/api/manager/partners/{uuid}/payouts?page=1&length=10',
        '/api/manager/partners/{uuid}/vouchers?page=1&length=10',
        '/api/manager/partners/{uuid}/referrals?page=1&length=10',
        '/api/manager/partners/{uuid}/notes?page=1&length=10',
        '/api/manager/partners/{uuid}/audit?page=1&length=10',
        // The program settings and tiers (admins only), read by the settings page.
        '/api/manager/settings',
        // The store connection's section (issue 30): the connection, each topic's last delivery and
        // deliveries refused in 24 h (webhook_deliveries by topic), the reconciliation.
        '/api/manager/settings/store',
        // The audit log (300,000 lines): its first page, and one action's changes.
        '/api/manager/audit?page=1&length=20',
        '/api/manager/audit?action=partner.suspend&page=1&length=20',
      ];
  const results: {
    orders: number;
    rows: { endpoint: string; m: Measure; ratio: number }[];
    ingestion: { answered: number; followedUp: number };
    payout: { median: number; max: number; healthP50: number };
    memory: { started: Memory; read: Memory; end: Memory };
    exported: ExportMeasure;
  }[] = [];
  let have = 0;
  const passwordHash = await hashPassword('bench-password');
  for (const [stage, target] of STAGES.entries()) {
    const kept = KEEP_DB ? keptDatabase(STAGES.slice(0, stage + 1)) : undefined;
    let payoutPartners: number[];
    if (kept && fs.existsSync(path.join(kept, 'payout-partners.json'))) {
      console.log(`Starting from the database kept in ${kept} (BENCH_KEEP_DB)…`);
      for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
      fs.copyFileSync(path.join(kept, 'portal.db'), file);
      payoutPartners = JSON.parse(
        fs.readFileSync(path.join(kept, 'payout-partners.json'), 'utf8'),
      ) as number[];
    } else {
      console.log(`Growing the ledger to ${target.toLocaleString()} orders…`);
      const t0 = performance.now();
      growOrders(file, have, target);
      payoutPartners = seedPayoutPartners(file, String(target), PAYOUTS, PAYOUT_EARNINGS, passwordHash);
      // The bulk seed writes the ledger directly; its running totals are then computed from it.
      const seeded = openSqlite(file);
      const rebuilding = performance.now();
      await seeded.db.transaction().execute((trx) => rebuildLedgerStats(trx));
      // What a change of the program's time zone re-cuts too (settings/time-zone.ts).
      console.log(`  running totals rebuilt in ${((performance.now() - rebuilding) / 1000).toFixed(1)} s`);
      // The badges and challenge bonuses the seeded sales earned, awarded now as a running program
      // would have awarded them as they came: left to the server, its first minutes went to this
      // catch-up (some 40,000 badges and 1,800 bonuses at 1M, each with a notification), during
      // the measured reads.
      const settled = performance.now();
      const badges = (await sweepBadges(seeded.db)).length;
      const bonuses = (await sweepChallengeRewards(seeded.db)).length;
      console.log(
        `  ${badges.toLocaleString()} badge awards and ${bonuses.toLocaleString()} challenge bonuses in ${((performance.now() - settled) / 1000).toFixed(1)} s`,
      );
      // One file to copy: everything in the write-ahead log moved into the database.
      if (kept) await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(seeded.db);
      await seeded.close();
      console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      if (kept) {
        fs.mkdirSync(kept, { recursive: true });
        fs.copyFileSync(file, path.join(kept, 'portal.db'));
        // Written last: its presence says the copy is whole.
        fs.writeFileSync(path.join(kept, 'payout-partners.json'), JSON.stringify(payoutPartners));
      }
    }
    have = target;

    // The bench's own connection issues tokens and watches the job queue; the server has its own.
    const database = openSqlite(file);
    const tokens = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        issueToken(database.db, 'partner', 1 + ((i * 49) % PARTNERS)).then((t) => t.token),
      ),
    );
    const manager =
      (await database.db
        .selectFrom('staff_users')
        .select('id')
        .where('email', '=', BENCH_MANAGER)
        .executeTakeFirst()) ??
      (await createStaffUser(database.db, {
        email: BENCH_MANAGER,
        password: 'bench-password',
        name: 'Bench Manager',
        role: 'manager',
      }));
    const staffTokens = [(await issueToken(database.db, 'staff', manager.id)).token];
    const admin =
      (await database.db
        .selectFrom('staff_users')
        .select('id')
        .where('email', '=', BENCH_ADMIN)
        .executeTakeFirst()) ??
      (await createStaffUser(database.db, {
        email: BENCH_ADMIN,
        password: 'bench-password',
        name: 'Bench Admin',
        role: 'admin',
      }));
    const adminTokens = [(await issueToken(database.db, 'staff', admin.id)).token];
    const tokensFor = (endpoint: string) =>
      ADMIN_READS.includes(endpoint.split('?')[0]!) ? adminTokens : staffTokens;
    // A partner's page is read for one partner with sales (the first).
    const firstUuid = (
      await database.db.selectFrom('partners').select('uuid').where('id', '=', 1).executeTakeFirstOrThrow()
    ).uuid;
    const staffReads = staffEndpoints.map((endpoint) => endpoint.replace('{uuid}', firstUuid));
    // As production runs it; the background runs too, so each order's notification and push follow it.
    // The API limit is lifted: every client of the load comes from one address.
    const server = await startServer([...NODE_FLAGS, entry], {
      ...SERVER_PROCESS_ENV,
      NODE_ENV: 'production',
      DATA_DIR: dir,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'error',
      SHOPIFY_WEBHOOK_SECRET: SECRET,
      // Where the short links send their shoppers (without a store they answer 503).
      STORE_URL: 'https://shop.sunbite.example',
      RATE_LIMIT_API: '100000000',
    });
    const base = server.base;
    const started = server.memory();

    // Warm up (JIT, connections, SQLite page cache) before anything is measured.
    await load(base, ['/api/health', ...endpoints], tokens, 2);
    for (const group of [staffTokens, adminTokens]) {
      const reads = staffReads.filter((endpoint) => tokensFor(endpoint) === group);
      if (reads.length) await load(base, reads, group, 2);
    }
    // Health is measured before and after the endpoints, and the ratios use the mean of the two:
    // one measure alone moved by up to a sixth between runs.
    const before = await load(base, ['/api/health'], []);
    const measured: { endpoint: string; m: Measure }[] = [];
    for (const endpoint of endpoints) {
      // A read over a date range is named by it (paging left out).
      const range = new URLSearchParams(endpoint.split('?')[1] ?? '').get('range');
      const label = `GET ${endpoint.split('?')[0]}${range ? ` (range=${range})` : ''}`;
      measured.push({ endpoint: label, m: await load(base, [endpoint], tokens) });
    }
    for (const endpoint of staffReads) {
      const [route, query] = endpoint.split('?');
      // A search is named by its words, a filter or an order by its query (paging left out).
      const params = new URLSearchParams(query ?? '');
      const shown = [...params]
        .filter(([k]) => k !== 'page' && k !== 'length')
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      const label = `GET ${route!.replace(firstUuid, '{uuid}')}${params.has('q') ? ` (staff, search "${params.get('q')}")` : params.has('sort') ? ` (staff, ${shown})` : params.has('action') ? ' (staff, filtered)' : ' (staff)'}`;
      measured.push({ endpoint: label, m: await load(base, [endpoint], tokensFor(endpoint)) });
    }
    // The short link (docs/product/links-and-integrations.md#short-links), on the path of every shopper: a code looked up, the click
    // written (durably, commits shared), the redirect. Fifty partners' codes in turn.
    if (!process.env.BENCH_ENDPOINTS || process.env.BENCH_ENDPOINTS.includes('/s/'))
      measured.push({
        endpoint: 'GET /s/{code} (shopper, redirect)',
        m: await load(
          base,
          Array.from({ length: 50 }, (_, i) => `/s/BENCH${1 + ((i * 197) % PARTNERS)}`),
          [],
        ),
      });
    const after = await load(base, ['/api/health'], []);
    const read = server.memory();
    // Every earning as CSV (issue 13), streamed as a client reads it, the server's memory sampled meanwhile.
    const exported: ExportMeasure = NO_READS
      ? { rows: 0, bytes: 0, seconds: 0, rssBefore: 0, rssPeak: 0 }
      : await measureExport(base, '/api/manager/earnings.csv', staffTokens[0]!, server.memory);
    // Pay me now over 1,000 approved earnings: the request a partner waits for, one at a time.
    const payoutTimes: number[] = NO_READS ? [0] : [];
    for (const partnerId of NO_READS ? [] : payoutPartners) {
      const { token } = await issueToken(database.db, 'partner', partnerId);
      const t = performance.now();
      const res = await fetch(`${base}/api/payMeNow`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      payoutTimes.push(performance.now() - t);
      if (res.status !== 201) throw new Error(`payMeNow answered ${res.status}: ${await res.text()}`);
    }
    payoutTimes.sort((a, b) => a - b);
    const health: Measure = {
      p50: (before.p50 + after.p50) / 2,
      p95: (before.p95 + after.p95) / 2,
      rps: (before.rps + after.rps) / 2,
      errors: before.errors + after.errors,
    };
    const rows = [
      { endpoint: 'GET /api/health (mean of before and after)', m: health, ratio: 1 },
      ...measured.map((x) => ({ ...x, ratio: x.m.rps / health.rps })),
    ];
    const ingestRun = (count: number) =>
      runInWorker<Awaited<ReturnType<typeof simulateOrders>>>({
        kind: 'ingest',
        options: {
          url: base,
          secret: SECRET,
          rate: 0,
          count,
          codes: Array.from({ length: 100 }, (_, i) => `BENCH${i + 1}`),
          concurrency: INGEST_CONCURRENCY,
        },
      });
    await ingestRun(WARM_UP);
    await followUpDone(database.db);
    const ingest = await ingestRun(INGEST);
    await followUpDone(database.db);
    // From the first webhook sent (not from starting the sender) to the last notification written.
    const ingestion = {
      answered: INGEST / ingest.seconds,
      followedUp: INGEST / ((Date.now() - ingest.startedAt) / 1000),
      outcomes: ingest.outcomes,
    };
    const memory = { started, read, end: server.memory() };
    const payout = {
      median: payoutTimes[Math.floor(payoutTimes.length / 2)]!,
      max: payoutTimes[payoutTimes.length - 1]!,
      healthP50: health.p50,
    };
    results.push({ orders: target, rows, ingestion, payout, memory, exported });
    console.log(
      `  earnings export: ${exported.rows.toLocaleString('en-US')} earnings (${mb(exported.bytes)} MB of CSV) in ${exported.seconds.toFixed(1)} s; ` +
        `server memory ${mb(exported.rssBefore)} MB before, at most ${mb(exported.rssPeak)} MB while it streamed`,
    );
    console.log(
      `  pay me now over ${PAYOUT_EARNINGS} approved earnings: median ${payout.median.toFixed(1)} ms, slowest ${payout.max.toFixed(1)} ms (${PAYOUTS} payouts, ×${(payout.median / health.p50).toFixed(0)} of a health request's p50)`,
    );
    for (const r of rows)
      console.log(
        `  ${r.endpoint.padEnd(40)} p50 ${r.m.p50.toFixed(2)} ms  p95 ${r.m.p95.toFixed(2)} ms  ${r.m.rps.toFixed(0)} req/s  ×${r.ratio.toFixed(2)} of health${r.m.errors ? `  (${r.m.errors} errors)` : ''}`,
      );
    console.log(
      `  webhook ingestion: ${ingestion.answered.toFixed(0)} orders/s answered, ${ingestion.followedUp.toFixed(0)} orders/s notified`,
      ingestion.outcomes,
    );
    console.log(
      `  server memory (MB): ${mb(started.rss)} started, ${mb(read.rss)} after the reads, ${mb(memory.end.rss)} at the end ` +
        `(anonymous ${mb(memory.end.anon)}, file ${mb(memory.end.file)}), peak ${mb(memory.end.peak)}`,
    );
    await server.stop();
    await database.close();
    have += WARM_UP + INGEST;
  }
  fs.rmSync(dir, { recursive: true, force: true });

  const memoryTable =
    `### Server memory\n\nResident memory (VmRSS) of the server process and its children, in MB (10⁶ bytes); ` +
    `"file" is the part that is file pages (the node binary, libraries, memory-mapped files).\n\n` +
    `| Orders | started | after the reads | at the end | of which anonymous | of which file | peak (VmHWM) |\n|---:|---:|---:|---:|---:|---:|---:|\n` +
    results
      .map(
        (r) =>
          `| ${r.orders.toLocaleString('en-US')} | ${mb(r.memory.started.rss)} | ${mb(r.memory.read.rss)} | ${mb(r.memory.end.rss)} | ${mb(r.memory.end.anon)} | ${mb(r.memory.end.file)} | ${mb(r.memory.end.peak)} |`,
      )
      .join('\n') +
    '\n';
  const table = results
    .map(
      (r) =>
        `### ${r.orders.toLocaleString('en-US')} orders\n\n| Endpoint | p50 (ms) | p95 (ms) | req/s | throughput ÷ health |\n|---|---:|---:|---:|---:|\n` +
        r.rows
          .map(
            (x) =>
              `| ${x.endpoint} | ${x.m.p50.toFixed(2)} | ${x.m.p95.toFixed(2)} | ${x.m.rps.toFixed(0)} | ${x.ratio.toFixed(2)} |`,
          )
          .join('\n') +
        `\n\nWebhook ingestion (${INGEST.toLocaleString('en-US')} signed \`orders/paid\` over HTTP, ${INGEST_CONCURRENCY} at a time): **${r.ingestion.answered.toFixed(0)} orders/s** answered; ` +
        `**${r.ingestion.followedUp.toFixed(0)} orders/s** with every sale notification written and pushed.\n\n` +
        `Pay me now over ${PAYOUT_EARNINGS.toLocaleString('en-US')} approved earnings (payout, invoice, items, events and running totals in one transaction; ${PAYOUTS} partners, one at a time): ` +
        `median **${r.payout.median.toFixed(1)} ms**, slowest ${r.payout.max.toFixed(1)} ms, ×${(r.payout.median / r.payout.healthP50).toFixed(0)} of a health request's p50.\n\n` +
        `Every earning as CSV (\`GET /api/manager/earnings.csv\`, ${r.exported.rows.toLocaleString('en-US')} earnings, ${mb(r.exported.bytes)} MB, streamed): **${r.exported.seconds.toFixed(1)} s**; ` +
        `the server's resident memory ${mb(r.exported.rssBefore)} MB before, at most **${mb(r.exported.rssPeak)} MB** while it streamed (sampled every 20 ms).\n\n` +
        `Server memory: ${mb(r.memory.read.rss)} MB after the reads, ${mb(r.memory.end.rss)} MB at the end, peak ${mb(r.memory.end.peak)} MB.\n`,
    )
    .join('\n');
  const results_ = `Last run: ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}.\n\n${memoryTable}\n${table}`;
  if (!FULL_RUN) {
    console.log('\nA narrowed run (BENCH_* set): docs/performance.md is left as it is.');
    return;
  }
  writeResults(path.join(root, 'docs', 'performance.md'), results_);
}

/**
 * Puts the results between the markers of docs/performance.md, leaving the rest of the file (other
 * measurements have their own sections) as it is.
 */
function writeResults(doc: string, text: string) {
  const start = '<!-- bench results -->';
  const end = '<!-- /bench results -->';
  const current = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '';
  let head = current;
  let tail = '';
  if (current.includes(start)) {
    head = current.slice(0, current.indexOf(start));
    const rest = current.slice(current.indexOf(start) + start.length);
    // Without the end marker (an older file) the results reach the next section or the end.
    const stop = rest.includes(end) ? rest.indexOf(end) + end.length : rest.search(/^## /m);
    tail = stop < 0 ? '' : rest.slice(stop).replace(/^\s*/, '');
    if (tail.startsWith(end)) tail = tail.slice(end.length).replace(/^\s*/, '');
  }
  fs.writeFileSync(doc, `${head}${start}\n\n${text}\n${end}\n${tail ? `\n${tail}` : ''}`);
  console.log(`\nWritten to ${doc}`);
}

void main();
