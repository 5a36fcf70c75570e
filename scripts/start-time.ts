// `npm run bench:start`: how long `npm start` takes to serve, and how much memory the server then
// holds. On a fresh data folder it runs `npm start` once (building if the build is stale, and seeding
// the demo program), stops it, then RUNS more times, timing each from the moment `npm start` is
// invoked until GET /api/health answers 200; it reports the median. After the last start it signs in
// and reads the dashboards as a partner would, then adds up the resident memory of the processes.
// Talks to 127.0.0.1 only; every loop is bounded.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandOf, freePort, memoryOf, processTree } from './lib/server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.START_RUNS ?? 5);
/** Rounds of dashboard reads before memory is read (each round: every dashboard call once). */
const WARM_UP_ROUNDS = 40;
const PARTNER = { email: 'demo.partner@sunbite.example', password: 'sunny-demo-partner' };
const DASHBOARD = [
  '/api/getPartnerSalesSummary',
  '/api/getTotals',
  '/api/getPartnerSalesSummaryChart',
  '/api/getPartnerVerifiedTiers',
  '/api/getShopifySalesItemsNoVouchers?page=1&length=25',
  '/api/getShopifySalesItemsReferrals?page=1&length=25',
  '/api/getVouchersPaginated?page=1&length=25',
  '/api/getSalesNotifications',
  '/api/getBellNotifications',
];

interface Started {
  child: ChildProcess;
  ms: number;
  output: () => string;
  exited: Promise<void>;
}

/** `npm start` as a person types it, in a process group of its own; resolves at the first 200 of /api/health. */
async function npmStart(env: NodeJS.ProcessEnv, base: string, timeoutMs: number): Promise<Started> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return { child, ms: performance.now() - started, output: () => output, exited };
    if (gone) throw new Error(`npm start exited before it answered:\n${output}`);
    if (performance.now() - started > timeoutMs) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`npm start did not answer /api/health within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Ctrl-C, as a terminal sends it to the whole foreground group: npm ends on it at once, the server
 * after its graceful shutdown, which is waited for.
 */
async function stop(run: Started): Promise<void> {
  const server = serverProcess(run);
  process.kill(-run.child.pid!, 'SIGINT');
  await run.exited;
  const deadline = Date.now() + 15_000;
  while (fs.existsSync(`/proc/${server.pid}`)) {
    if (Date.now() > deadline)
      throw new Error(`the server (${server.pid}) did not stop within 15 s of SIGINT`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function call(base: string, url: string, token: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${url}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Sign-ins (argon2 verifications) and rounds of dashboard reads, as partners use the portal. */
async function warmUp(base: string) {
  const html = await (await fetch(`${base}/login`)).text();
  const client = /name="portal-client" content="([^"]+)"/.exec(html)?.[1];
  if (!client) throw new Error('no public client credential in /login (is the SPA built?)');
  let token = '';
  for (let i = 0; i < 4; i++) {
    const answer = await call(base, '/api/auth/get_token', client, {
      method: 'POST',
      body: JSON.stringify(PARTNER),
    });
    token = answer.token as string;
  }
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    await Promise.all(DASHBOARD.map((url) => call(base, url, token)));
  }
}

/** The process tree under `pid`: its ids and command lines. */
function tree(pid: number): { pid: number; command: string }[] {
  return processTree(pid).map((id) => ({ pid: id, command: commandOf(id) }));
}

/** The node process that runs the server under `npm start` (npm and its shell stand between). */
function serverProcess(run: Started) {
  const processes = tree(run.child.pid!);
  const server = processes.find((p) => p.command.includes('scripts/start.mjs'));
  if (!server) throw new Error(`no server process under npm start: ${JSON.stringify(processes)}`);
  return server;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'on',
    LOG_LEVEL: 'warn',
  };
  try {
    const first = await npmStart(env, base, 600_000);
    const built = first.output().includes('Building first');
    console.log(
      `first npm start: healthy after ${(first.ms / 1000).toFixed(2)} s (${built ? 'built, then ' : ''}seeded the demo program)`,
    );
    await stop(first);

    const times: number[] = [];
    let last: Started | undefined;
    for (let i = 0; i < RUNS; i++) {
      const run = await npmStart(env, base, 60_000);
      if (run.output().includes('Building first'))
        throw new Error('a second npm start built again: the build stamp does not hold');
      times.push(run.ms);
      console.log(`npm start #${i + 2}: healthy after ${run.ms.toFixed(0)} ms`);
      if (i < RUNS - 1) await stop(run);
      else last = run;
    }
    console.log(
      `time to healthy of a second npm start: median ${median(times).toFixed(0)} ms of ${RUNS} (${times.map((t) => t.toFixed(0)).join(', ')})`,
    );

    await warmUp(base);
    const processes = tree(last!.child.pid!);
    const server = serverProcess(last!);
    const serverMemory = memoryOf(server.pid);
    const allMemory = memoryOf(last!.child.pid!);
    console.log(`processes: ${processes.map((p) => `[${p.pid}] ${p.command}`).join('; ')}`);
    console.log(
      `resident memory after ${WARM_UP_ROUNDS * DASHBOARD.length} dashboard reads and 4 sign-ins: ` +
        `server ${mb(serverMemory.rss)} (anonymous ${mb(serverMemory.anon)}, file-backed ${mb(serverMemory.file)}, peak ${mb(serverMemory.peak)}); ` +
        `with npm and its shell, the whole tree ${mb(allMemory.rss)}`,
    );
    await stop(last!);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
