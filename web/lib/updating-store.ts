// The full-screen "updating the platform" overlay (docs/product/partner-portal.md#the-account-shell): shown while the API answers
// 503, hidden once /api/health answers 200 again. Polling lives here, not in a component, so
// any failing call can start it and only one poll ever runs.
import { useSyncExternalStore } from 'react';

export const HEALTH_POLL_MS = 5000;
export const HEALTH_PATH = '/api/health';

let updating = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (updating === value) return;
  updating = value;
  for (const listener of listeners) listener();
}

export function isUpdating(): boolean {
  return updating;
}

/** Shows the overlay and polls the health endpoint until it answers 200. */
export function startUpdating(fetcher: typeof fetch = (...args) => fetch(...args)): void {
  set(true);
  if (timer !== null) return;
  const poll = async (): Promise<void> => {
    let healthy = false;
    try {
      const response = await fetcher(HEALTH_PATH, { headers: { Accept: 'application/json' } });
      healthy = response.status === 200;
    } catch {
      // Still restarting: keep polling.
    }
    if (healthy) {
      timer = null;
      set(false);
    } else {
      timer = setTimeout(() => void poll(), HEALTH_POLL_MS);
    }
  };
  timer = setTimeout(() => void poll(), HEALTH_POLL_MS);
}

/** For tests and teardown. */
export function stopUpdating(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  set(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdating(): boolean {
  return useSyncExternalStore(subscribe, isUpdating, isUpdating);
}
