// Helpers of the first-load benchmark (scripts/lighthouse.ts): the built app in a child process
// on a fresh database, the bytes of what a browser downloads, Lighthouse runs and their medians.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM } from './chromium';
import { freePort } from './server-process';

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (newest, entry) => Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      0,
    );
}

/** `npm run build` when the SPA's build is missing or older than its sources. */
export function buildIfNeeded(): void {
  const built = 'dist/web/index.html';
  const sources = Math.max(...['web', 'common', 'vite.config.ts', 'package-lock.json'].map(newestMtime));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs > sources) return;
  console.log('building (the SPA build is missing or older than its sources)…');
  execSync('npm run build', { stdio: 'inherit' });
}

export interface RunningApp {
  base: string;
  stop(): Promise<void>;
}

/**
 * `npm start` (which builds when needed) on a fresh temporary DATA_DIR with the demo program,
 * answering once /api/health does. Bounded: gives up after `timeoutMs`.
 */
export async function startApp(timeoutMs = 240_000): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-first-load-'));
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'on',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group, so stopping it stops npm and the server under it.
    detached: true,
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code} before it was healthy`))),
  );
  exited.catch(() => {});
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const healthy = await Promise.race([
        fetch(`${base}/api/health`).then(
          (res) => res.ok,
          () => false,
        ),
        exited,
      ]);
      if (healthy) return { base, stop };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the app was not healthy within ${timeoutMs / 1000} s`);
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The demo program's partner, as the README publishes them. */
export const DEMO_PARTNER = { email: 'demo.partner@sunbite.example', password: 'sunny-demo-partner' };

/** Signs in as the demo partner through the sign-in form on `page` and answers the session's token. */
export async function signInAsDemoPartner(page: Page, base: string): Promise<string> {
  await page.getByTestId('login-form').waitFor();
  await page.getByTestId('login-email').fill(DEMO_PARTNER.email);
  await page.getByTestId('login-password').fill(DEMO_PARTNER.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`${base}/account/`);
  const stored = await page.evaluate(() => localStorage.getItem('auth_token'));
  const token = stored ? (JSON.parse(stored) as { token: string }).token : '';
  if (!token) throw new Error('the sign-in stored no token');
  return token;
}

/** The local storage of a partner signed in with `token` and active just now, as the SPA keeps it. */
export function sessionStorageOf(token: string): Record<string, string> {
  return {
    auth_token: JSON.stringify({ token, expired: new Date(Date.now() + 86_400_000).toISOString() }),
    last_activity: String(Date.now()),
  };
}

/** The bytes of `url`'s body as sent to a client accepting only `encoding` (not decoded; files too small to compress come as they are). */
export function encodedLength(url: string, encoding: 'br' | 'gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          const sent = res.headers['content-encoding'];
          if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
          else if (sent && sent !== encoding) reject(new Error(`${url}: asked for ${encoding}, got ${sent}`));
          else resolve(bytes);
        });
      })
      .on('error', reject);
  });
}

export interface ScriptBytes {
  files: number;
  gzip: number;
  brotli: number;
  /** What the browser's network stack counted: its Brotli bodies plus the response headers. */
  transferred: number;
}

/** The compressed size of each script, asked of the server in both encodings. */
export async function scriptBytes(scripts: { url: string; transferred: number }[]): Promise<ScriptBytes> {
  const sizes = await Promise.all(
    scripts.map(async ({ url }) => ({
      gzip: await encodedLength(url, 'gzip'),
      brotli: await encodedLength(url, 'br'),
    })),
  );
  return {
    files: scripts.length,
    gzip: sizes.reduce((sum, size) => sum + size.gzip, 0),
    brotli: sizes.reduce((sum, size) => sum + size.brotli, 0),
    transferred: scripts.reduce((sum, script) => sum + script.transferred, 0),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  scores: Record<Category, number>;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Lighthouse's measure of this machine's CPU at the time (higher is faster; it scales TBT). */
  benchmarkIndex: number;
  /** Audits under 0.9 in a category (`category: title` → score), for the report's "what to fix". */
  failing: Record<string, number>;
}

interface LighthouseReport {
  environment: { benchmarkIndex: number };
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string }
  >;
}

/**
 * One Lighthouse run (mobile, simulated throttling: its defaults) of `url` in Debian's Chromium,
 * launched as Lighthouse's CLI launches it (chrome-launcher, a fresh profile); its JSON report is
 * copied to `keepReportAt` when given. `localStorage` is stored on the URL's origin first (a
 * signed-in partner's session): Lighthouse clears the HTTP cache before it loads the page, but not
 * local storage (its default `clearStorageTypes`), so the page still opens from a cold cache.
 */
export async function runLighthouse(
  url: string,
  keepReportAt?: string,
  localStorage?: Record<string, string>,
): Promise<LighthouseRun> {
  const [{ default: lighthouse }, chromeLauncher, puppeteer] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('puppeteer-core'),
  ]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const timer = setTimeout(() => chrome.kill(), 180_000);
  try {
    if (localStorage) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      try {
        const page = await browser.newPage();
        // A small file of the same origin: its page is where local storage is written.
        await page.goto(new URL('/favicon.svg', url).href);
        await page.evaluate((entries) => {
          for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
        }, localStorage);
        await page.close();
      } finally {
        await browser.disconnect();
      }
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const json = typeof result.report === 'string' ? result.report : result.report.join('');
    if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.code} for ${url}`);
    if (keepReportAt) {
      fs.mkdirSync(path.dirname(keepReportAt), { recursive: true });
      fs.writeFileSync(keepReportAt, json);
      // The trace Lighthouse simulated from (unthrottled), to open in DevTools beside the report.
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) fs.writeFileSync(keepReportAt.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
    }
    const report = JSON.parse(json) as LighthouseReport;
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((report.categories[category].score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    const failing: Record<string, number> = {};
    for (const category of CATEGORIES)
      for (const ref of report.categories[category].auditRefs) {
        const audit = report.audits[ref.id];
        if (audit && audit.scoreDisplayMode !== 'informative' && audit.score !== null && audit.score < 0.9)
          failing[`${category}: ${audit.title}`] = audit.score;
      }
    return {
      scores,
      metrics: {
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        si: value('speed-index'),
      },
      failing,
      benchmarkIndex: report.environment.benchmarkIndex,
    };
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}
