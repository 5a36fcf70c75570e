// Whether any code that can show a toast has loaded. The toast region mounts only then
// (decisions/015): the public pages never toast, the account area does. react-toastify's code is
// in the full app's `app` chunk (vite.config.ts), which every page but the sign-in loads. Toasts asked
// for before the region is mounted wait in react-toastify's queue and show once it is.
import { useSyncExternalStore } from 'react';

let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
}
