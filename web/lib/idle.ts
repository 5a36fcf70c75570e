/**
 * Runs `run` once the browser is idle (at the latest after `timeoutMs`, for a page that never
 * goes idle), or on the next task where there is no requestIdleCallback (Safari, jsdom).
 * Returns a function that cancels it.
 */
export function afterIdle(run: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const cancel = window.cancelIdleCallback.bind(window);
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancel(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}
