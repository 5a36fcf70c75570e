// A widget below the dashboard's first screen renders its answer in the background (decisions/019).
// An answer that arrives re-renders its readers at once and in one piece (TanStack Query notifies
// through useSyncExternalStore, which React never slices): on a phone a widget full of rows was
// then a long task, a tap unanswered meanwhile. Read through these hooks, the urgent render keeps
// what it showed (the skeleton), and the widget's content renders as deferred work that React
// splits into slices and gives way to input in between. A widget's first render shows an answer
// already cached at once (React defers only a change of the value); its part mounts when the page
// is idle or near the viewport (WhenNear), not in the page's first render. With the deferred answers
// the dashboard 81 → 84, TBT 708 → 587 ms (docs/performance-log.md, 2026-11-26, evening).
import { useDeferredValue } from 'react';

/** `data`, a new answer one deferred render late: the previous one until React renders it in slices. */
export function useDeferredData<T>(data: T | undefined): T | undefined {
  return useDeferredValue(data);
}

/**
 * A query's state for `QueryStates`, with its answer deferred as `useDeferredData` does. While the
 * deferred render has not caught up, it is still pending (its skeleton), never failed.
 */
export function useDeferredAnswer<T>(query: { isPending: boolean; data: T | undefined }): {
  isPending: boolean;
  data: T | undefined;
} {
  const data = useDeferredData(query.data);
  return { isPending: query.isPending || (data === undefined && query.data !== undefined), data };
}
