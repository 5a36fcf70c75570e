// The benchmark's load generator. It runs in a child process so that clients and server do not
// share one event loop: on the two-core machines, the server gets a core of its own, as it would
// when the clients are browsers and Shopify elsewhere.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { simulateOrders } from '../simulate-orders';
import { keepAliveClient } from './keep-alive-client';
import type { SimulationOptions } from '../simulate-orders';

export interface Measure {
  p50: number;
  p95: number;
  rps: number;
  errors: number;
}

export type LoadTask =
  | { kind: 'http'; base: string; urls: string[]; tokens: string[]; seconds: number; concurrency: number }
  | { kind: 'ingest'; options: SimulationOptions };

export type LoadResult = Measure | Awaited<ReturnType<typeof simulateOrders>>;

/** Requests `urls` (round robin) with `concurrency` keep-alive workers for `seconds`; bounded by time. */
async function httpLoad(task: Extract<LoadTask, { kind: 'http' }>): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + task.seconds * 1000;
  const client = keepAliveClient(task.base, task.concurrency);
  const worker = async () => {
    while (performance.now() < deadline) {
      const i = next++;
      const started = performance.now();
      const url = task.urls[i % task.urls.length]!;
      const auth =
        task.tokens.length && url !== '/api/health'
          ? { authorization: `Bearer ${task.tokens[i % task.tokens.length]}` }
          : undefined;
      // A short link answers a redirect to the store: the answer is what is measured, not the store.
      const redirect = url.startsWith('/s/');
      // node:http never follows a redirect, so a short link's 302 is the answer measured.
      const res = await client.request('GET', url, auth);
      if (!((res.status >= 200 && res.status < 300) || (redirect && res.status === 302))) errors++;
      latencies.push(performance.now() - started);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: task.concurrency }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  client.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), rps: latencies.length / elapsed, errors };
}

const LOAD_CHILD = 'PP_BENCH_LOAD_CHILD';

/** Runs one task in a fresh child process and answers its result. */
export function runInWorker<T extends LoadResult>(task: LoadTask): Promise<T> {
  return new Promise((resolve, reject) => {
    // tsx is loaded in the child too, so it can run this TypeScript file.
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, [LOAD_CHILD]: '1' },
    });
    let result: T | undefined;
    child.once('message', (message) => {
      result = message as T;
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result !== undefined ? resolve(result) : reject(new Error(`load process exited with ${code}`)),
    );
    child.send(task);
  });
}

if (process.env[LOAD_CHILD] === '1' && process.send) {
  process.once('message', (task: LoadTask) => {
    void (task.kind === 'http' ? httpLoad(task) : simulateOrders(task.options)).then((result) =>
      process.send!(result),
    );
  });
}
