import { useSyncExternalStore } from 'react';

// Tailwind's `lg` breakpoint, where the sidebar stops being a drawer.
const PHONE_QUERY = '(max-width: 1023.98px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * Whether the shell shows its phone layout (drawer) rather than the desktop one (sidebar). The
 * shell renders only the navigation that shows: a hidden copy cost a phone's first render as much
 * as the one it sees.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
