/**
 * Resolves in a task of its own: the browser may paint and answer input before what follows.
 * The account's boot (the full app's code, the router, the page's code, the first render) is a
 * chain of promises, and a chain of promises is one task however long it runs; on a phone each
 * link is tens of milliseconds, and a task over 50 ms is one a tap waits behind (Lighthouse's
 * blocking time counts what each long task runs past 50 ms). Awaited between the links, it cuts
 * the chain into tasks of one link each. `scheduler.yield` where the browser has it (it resumes
 * ahead of other queued tasks), a zero timeout elsewhere. With the early answers, every account
 * page's blocking time 220–550 → 8–181 ms (docs/performance-log.md, 2026-11-26, late night).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield.call(scheduler);
  return new Promise((resolve) => setTimeout(resolve, 0));
}
