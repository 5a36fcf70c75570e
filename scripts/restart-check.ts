// The compiled server, restarted as people restart it (issue 29): on a fresh data folder and a free
// port it runs `node scripts/start.mjs` with `npm start`'s Node options and environment (as a
// supervisor runs it), waits for GET /api/health, stops it with Ctrl-C's SIGINT and expects exit
// code 0, then starts it again and asks for everything that loads a module only when first used:
// sharp (a product picture, a Grab and Go rendition, the content kit, an avatar and a sub-partner
// logo upload), pdfkit (a paid payout's invoice), qrcode (the staff TOTP setup) and the common
// password list (a password change refused as too common). A third start asks again. After each
// stop, dist/server must hold the same files as before (no code cache, no temporary files).
// Run by .ci/run after the build; every wait is bounded. Exits 1 with what failed.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './lib/server-flags.mjs';
import { freePort } from './lib/server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distServer = path.join(root, 'dist', 'server');
const PARTNER = { email: 'demo.partner@sunbite.example', password: 'sunny-demo-partner' };
const ADMIN = { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' };
/** The first start may build (the build stamp is stale) and seeds a year of demo sales. */
const FIRST_START_MS = 600_000;
const START_MS = 60_000;
const STOP_MS = 30_000;
const REQUEST_MS = 30_000;

class CheckFailed extends Error {}

interface Server {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const log = (line: string) => console.log(line);
const tail = (text: string, lines = 40) => text.trimEnd().split('\n').slice(-lines).join('\n');

/** `node <npm start's flags> scripts/start.mjs` in a process group of its own; resolves at the first 200 of /api/health. */
async function start(
  label: string,
  env: NodeJS.ProcessEnv,
  base: string,
  timeoutMs: number,
): Promise<Server> {
  const began = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join('scripts', 'start.mjs')], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exit.then(() => (gone = true));
  for (;;) {
    const healthy = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (healthy) break;
    if (gone)
      throw new CheckFailed(`${label}: the server exited before /api/health answered 200:\n${tail(output)}`);
    if (performance.now() - began > timeoutMs) {
      kill(child);
      throw new CheckFailed(
        `${label}: /api/health did not answer 200 within ${timeoutMs / 1000} s:\n${tail(output)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const built = output.includes('Building first');
  log(`${label}: healthy after ${(performance.now() - began).toFixed(0)} ms${built ? ' (built first)' : ''}`);
  return { child, output: () => output, exit };
}

function kill(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Ctrl-C: SIGINT to the server's process group; it must end by itself, with exit code 0. */
async function stop(label: string, server: Server): Promise<void> {
  process.kill(-server.child.pid!, 'SIGINT');
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), STOP_MS).unref());
  const exit = await Promise.race([server.exit, timeout]);
  if (exit === 'timeout') {
    kill(server.child);
    throw new CheckFailed(
      `${label}: the server did not exit within ${STOP_MS / 1000} s of SIGINT:\n${tail(server.output())}`,
    );
  }
  if (exit.code !== 0)
    throw new CheckFailed(
      `${label}: the server exited with ${exit.code ?? exit.signal} after SIGINT, not 0:\n${tail(server.output())}`,
    );
  log(`${label}: stopped by SIGINT, exit code 0`);
}

const distFiles = () => fs.readdirSync(distServer).sort();

/** dist/server holds what it held before the runs: nothing written beside the bundle by a start or a stop. */
function checkDist(label: string, before: string[]): string[] {
  const now = distFiles();
  const added = now.filter((f) => !before.includes(f));
  const removed = before.filter((f) => !now.includes(f));
  const stray = now.filter((f) => /v8cache|\.tmp$/i.test(f) && !added.includes(f));
  const changes = [
    ...added.map((f) => `+${f}`),
    ...removed.map((f) => `-${f}`),
    ...stray.map((f) => `stray ${f}`),
  ];
  if (changes.length === 0) {
    log(`  ok    ${label}: dist/server holds only ${now.join(', ')}`);
    return [];
  }
  log(`  FAIL  ${label}: dist/server changed: ${changes.join(', ')}`);
  return [`${label}: dist/server changed: ${changes.join(', ')}`];
}

/** A request with a bounded wait; the answer's body is read whole. */
async function request(base: string, url: string, init: RequestInit & { token?: string } = {}) {
  const { token, headers, ...rest } = init;
  const res = await fetch(`${base}${url}`, {
    ...rest,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string>),
    },
    signal: AbortSignal.timeout(REQUEST_MS),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', body };
}

type Answer = Awaited<ReturnType<typeof request>>;
const method = (init?: RequestInit) => init?.method ?? 'GET';

/** The answer must be 2xx with a content type starting with `type`; answers its body. */
async function expectAnswer(
  base: string,
  url: string,
  type: string,
  init: RequestInit & { token?: string } = {},
): Promise<Answer> {
  const answer = await request(base, url, init);
  const ok = answer.status >= 200 && answer.status < 300 && answer.type.startsWith(type);
  if (!ok) {
    const text = answer.body.toString('utf8', 0, 300).replace(/\s+/g, ' ');
    throw new CheckFailed(
      `${method(init)} ${url} answered ${answer.status} ${answer.type} (expected 2xx ${type}): ${text}`,
    );
  }
  return answer;
}

const json = <T>(answer: Answer) => JSON.parse(answer.body.toString('utf8')) as T;
const summary = (init: RequestInit | undefined, url: string, answer: Answer) =>
  `${method(init)} ${url} → ${answer.status} ${answer.type.split(';')[0]}, ${answer.body.length} bytes`;

/** Fetches `url` and checks the bytes are what the content type says (`magic` at `at`). */
async function expectFile(
  base: string,
  url: string,
  type: string,
  magic: string,
  at = 0,
  init: RequestInit & { token?: string } = {},
) {
  const answer = await expectAnswer(base, url, type, init);
  if (answer.body.toString('latin1', at, at + magic.length) !== magic)
    throw new CheckFailed(
      `${method(init)} ${url}: the body is not ${type} (no ${JSON.stringify(magic)} at byte ${at})`,
    );
  return summary(init, url, answer);
}
const expectWebp = (base: string, url: string) => expectFile(base, url, 'image/webp', 'WEBP', 8);

async function publicClient(base: string) {
  const html = (await expectAnswer(base, '/login', 'text/html')).body.toString('utf8');
  const client = /name="portal-client" content="([^"]+)"/.exec(html)?.[1];
  if (!client) throw new CheckFailed('no public client credential in /login (is the SPA built?)');
  return client;
}

async function signIn(
  base: string,
  client: string,
  url: string,
  credentials: { email: string; password: string },
) {
  const answer = await expectAnswer(base, url, 'application/json', {
    method: 'POST',
    token: client,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { token } = json<{ token?: string }>(answer);
  if (!token) throw new CheckFailed(`${url} answered no token for ${credentials.email} (a second factor?)`);
  return token;
}

/** A small picture of one colour, different in each round, so that each upload is made anew. */
const picture = async (round: number) =>
  new Uint8Array(
    await sharp({
      create: {
        width: 96,
        height: 64,
        channels: 3,
        background: { r: 240, g: (120 + round * 37) % 256, b: 60 },
      },
    })
      .png()
      .toBuffer(),
  );

interface Context {
  base: string;
  partner: string;
  admin: string;
  round: number;
}

type Check = [name: string, run: (c: Context) => Promise<string>];

const CHECKS: Check[] = [
  [
    'product picture (sharp)',
    async ({ base, partner }) => {
      const { data } = json<{ data: { code: string; image_url: string }[] }>(
        await expectAnswer(base, '/api/products', 'application/json', { token: partner }),
      );
      if (!data[0]) throw new CheckFailed('GET /api/products answered no product');
      return expectWebp(base, data[0].image_url);
    },
  ],
  [
    'Grab and Go rendition (sharp)',
    async ({ base, partner }) => {
      const { data } = json<{ data: { thumb_url: string }[] }>(
        await expectAnswer(base, '/api/gallery', 'application/json', { token: partner }),
      );
      if (!data[0]) throw new CheckFailed('GET /api/gallery answered no image');
      if (!data[0].thumb_url.includes('w='))
        throw new CheckFailed(`the gallery's thumb_url is no rendition: ${data[0].thumb_url}`);
      return expectWebp(base, data[0].thumb_url);
    },
  ],
  [
    'content kit ZIP (sharp)',
    async ({ base, partner }) => {
      const { data } = json<{ data: { code: string }[] }>(
        await expectAnswer(base, '/api/products', 'application/json', { token: partner }),
      );
      const code = data.at(-1)?.code;
      if (!code) throw new CheckFailed('GET /api/products answered no product');
      return expectFile(base, `/api/products/${code}/kit`, 'application/zip', 'PK\u0003\u0004', 0, {
        token: partner,
      });
    },
  ],
  [
    'invoice PDF of a paid payout (pdfkit)',
    async ({ base, partner }) => {
      const { data } = json<{ data: { status: string; pdf_url: string }[] }>(
        await expectAnswer(base, '/api/getInvoices?page=1&length=50', 'application/json', { token: partner }),
      );
      const paid = data.find((invoice) => invoice.status === 'PAID');
      if (!paid) throw new CheckFailed('the demo partner has no invoice of a paid payout');
      return expectFile(base, paid.pdf_url, 'application/pdf', '%PDF-', 0, { token: partner });
    },
  ],
  [
    'avatar upload (sharp)',
    async ({ base, partner, round }) => {
      const form = new FormData();
      form.append('picture', new Blob([await picture(round)], { type: 'image/png' }), 'me.png');
      const init = { method: 'POST', body: form, token: partner };
      const answer = await expectAnswer(base, '/api/set_avatar', 'application/json', init);
      if (typeof json<{ data?: unknown }>(answer).data !== 'string')
        throw new CheckFailed('POST /api/set_avatar answered no user payload');
      return summary(init, '/api/set_avatar', answer);
    },
  ],
  [
    'sub-partner logo upload (sharp)',
    async ({ base, admin, round }) => {
      const list = json<{ data: { id: number }[] }>(
        await expectAnswer(base, '/api/manager/subpartners', 'application/json', { token: admin }),
      );
      if (!list.data[0]) throw new CheckFailed('GET /api/manager/subpartners answered no sub-partner');
      const url = `/api/manager/subpartners/${list.data[0].id}/logo`;
      const init = {
        method: 'POST',
        body: await picture(round + 5),
        headers: { 'content-type': 'image/png' },
        token: admin,
      };
      const answer = await expectAnswer(base, url, 'application/json', init);
      const logo = json<{ data: { logo_url: string | null } }>(answer).data.logo_url;
      if (!logo?.startsWith('/api/media/')) throw new CheckFailed(`POST ${url} answered logo_url ${logo}`);
      return `${summary(init, url, answer)}; ${await expectWebp(base, logo)}`;
    },
  ],
  [
    'staff TOTP setup QR code (qrcode)',
    async ({ base, admin }) => {
      const init = { method: 'POST', token: admin };
      const answer = await expectAnswer(base, '/api/manager/security/totp', 'application/json', init);
      const qr = json<{ data: { qr_code?: string } }>(answer).data.qr_code ?? '';
      if (!qr.startsWith('data:image/svg+xml'))
        throw new CheckFailed(`the setup answered no SVG QR code: ${qr.slice(0, 60)}`);
      return `${summary(init, '/api/manager/security/totp', answer)}, qr_code ${qr.slice(0, qr.indexOf(','))}`;
    },
  ],
  [
    'common password list (@zxcvbn-ts/language-common, required when first used)',
    async ({ base, partner }) => {
      const url = '/api/change-password';
      const init = {
        method: 'POST',
        token: partner,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          current_password: PARTNER.password,
          password: 'password1',
          password_confirmation: 'password1',
        }),
      };
      const answer = await request(base, url, init);
      const text = answer.body.toString('utf8');
      // Refused by validation, before anything changes; a list that failed to load would be a 500.
      if (answer.status !== 422 || !/too common/i.test(text))
        throw new CheckFailed(
          `POST ${url} with "password1" answered ${answer.status} (expected 422, too common): ${text.slice(0, 300)}`,
        );
      return `POST ${url} with "password1" → 422, refused as too common`;
    },
  ],
];

/** Signs in and runs every check; answers the failures (all are run, so one report names them all). */
async function runChecks(label: string, base: string, round: number): Promise<string[]> {
  const client = await publicClient(base);
  const partner = await signIn(base, client, '/api/auth/get_token', PARTNER);
  const admin = await signIn(base, client, '/api/manager/auth/get_token', ADMIN);
  log(`${label}: signed in as ${PARTNER.email} and ${ADMIN.email}`);
  const failures: string[] = [];
  for (const [name, run] of CHECKS) {
    try {
      log(`  ok    ${name}: ${await run({ base, partner, admin, round })}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`  FAIL  ${name}: ${message}`);
      failures.push(`${label}, ${name}: ${message}`);
    }
  }
  return failures;
}

async function main() {
  if (!fs.existsSync(path.join(distServer, 'main.js')))
    throw new CheckFailed('no dist/server/main.js: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-restart-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SERVER_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: 'on',
    LOG_LEVEL: 'warn',
  };
  log(
    `restart check: node ${[...SERVER_NODE_FLAGS, 'scripts/start.mjs'].join(' ')} on ${base}, DATA_DIR ${dataDir} (Node ${process.version})`,
  );
  let running: Server | undefined;
  try {
    running = await start('start 1', env, base, FIRST_START_MS);
    const files = distFiles();
    await stop('start 1', running);
    running = undefined;
    const failures = checkDist('after start 1', files);

    for (const round of [2, 3]) {
      const label = `start ${round}`;
      running = await start(label, env, base, START_MS);
      if (running.output().includes('Building first'))
        throw new CheckFailed(
          `${label} built again: the build stamp does not hold, so this start does not test a restart`,
        );
      failures.push(...(await runChecks(label, base, round)));
      const output = running.output();
      await stop(label, running);
      running = undefined;
      failures.push(...checkDist(`after start ${round}`, files));
      if (failures.length > 0) {
        const errors = output.split('\n').filter((line) => /error|ERR_/i.test(line));
        throw new CheckFailed(
          `${failures.length} check(s) failed:\n- ${failures.join('\n- ')}` +
            (errors.length > 0
              ? `\nthe server's error lines (start ${round}):\n${errors
                  .slice(0, 5)
                  .map((line) => line.slice(0, 600))
                  .join('\n')}`
              : ''),
        );
      }
    }
    log(
      'restart check passed: the 1st, 2nd and 3rd start behave the same, each stopped with exit code 0, dist/server unchanged',
    );
  } finally {
    if (running) kill(running.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`restart check FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
