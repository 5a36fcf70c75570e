// `npm run soak`: three compiled nodes on a fresh PostgreSQL database and Redis (decisions/043)
// under mixed load for SOAK_SECONDS (10 minutes by default), one of them killed with SIGKILL in the
// middle and started again; then proof that nothing was lost or doubled. Issue 14.
//
// 1. A fresh database (dropped at the end) is migrated and seeded (scripts/lib/soak-seed.ts); an
//    empty Redis database index is used and emptied at the end; a PayPal and an SMTP stand-in run
//    in this process (server/test/). The nodes are the compiled server (server/test/cluster.ts).
// 2. Ingestion: signed orders/paid webhooks spread over the three nodes as fast as they answer
//    (a warm-up, then the measured run): orders answered per second, and followed up (every job
//    done) per second.
// 3. The soak: partners reading their dashboards, shoppers clicking short links, Shopify's webhooks
//    with its duplicates, partners cashing out (one in five a double click on two nodes), two
//    reviewers and a manager deciding payouts; PayPal paying them. Each kind of client is a worker
//    thread (scripts/lib/soak-worker.ts). At the middle one node is killed and started again.
// 4. Drain (follow-up jobs, PayPal sends, the last mail digests), then the checks
//    (scripts/lib/soak-check.ts) and the figures; a full run writes them to docs/performance.md.
// Exits 1 when a check fails. Measured runs take `flock /tmp/bench.lock` (a shared 2-core machine).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { migrateToLatest, openPostgres } from '../server/db';
import type { Db } from '../server/db';
import { hashPassword } from '../server/credentials/passwords';
import { CLUSTER_SECRET, redisAnswers, startCluster } from '../server/test/cluster';
import type { Cluster } from '../server/test/cluster';
import { startPayPalStandIn } from '../server/test/paypal-stand-in';
import { startTestSmtp } from '../server/test/smtp';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './lib/server-flags.mjs';
import { checkSoak } from './lib/soak-check';
import { seedSoakProgram } from './lib/soak-seed';
import type { SoakProgram } from './lib/soak-seed';
import { betweenMarkers, figuresOf } from './lib/soak-stats';
import type { ActionFigures, KillWindow, Sample } from './lib/soak-stats';
import type { SoakTask, WorkerResult } from './lib/soak-worker';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KNOBS = [
  'SOAK_SECONDS',
  'SOAK_INGEST',
  'SOAK_WEBHOOKS_PER_SECOND',
  'SOAK_CASHOUTS_PER_SECOND',
  'SOAK_DOWN_SECONDS',
  'SOAK_NO_KILL',
];
/** A narrowed run (any knob set) prints its figures and leaves docs/performance.md alone. */
const FULL_RUN = !KNOBS.some((knob) => process.env[knob]);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
/** Webhooks of the measured ingestion run, after WARM_UP not measured (the JIT, the pools). */
const INGEST = Number(process.env.SOAK_INGEST ?? 3000);
const WARM_UP = Math.min(1500, INGEST);
const INGEST_CONCURRENCY = 32;
/** Orders a second during the soak: a busy day's peak of the store, many times over. */
const WEBHOOKS_PER_SECOND = Number(process.env.SOAK_WEBHOOKS_PER_SECOND ?? 15);
const CASHOUTS_PER_SECOND = Number(process.env.SOAK_CASHOUTS_PER_SECOND ?? 1);
/** How long the killed node stays down before it is started again (a supervisor's restart delay). */
const DOWN_SECONDS = Number(process.env.SOAK_DOWN_SECONDS ?? 5);
const KILL = !process.env.SOAK_NO_KILL;
const KILLED_NODE = 1;
const READERS = 200;
const MAIL_DIGEST_SECONDS = 30;
const ADMIN_URL = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_BASE = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379';

const PARTNER_READS = [
  '/api/getPartnerSalesSummary',
  '/api/getTotals',
  '/api/getPartnerSalesSummaryChart',
  '/api/getShopifySalesItemsNoVouchers?page=1&length=5',
  '/api/getPayMeNowStats',
  '/api/getBellNotifications',
  '/api/newsfeed?page=1&length=10',
  '/api/links/stats',
];

/** Conflicts the soak makes on purpose: two staff on one payout (409), a second ask for a payout (422). */
const conflictsOf = (action: string): number[] =>
  action === 'staff decisions' ? [409] : action === 'cash-outs' ? [422] : [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/**
 * A Redis database index nobody uses (no key in it), so the soak's keys are its own and can be
 * removed at the end; the cluster tests use index 0. Pub/sub (socket.io's adapter) spans indexes,
 * which does no harm: its rooms are the partners' own uuids.
 */
async function freeRedisDatabase(): Promise<{ url: string; flush(): Promise<void> }> {
  if (!(await redisAnswers(REDIS_BASE)))
    throw new Error(`no Redis answers at ${REDIS_BASE} (SOAK_REDIS_URL)`);
  const probe = new Redis(REDIS_BASE);
  try {
    for (let index = 15; index >= 1; index--) {
      await probe.select(index);
      if ((await probe.dbsize()) === 0) {
        const url = `${REDIS_BASE.replace(/\/\d*$/, '')}/${index}`;
        return {
          url,
          async flush() {
            const client = new Redis(url);
            await client.flushdb();
            client.disconnect();
          },
        };
      }
    }
  } finally {
    probe.disconnect();
  }
  throw new Error('every Redis database index from 1 to 15 holds keys: none is free for the soak');
}

/** Runs a worker until `stop` resolves (or until it ends by itself), and answers its record. */
function runWorker(task: SoakTask, stop?: Promise<void>): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    // The worker is TypeScript, and loader hooks are per thread (Node 20 ignores `--import` in a
    // worker's execArgv): a small bootstrap registers tsx in the worker, then imports it.
    const file = new URL('./lib/soak-worker.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: task });
    let result: WorkerResult | undefined;
    // The worker's port listener keeps it alive: it is ended once its record has arrived.
    worker.once('message', (message: WorkerResult) => {
      result = message;
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once(
      'exit',
      (code) => result ?? reject(new Error(`soak worker ${task.kind} exited with ${code} and no result`)),
    );
    void stop?.then(() => worker.postMessage('stop'));
  });
}

async function openJobs(db: Db): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select(sql<number>`count(*)`.as('n'))
    .where('done_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits until every job is done; answers when (epoch ms). */
async function followedUp(db: Db, timeoutMs = 300_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while ((await openJobs(db)) > 0) {
    if (Date.now() > deadline) throw new Error('follow-up jobs still open after 5 minutes');
    await sleep(10);
  }
  return Date.now();
}

interface IngestFigure {
  count: number;
  answered: number;
  followedUp: number;
  p50: number;
  p95: number;
  errors: number;
}

/** Warm-up, then INGEST signed orders/paid over the three nodes, 32 at a time. */
async function ingestion(
  cluster: Cluster,
  program: SoakProgram,
  idBase: number,
  results: WorkerResult[],
): Promise<IngestFigure> {
  const nodes = cluster.nodes.map((n) => n.url);
  const send = (count: number, base: number) =>
    runWorker({
      kind: 'webhooks',
      nodes,
      secret: CLUSTER_SECRET,
      codes: program.codes,
      perSecond: 0,
      concurrency: INGEST_CONCURRENCY,
      idBase: base,
      duplicates: false,
      count,
    });
  log(`ingestion: warming up with ${WARM_UP} webhooks…`);
  results.push(await send(WARM_UP, idBase));
  await followedUp(cluster.database.db);
  log(`ingestion: ${INGEST} webhooks over the 3 nodes…`);
  const measured = await send(INGEST, idBase + WARM_UP);
  results.push(measured);
  const done = await followedUp(cluster.database.db);
  const first = Math.min(...measured.samples.map((s) => s.at));
  const last = Math.max(...measured.samples.map((s) => s.at + s.ms));
  const [figures] = figuresOf(measured.samples, (last - first) / 1000, undefined);
  return {
    count: INGEST,
    answered: INGEST / ((last - first) / 1000),
    followedUp: INGEST / ((done - first) / 1000),
    p50: figures!.p50,
    p95: figures!.p95,
    errors: figures!.unexpected,
  };
}

/** Until the follow-up jobs are done, approved payouts are paid, and the last digest window is mailed. */
async function drain(db: Db) {
  const started = Date.now();
  // The last digest window closes MAIL_DIGEST_SECONDS (and its grace) after the load, and is
  // queued by a task that runs every half window: then it is sent in rounds of three seconds.
  const earliest = started + (MAIL_DIGEST_SECONDS * 2 + 15) * 1000;
  // The killed node's claims (a PayPal send: 2 minutes, a job: 1 minute) must run out first.
  const deadline = started + 300_000;
  for (;;) {
    const now = new Date().toISOString();
    const [jobs, sendable, mail] = await Promise.all([
      openJobs(db),
      db
        .selectFrom('payouts')
        .select(sql<number>`count(*)`.as('n'))
        .where('status', 'in', ['APPROVED', 'MANAGER_APPROVED'])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('mail_outbox')
        .select(sql<number>`count(*)`.as('n'))
        // Claimed rows count too: a send in flight while the checks read the outbox would look
        // like a mail received and never marked. The killed node's claims end with their lease
        // (5 minutes), before the drain's own deadline when the kill is at the middle of 10 minutes.
        .where('done_at', 'is', null)
        .where('run_after', '<=', now)
        .executeTakeFirstOrThrow(),
    ]);
    const settled = jobs === 0 && Number(sendable.n) === 0 && Number(mail.n) === 0;
    if (settled && Date.now() >= earliest) return;
    if (Date.now() > deadline) {
      log(
        `drain: gave up after 5 minutes (${jobs} jobs open, ${sendable.n} approved payouts unpaid, ${mail.n} mails due)`,
      );
      return;
    }
    await sleep(1000);
  }
}

const f0 = (n: number) => n.toFixed(0);
const f1 = (n: number) => n.toFixed(1);

function figuresTable(rows: ActionFigures[]): string {
  return (
    '| Action | requests | req/s | p50 (ms) | p95 (ms) | conflicts (by design) | errors while a node was down | unexpected errors |\n|---|---:|---:|---:|---:|---:|---:|---:|\n' +
    rows
      .map(
        (r) =>
          `| ${r.action} | ${r.requests.toLocaleString('en-US')} | ${f1(r.perSecond)} | ${f1(r.p50)} | ${f1(r.p95)} | ${r.conflicts} | ${r.expected} | ${r.unexpected}${
            r.unexpected
              ? ` (${Object.entries(r.unexpectedBy)
                  .map(([k, n]) => `${n}× ${k}`)
                  .join(', ')})`
              : ''
          } |`,
      )
      .join('\n')
  );
}

async function main() {
  const started = Date.now();
  const redis = await freeRedisDatabase();
  const smtp = await startTestSmtp();
  const paypal = await startPayPalStandIn();
  log(`Redis ${redis.url}, SMTP stand-in ${smtp.url}, PayPal stand-in ${paypal.url}`);
  // Enough partners ready to cash out for the whole soak, with some left over.
  const cashers = Math.ceil(SECONDS * CASHOUTS_PER_SECOND * 1.1) + 20;
  let program: SoakProgram | undefined;
  log(
    `compiling the server, creating and seeding the database (${READERS} selling partners, ${cashers} ready to cash out)…`,
  );
  const cluster = await startCluster({
    adminUrl: ADMIN_URL,
    redisUrl: redis.url,
    nodeArgs: SERVER_NODE_FLAGS,
    env: {
      ...SERVER_ENV,
      // Warnings and errors only: info would log every request, for ten minutes, into memory.
      LOG_LEVEL: 'warn',
      // Where the short links send their shoppers (without a store they answer 503).
      STORE_URL: 'https://shop.sunbite.example',
      SMTP_URL: smtp.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      // Digests of 30-second windows, so that the soak mails many of them (an hour in production).
      MAIL_DIGEST_SECONDS: String(MAIL_DIGEST_SECONDS),
    },
    async prepare(url) {
      const handle = openPostgres(url, 5);
      try {
        await migrateToLatest(handle.db);
        program = await seedSoakProgram(handle.db, {
          readers: READERS,
          cashers,
          passwordHash: await hashPassword('soak-password'),
        });
      } finally {
        await handle.close();
      }
    },
  });
  // Interrupted (Ctrl-C, a time-out): the nodes, the database and the Redis keys go all the same.
  const interrupted = () => {
    console.error('soak: interrupted, stopping the nodes and dropping the database…');
    void cluster
      .stop()
      .then(redis.flush)
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const db = cluster.database.db;
  const nodes = cluster.nodes.map((n) => n.url);
  const p = program!;
  let exitCode = 0;
  try {
    log(`3 nodes healthy: ${nodes.join(', ')}`);
    const results: WorkerResult[] = [];
    const idBase = 7_000_000_000_000 + (Date.now() % 1_000_000) * 1_000_000;
    const ingest = await ingestion(cluster, p, idBase, results);
    log(
      `ingestion: ${f0(ingest.answered)} orders/s answered, ${f0(ingest.followedUp)} orders/s followed up (p50 ${f1(ingest.p50)} ms, p95 ${f1(ingest.p95)} ms)`,
    );

    log(`soak: ${SECONDS} s of mixed load${KILL ? `; node ${KILLED_NODE} killed at ${SECONDS / 2} s` : ''}…`);
    let stopLoad!: () => void;
    const stop = new Promise<void>((resolve) => (stopLoad = resolve));
    const soakStart = Date.now();
    const workers = [
      runWorker(
        {
          kind: 'reads',
          action: 'partner dashboard reads',
          nodes,
          tokens: p.readerTokens,
          paths: PARTNER_READS,
          concurrency: 4,
        },
        stop,
      ),
      runWorker({ kind: 'links', nodes, codes: p.codes, concurrency: 2 }, stop),
      runWorker(
        {
          kind: 'webhooks',
          nodes,
          secret: CLUSTER_SECRET,
          codes: p.codes,
          perSecond: WEBHOOKS_PER_SECOND,
          concurrency: 16,
          idBase: idBase + WARM_UP + INGEST,
          duplicates: true,
        },
        stop,
      ),
      runWorker({ kind: 'cashouts', nodes, cashers: p.cashers, perSecond: CASHOUTS_PER_SECOND }, stop),
      runWorker({ kind: 'review', nodes, reviewers: p.reviewers, manager: p.manager }, stop),
    ];
    let kill: KillWindow | undefined;
    const progress = setInterval(() => log(`soak: ${Math.round((Date.now() - soakStart) / 1000)} s`), 60_000);
    if (KILL) {
      await sleep((SECONDS / 2) * 1000);
      const killedAt = Date.now();
      await cluster.kill(KILLED_NODE);
      log(`node ${KILLED_NODE} killed (SIGKILL)`);
      await sleep(DOWN_SECONDS * 1000);
      await cluster.startNode(KILLED_NODE);
      kill = { node: KILLED_NODE, killedAt, backAt: Date.now() };
      log(`node ${KILLED_NODE} healthy again after ${f1((kill.backAt - killedAt) / 1000)} s`);
      await sleep(Math.max(0, soakStart + SECONDS * 1000 - Date.now()));
    } else {
      await sleep(SECONDS * 1000);
    }
    stopLoad();
    const soakEnd = Date.now();
    const soakResults = await Promise.all(workers);
    clearInterval(progress);
    results.push(...soakResults);
    log('soak: load stopped; draining (follow-up jobs, PayPal, the last mail digests)…');
    await drain(db);

    const samples: Sample[] = soakResults.flatMap((r) => r.samples);
    const figures = figuresOf(samples, (soakEnd - soakStart) / 1000, kill, conflictsOf);
    const all = results;
    const report = await checkSoak(db, {
      acknowledged: all.flatMap((r) => r.acknowledged),
      unacknowledged: all.flatMap((r) => r.unacknowledged),
      cashOuts: all.flatMap((r) => r.cashOuts),
      cashers: p.cashers,
      paypal,
      smtp,
      kill,
    });
    const nodeErrors = cluster.nodes.map((n, i) => ({ node: i, lines: n.errors() }));
    // Transactions PostgreSQL broke off: deadlocks between the nodes' group commits cost a second each (deadlock_timeout).
    const pgStats = await sql<{
      deadlocks: string;
      xact_rollback: string;
      xact_commit: string;
    }>`select deadlocks, xact_rollback, xact_commit from pg_stat_database where datname = current_database()`.execute(
      db,
    );
    const pgLine = `PostgreSQL over the whole run: ${pgStats.rows[0]?.xact_commit} commits, ${pgStats.rows[0]?.xact_rollback} rollbacks, ${pgStats.rows[0]?.deadlocks} deadlocks`;
    const decisions = all.flatMap((r) => r.decisions);
    const webhookOutcomes = new Map<string, number>();
    for (const a of soakResults.flatMap((r) => r.acknowledged))
      webhookOutcomes.set(a.outcome, (webhookOutcomes.get(a.outcome) ?? 0) + 1);

    console.log(
      `\nIngestion on 3 nodes over PostgreSQL: ${INGEST} signed orders/paid, ${INGEST_CONCURRENCY} at a time, spread over the nodes in turn`,
    );
    console.log(
      `  ${f0(ingest.answered)} orders/s answered, ${f0(ingest.followedUp)} orders/s followed up; p50 ${f1(ingest.p50)} ms, p95 ${f1(ingest.p95)} ms; ${ingest.errors} errors`,
    );
    console.log(
      `\nSoak: ${SECONDS} s, ${os.cpus().length} cores${kill ? `; node ${kill.node} killed at ${f0((kill.killedAt - soakStart) / 1000)} s, healthy again ${f1((kill.backAt - kill.killedAt) / 1000)} s later` : ''}`,
    );
    for (const r of figures)
      console.log(
        `  ${r.action.padEnd(26)} ${String(r.requests).padStart(7)} req  ${f1(r.perSecond).padStart(6)}/s  p50 ${f1(r.p50).padStart(6)} ms  p95 ${f1(r.p95).padStart(7)} ms  ` +
          `conflicts ${r.conflicts}  down-node ${r.expected}  unexpected ${r.unexpected}${r.unexpected ? ` ${JSON.stringify(r.unexpectedBy)}` : ''}`,
      );
    console.log(`  webhook answers: ${[...webhookOutcomes].map(([o, n]) => `${n} ${o}`).join(', ')}`);
    console.log(
      `  staff decisions: ${decisions.filter((d) => d.status === 200 || d.status === 204).length} made, ${decisions.filter((d) => d.status === 409).length} met another's (409)`,
    );
    console.log(`  ${pgLine}`);
    console.log('\nChecks');
    for (const line of report.lines) console.log(`  ${line}`);
    for (const { node, lines } of nodeErrors)
      if (lines.length)
        console.log(`  node ${node}: ${lines.length} error lines logged, e.g. ${lines[0]!.slice(0, 400)}`);
    const unexpected = figures.reduce((s, r) => s + r.unexpected, 0);
    if (report.failures.length) exitCode = 1;
    console.log(
      `\n${report.failures.length ? `${report.failures.length} checks FAILED` : 'Every check passed'}; ${unexpected} unexpected errors; ${f0((Date.now() - started) / 1000)} s in all.`,
    );

    if (FULL_RUN) {
      const text = [
        `Last run: ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, PostgreSQL and Redis on the same machine; ` +
          `the three nodes, the database, Redis, the load and the stand-ins share the cores.`,
        '',
        `**Ingestion on 3 nodes over PostgreSQL** (${INGEST.toLocaleString('en-US')} signed \`orders/paid\` after ${WARM_UP.toLocaleString('en-US')} to warm up, ${INGEST_CONCURRENCY} at a time, the nodes in turn): ` +
          `**${f0(ingest.answered)} orders/s** answered (p50 ${f1(ingest.p50)} ms, p95 ${f1(ingest.p95)} ms, ${ingest.errors} errors); **${f0(ingest.followedUp)} orders/s** followed up (every job done).`,
        '',
        `**Soak**: ${SECONDS} s of mixed load${kill ? `; node ${kill.node} killed with SIGKILL at ${f0((kill.killedAt - soakStart) / 1000)} s and healthy again ${f1((kill.backAt - kill.killedAt) / 1000)} s later (${DOWN_SECONDS} s down, then its start)` : ''}.`,
        '',
        figuresTable(figures),
        '',
        `${pgLine}.`,
        '',
        `Webhook answers: ${[...webhookOutcomes].map(([o, n]) => `${n.toLocaleString('en-US')} ${o}`).join(', ')}. Staff decisions: ${decisions.filter((d) => d.status === 200 || d.status === 204).length} made, ${decisions.filter((d) => d.status === 409).length} met the other reviewer's (409).`,
        '',
        'Checks after the drain:',
        '',
        ...report.lines.map(
          (line) =>
            `- ${line.startsWith('FAIL') ? `**FAIL** ${line.slice(4).trim()}` : line.replace(/^(ok)?\s+/, '')}`,
        ),
        ...nodeErrors
          .filter((n) => n.lines.length)
          .map((n) => `- node ${n.node} logged ${n.lines.length} error lines`),
      ].join('\n');
      const doc = path.join(root, 'docs', 'performance.md');
      fs.writeFileSync(doc, betweenMarkers(fs.readFileSync(doc, 'utf8'), 'soak results', text));
      console.log(`Written to ${doc}`);
    } else {
      console.log('A narrowed run (SOAK_* set): docs/performance.md is left as it is.');
    }
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    await cluster.stop();
    await redis.flush();
    await paypal.close();
    await smtp.close();
  }
  process.exit(exitCode);
}

void main();
