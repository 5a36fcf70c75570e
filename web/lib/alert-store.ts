// The modal alert (docs/product/partner-portal.md#the-account-shell and docs/product/errors-and-languages.md#how-the-portal-shows-errors): one alert at a time, held in a tiny store so
// non-React code (the query cache's error handler) can open it and ask whether one is open.
import { useSyncExternalStore } from 'react';

export type AlertType = 'error' | 'warning' | 'success';

export interface AlertContent {
  title: string;
  message: string;
  type: AlertType;
}

export interface AlertState extends AlertContent {
  /** Increments per opened alert so the modal can restart its transition. */
  id: number;
}

/** Length of the open/close transition (docs/product/partner-portal.md#figures-and-limits). */
export const ALERT_TRANSITION_MS = 550;

let current: AlertState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function isAlertOpen(): boolean {
  return current !== null;
}

/**
 * Opens an alert. While one is open a new one is ignored (returns false) unless `replace`
 * is set, which the session-expired alert uses: it matters more than whatever was shown.
 */
export function showAlert(content: AlertContent, options: { replace?: boolean } = {}): boolean {
  if (current && !options.replace) return false;
  current = { ...content, id: nextId++ };
  emit();
  return true;
}

export function closeAlert(): void {
  if (!current) return;
  current = null;
  emit();
}

export function getAlert(): AlertState | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAlert(): {
  alert: AlertState | null;
  showAlert: typeof showAlert;
  closeAlert: typeof closeAlert;
} {
  const alert = useSyncExternalStore(subscribe, getAlert, getAlert);
  return { alert, showAlert, closeAlert };
}
