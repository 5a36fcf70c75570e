// The soak's figures (scripts/soak.ts): what each load worker records per request, and how the
// records of every worker are summed up afterwards. Pure, so that the arithmetic and the sorting of
// errors into expected and unexpected are tested apart from the soak itself (soak-stats.test.ts).

/** One request's end as a worker saw it. */
export interface Sample {
  /** The action it belongs to ('partner reads', 'webhooks', ...). */
  action: string;
  /** Which node it went to (index in the cluster). */
  node: number;
  /** When it was sent, ms since the epoch (the soak's clock, compared with the kill window). */
  at: number;
  ms: number;
  /** HTTP status, or 0 when no answer came (the connection was refused or cut). */
  status: number;
  /** The network error's code when status is 0 (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET...). */
  error?: string;
}

/** The node killed in the middle, and when it was down (ms since the epoch). */
export interface KillWindow {
  node: number;
  killedAt: number;
  /** When it answered its health check again. */
  backAt: number;
}

/**
 * How long after the kill and after the restart an error still belongs to the kill: a request
 * sent just before the kill may fail a little after it, and clients still hold connections to the
 * old process (Node's keep-alive pool) for a moment after the new one is up.
 */
export const KILL_MARGIN_MS = 2_000;

export type Outcome = 'ok' | 'conflict' | 'expected' | 'unexpected';

/**
 * What a sample counts as. `ok`: a success (or a redirect where the action expects one);
 * `conflict`: an answer that is the right answer to a race the soak makes on purpose (409 when two
 * staff decide the same payout, 422 when a partner asks twice for a payout); `expected`: no answer
 * (or a 5xx) from the killed node while it was down; `unexpected`: anything else.
 */
export function outcomeOf(
  sample: Sample,
  kill: KillWindow | undefined,
  conflicts: readonly number[] = [],
): Outcome {
  if (sample.status >= 200 && sample.status < 400) return 'ok';
  if (conflicts.includes(sample.status)) return 'conflict';
  const downNode =
    kill !== undefined &&
    sample.node === kill.node &&
    sample.at + sample.ms >= kill.killedAt - KILL_MARGIN_MS &&
    sample.at <= kill.backAt + KILL_MARGIN_MS;
  if (downNode && (sample.status === 0 || sample.status >= 500)) return 'expected';
  return 'unexpected';
}

/** The value below which a share `q` of the sorted values fall (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export interface ActionFigures {
  action: string;
  requests: number;
  /** Requests answered per second over the measured time (every outcome counted). */
  perSecond: number;
  /** Latency of the answered requests that succeeded, ms. */
  p50: number;
  p95: number;
  ok: number;
  conflicts: number;
  expected: number;
  unexpected: number;
  /** The unexpected ones by status (or error code): what to look at. */
  unexpectedBy: Record<string, number>;
}

/** Sums the samples of each action over `seconds`. */
export function figuresOf(
  samples: readonly Sample[],
  seconds: number,
  kill: KillWindow | undefined,
  conflictsOf: (action: string) => readonly number[] = () => [],
): ActionFigures[] {
  const byAction = new Map<string, Sample[]>();
  // Pushed, not copied: a soak holds some 100,000 samples, and this runs on the thread that also
  // serves the SMTP and PayPal stand-ins (copying the list per sample stalled it for many seconds).
  for (const s of samples) {
    const list = byAction.get(s.action);
    if (list) list.push(s);
    else byAction.set(s.action, [s]);
  }
  return [...byAction.entries()].map(([action, list]) => {
    const counts = { ok: 0, conflict: 0, expected: 0, unexpected: 0 };
    const unexpectedBy: Record<string, number> = {};
    const latencies: number[] = [];
    for (const s of list) {
      const outcome = outcomeOf(s, kill, conflictsOf(action));
      counts[outcome]++;
      if (outcome === 'ok') latencies.push(s.ms);
      if (outcome === 'unexpected') {
        const key = s.status === 0 ? (s.error ?? 'no answer') : String(s.status);
        unexpectedBy[key] = (unexpectedBy[key] ?? 0) + 1;
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      action,
      requests: list.length,
      perSecond: list.length / seconds,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      ok: counts.ok,
      conflicts: counts.conflict,
      expected: counts.expected,
      unexpected: counts.unexpected,
      unexpectedBy,
    };
  });
}

/** Items seen more than once, with how many times: the doubled ones. */
export function repeats<T>(items: Iterable<T>): Map<T, number> {
  const seen = new Map<T, number>();
  for (const item of items) seen.set(item, (seen.get(item) ?? 0) + 1);
  for (const [item, n] of seen) if (n < 2) seen.delete(item);
  return seen;
}

/**
 * `current` with `text` between the markers `<!-- name -->` and `<!-- /name -->` (replacing what
 * was there); without them, the block is appended at the end. The rest of the file is left as it
 * is: other measurements own it.
 */
export function betweenMarkers(current: string, name: string, text: string): string {
  const start = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const block = `${start}\n\n${text.trim()}\n\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  if (from >= 0 && to > from) return current.slice(0, from) + block + current.slice(to + end.length);
  return `${current.replace(/\s*$/, '')}\n\n${block}\n`;
}
