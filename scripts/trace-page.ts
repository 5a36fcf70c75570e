// `npm run bench:web:trace`: where a page's long tasks come from. Lighthouse (`npm run bench:web`)
// says how much main-thread time blocks a phone; this says which code it is. It starts the built
// app as `npm run bench:web` does (on a fresh database with the demo program, building first when
// the build is older than the sources), signs in as the demo partner, then loads PAGE (default
// `/account/`, the dashboard) with the session stored, Chromium's CPU slowed RATE times (default 4,
// Lighthouse's mobile setting), and records a trace with its CPU profile. For each task over 50 ms
// it prints the task's start and length, what the browser did in it (script, style, layout,
// paint), and the JavaScript it ran, each sample attributed to the nearest frame in our own
// sources through the build's source maps ("web/features/x.tsx:12 (self in react-dom …)").
// Slowed CPU makes every task longer, so "over 50 ms" is Lighthouse's long task; the sum past
// 50 ms after the first paint approximates its total blocking time. The machine's load moves all
// of it: compare runs of one sitting. KEEP=<file> keeps the raw trace (open it in DevTools).
// FIND=<regexp> adds the time spent in (and under) the functions whose name matches, by name and by
// task, anywhere in the load ('Intl|RelativeTimeFormat|appendChild' for what made formatters).
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { buildIfNeeded, sessionStorageOf, signInAsDemoPartner, startApp } from './lib/first-load';

const PAGE = process.env.PAGE ?? '/account/';
const RATE = Number(process.env.RATE ?? 4);
const FRAMES = Number(process.env.FRAMES ?? 6);
const FIND = process.env.FIND ? new RegExp(process.env.FIND) : null;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}
interface CallFrame {
  functionName: string;
  url?: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileData {
  startTime?: number;
  cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: CallFrame }[]; samples?: number[] };
  timeDeltas?: number[];
}

/** What the browser's own trace events in a task are called, kept for the per-task summary. */
const WORK = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'EventDispatch',
  'RunMicrotasks',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'MinorGC',
  'MajorGC',
]);

/** Maps a built script's position to `source:line` through its source map (dist/web/assets/*.map). */
function sourceMapper(base: string) {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (url: string | undefined, line: number, column: number): string | null => {
    const asset = (url ?? '').replace(base, '');
    if (!asset.startsWith('/assets/')) return null;
    if (!maps.has(asset)) {
      const file = `dist/web${asset}.map`;
      maps.set(
        asset,
        fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null,
      );
    }
    const at = maps.get(asset)?.originalPositionFor({ line: line + 1, column });
    return at?.source ? `${at.source.replace(/^(\.\.\/)+/, '')}:${at.line}` : null;
  };
}

function report(events: TraceEvent[], base: string): void {
  // The page's main thread: the renderer's main thread that ran the most tasks.
  let main: { pid: number; tid: number; busy: number } | undefined;
  for (const named of events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
    const busy = events
      .filter((e) => e.pid === named.pid && e.tid === named.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (!main || busy > main.busy) main = { pid: named.pid, tid: named.tid, busy };
  }
  if (!main) throw new Error('the trace has no renderer main thread');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const origin = Math.min(...onMain.filter((e) => e.name === 'RunTask').map((e) => e.ts));
  const paint = events.filter((e) => e.name === 'firstContentfulPaint').pop();
  const fcp = paint ? (paint.ts - origin) / 1000 : 0;

  // The CPU profile's samples, on the trace's clock.
  const nodes = new Map<number, { parent?: number; callFrame: CallFrame }>();
  const samples: { ts: number; us: number; node: number }[] = [];
  let clock = 0;
  // The main thread's own profile (a worker's has its own id).
  const profileIds = new Set(
    events.filter((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid).map((e) => e.id),
  );
  for (const chunk of events.filter(
    (e) => e.pid === main.pid && (e.name === 'Profile' || e.name === 'ProfileChunk') && profileIds.has(e.id),
  )) {
    const data = (chunk.args?.data ?? {}) as ProfileData;
    if (chunk.name === 'Profile') {
      clock = data.startTime ?? clock;
      continue;
    }
    for (const node of data.cpuProfile?.nodes ?? [])
      nodes.set(node.id, { parent: node.parent, callFrame: node.callFrame });
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      const delta = data.timeDeltas?.[i] ?? 0;
      clock += delta;
      samples.push({ ts: clock, us: Math.max(0, delta), node });
    });
  }
  const where = sourceMapper(base);
  const attributed = new Map<number, string>();
  /** A sample's nearest frame in our sources, and the frame it was in itself. */
  const attribute = (id: number): string => {
    const known = attributed.get(id);
    if (known) return known;
    let self = '';
    let answer = '';
    for (let at: number | undefined = id; at !== undefined && !answer;) {
      const node = nodes.get(at);
      if (!node) break;
      const { url, lineNumber, columnNumber, functionName } = node.callFrame;
      const source = where(url, lineNumber, columnNumber);
      self ||= source ? source.replace(/.*node_modules\//, '') : functionName || url || '?';
      if (source && !source.includes('node_modules')) answer = `${source} (self in ${self})`;
      at = node.parent;
    }
    answer ||= `[${self}]`;
    attributed.set(id, answer);
    return answer;
  };

  let blocking = 0;
  for (const task of onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000)) {
    const end = task.ts + task.dur!;
    const start = (task.ts - origin) / 1000;
    const length = task.dur! / 1000;
    if (start > fcp) blocking += length - 50;
    const work = new Map<string, number>();
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end || !WORK.has(e.name)) continue;
      work.set(e.name, (work.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const code = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const key = attribute(sample.node);
      code.set(key, (code.get(key) ?? 0) + sample.us / 1000);
    }
    console.log(
      `task at ${start.toFixed(0)} ms: ${length.toFixed(0)} ms${start > fcp ? '' : ' (before the first paint)'}`,
    );
    const top = (map: Map<string, number>, count: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .filter(([, ms]) => ms >= 2);
    for (const [name, ms] of top(work, 6)) console.log(`  ${ms.toFixed(0).padStart(5)} ms  ${name}`);
    for (const [name, ms] of top(code, FRAMES)) console.log(`  ${ms.toFixed(0).padStart(5)} ms  js: ${name}`);
  }
  console.log(
    `\nfirst paint at ${fcp.toFixed(0)} ms; long tasks after it block for about ${blocking.toFixed(0)} ms (CPU ${RATE}× slower)`,
  );
  if (FIND) {
    // Inclusive time of the matching functions (the outermost match of each sample), by the task it fell in.
    const tasks = onMain.filter((e) => e.name === 'RunTask');
    const found = new Map<string, number>();
    for (const sample of samples) {
      let name: string | undefined;
      for (let at: number | undefined = sample.node; at !== undefined;) {
        const node = nodes.get(at);
        if (!node) break;
        if (FIND.test(node.callFrame.functionName)) name = node.callFrame.functionName;
        at = node.parent;
      }
      if (!name) continue;
      const task = tasks.find((e) => sample.ts >= e.ts && sample.ts <= e.ts + (e.dur ?? 0));
      const key = `${name} (task at ${task ? ((task.ts - origin) / 1000).toFixed(0) : '?'} ms)`;
      found.set(key, (found.get(key) ?? 0) + sample.us / 1000);
    }
    console.log(`\nmatching ${FIND}:`);
    for (const [key, ms] of [...found].sort((a, b) => b[1] - a[1]))
      console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${key}`);
  }
}

async function main() {
  buildIfNeeded();
  const app = await startApp();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const signIn = await browser.newPage();
    await signIn.goto(`${app.base}/login`);
    const token = await signInAsDemoPartner(signIn, app.base);
    await signIn.close();
    // A phone's viewport, with the session as the SPA keeps it (as the Lighthouse bench stores it).
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
    });
    await context.addInitScript((stored) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, sessionStorageOf(token));
    const page = await context.newPage();
    await page.goto('about:blank');
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await page.goto(`${app.base}${PAGE}`, { waitUntil: 'networkidle' });
    // What mounts once the page is idle is part of what Lighthouse sees.
    await page.waitForTimeout(3000);
    const trace = await browser.stopTracing();
    if (process.env.KEEP) fs.writeFileSync(process.env.KEEP, trace);
    report((JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents, app.base);
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
