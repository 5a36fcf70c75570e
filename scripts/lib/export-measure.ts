// The bench's measure of a CSV export (issue 13): the whole file read over HTTP as a client
// would, discarded as it arrives, while the server's resident memory is sampled. The export
// streams from the database a span at a time, so its memory should stay flat however many rows.
import type { Memory } from './server-process';

export interface ExportMeasure {
  seconds: number;
  /** Data lines of the file (the header left out). */
  rows: number;
  bytes: number;
  /** The server's resident memory just before the request. */
  rssBefore: number;
  /** The largest resident memory sampled while the file streamed. */
  rssPeak: number;
}

/** Reads `path` (a CSV export) with the bearer `token`, sampling `memory()` every `everyMs`. */
export async function measureExport(
  base: string,
  path: string,
  token: string,
  memory: () => Memory,
  everyMs = 20,
): Promise<ExportMeasure> {
  const rssBefore = memory().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, memory().rss);
  }, everyMs);
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    return {
      seconds: (performance.now() - started) / 1000,
      rows: Math.max(0, lines - 1),
      bytes,
      rssBefore,
      rssPeak: Math.max(rssPeak, memory().rss),
    };
  } finally {
    clearInterval(sampler);
  }
}
