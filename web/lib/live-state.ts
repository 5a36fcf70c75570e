// Where the live push's connection stands, and the test notifications it brought: read by the
// pages that show them (the support page, live sales), set by the connection, which the account
// shell holds (app/account/live-push.ts).
import { useSyncExternalStore } from 'react';

/** Where the live connection stands, for the support page (`/account/test`). */
export type LiveState = 'off' | 'connecting' | 'connected' | 'reconnecting' | 'refused';

let liveState: LiveState = 'off';
const stateListeners = new Set<() => void>();
/** Set by the live push (app/account/live-push.ts) as its connection moves. */
export function setLiveState(next: LiveState): void {
  if (next === liveState) return;
  liveState = next;
  for (const listener of stateListeners) listener();
}
const subscribeState = (listener: () => void) => {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
};
export const useLiveState = (): LiveState => useSyncExternalStore(subscribeState, () => liveState);

/** Test notifications as they arrive by push, with what the server sent (`sent_at`). */
const testListeners = new Set<(payload: { notification_id: number; sent_at: string }) => void>();
export function onTestNotification(
  listener: (payload: { notification_id: number; sent_at: string }) => void,
): () => void {
  testListeners.add(listener);
  return () => testListeners.delete(listener);
}

/** Hands a test notification that arrived by push to whoever listens (the support page). */
export function announceTestNotification(payload: { notification_id: number; sent_at: string }): void {
  for (const listener of testListeners) listener(payload);
}
