// Inactivity (docs/product/partner-portal.md#session and docs/product/partner-portal.md#figures-and-limits): activity is a mouse move, key down, mouse down or touch
// start; a check runs every 50 000 ms; past 92% of 180 minutes idle a warning counts down the
// rest of the window (8%, about 14.4 minutes); activity dismisses it; at the end, logout.
// The clock is injectable so tests drive it with fake timers instead of waiting minutes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LAST_ACTIVITY_KEY, recordActivity } from '../../lib/session';

export const INACTIVITY_LIMIT_MS = 180 * 60 * 1000;
export const INACTIVITY_WARNING_RATIO = 0.92;
/** Idle time after which the warning shows: 9 936 000 ms, about 165.6 minutes. */
export const INACTIVITY_WARNING_AFTER_MS = Math.round(INACTIVITY_LIMIT_MS * INACTIVITY_WARNING_RATIO);
/** What the warning counts down: the rest of the window, about 14.4 minutes. */
export const INACTIVITY_WARNING_WINDOW_MS = INACTIVITY_LIMIT_MS - INACTIVITY_WARNING_AFTER_MS;
export const INACTIVITY_CHECK_INTERVAL_MS = 50_000;
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'mousedown', 'touchstart'] as const;
/** `last_activity` is written at most this often (mouse moves fire constantly). */
export const ACTIVITY_WRITE_THROTTLE_MS = 5_000;
/** The countdown's refresh (and the check for its end) while the warning shows. */
export const COUNTDOWN_TICK_MS = 1_000;

export interface InactivityClock {
  now: () => number;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export const systemClock: InactivityClock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export function readLastActivity(storage: Storage): number | null {
  const value = Number(storage.getItem(LAST_ACTIVITY_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** `00:00` style text of a remaining time, rounded up to the second. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

export interface InactivityOptions {
  /** Called once when the window runs out (or was already over when the page opened). */
  onTimeout: () => void;
  clock?: InactivityClock;
  storage?: Storage;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  enabled?: boolean;
}

export interface InactivityState {
  /** When the session ends if nothing happens, while the warning shows; otherwise null. */
  warningDeadline: number | null;
}

export function useInactivity({
  onTimeout,
  clock = systemClock,
  storage = localStorage,
  target = window,
  enabled = true,
}: InactivityOptions): InactivityState {
  const [warningDeadline, setWarningDeadline] = useState<number | null>(null);
  const lastActivity = useRef(0);
  const lastWrite = useRef(0);
  const timedOut = useRef(false);
  const onTimeoutRef = useRef(onTimeout);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  const timeout = useCallback(() => {
    if (timedOut.current) return;
    timedOut.current = true;
    setWarningDeadline(null);
    onTimeoutRef.current();
  }, []);

  /** Another tab's activity counts too: the stored timestamp is shared. */
  const idleSince = useCallback(
    () => Math.max(lastActivity.current, readLastActivity(storage) ?? 0),
    [storage],
  );

  const check = useCallback(() => {
    if (timedOut.current) return;
    const last = idleSince();
    const idle = clock.now() - last;
    if (idle >= INACTIVITY_LIMIT_MS) timeout();
    else if (idle > INACTIVITY_WARNING_AFTER_MS) setWarningDeadline(last + INACTIVITY_LIMIT_MS);
    else setWarningDeadline(null);
  }, [clock, idleSince, timeout]);

  // Activity listeners and the periodic check.
  useEffect(() => {
    if (!enabled) return;
    timedOut.current = false;
    const now = clock.now();
    lastActivity.current = readLastActivity(storage) ?? now;
    if (readLastActivity(storage) === null) recordActivity(storage, now);
    lastWrite.current = now;
    const onActivity = () => {
      const at = clock.now();
      lastActivity.current = at;
      if (at - lastWrite.current >= ACTIVITY_WRITE_THROTTLE_MS) {
        lastWrite.current = at;
        recordActivity(storage, at);
      }
      setWarningDeadline((deadline) => {
        if (deadline === null) return null;
        // Dismissing the warning: write now so other tabs see it too.
        lastWrite.current = at;
        recordActivity(storage, at);
        return null;
      });
    };
    for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { passive: true });
    // A page opened after a long idle (the stored timestamp is old) is judged at once.
    let active = true;
    queueMicrotask(() => {
      if (active) check();
    });
    const handle = clock.setInterval(check, INACTIVITY_CHECK_INTERVAL_MS);
    return () => {
      active = false;
      for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity);
      clock.clearInterval(handle);
    };
  }, [enabled, clock, storage, target, check]);

  // While the warning shows, end the session as soon as its countdown runs out.
  useEffect(() => {
    if (warningDeadline === null) return;
    const handle = clock.setInterval(() => {
      if (clock.now() >= warningDeadline) timeout();
    }, COUNTDOWN_TICK_MS);
    return () => clock.clearInterval(handle);
  }, [warningDeadline, clock, timeout]);

  return { warningDeadline };
}
