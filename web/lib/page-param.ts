// The page number of a paged list in the URL (?page=), so a reload or a shared link shows the same
// page: partner pages (the newsfeed) and the back office's lists alike.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The page of the URL (1 when absent or not a page number); page 1 keeps the URL bare. */
export function usePageParam(): { page: number; goTo: (page: number) => void } {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const goTo = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { page, goTo };
}
