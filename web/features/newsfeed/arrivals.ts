// Which feed items just arrived: those in a refetched list that were not in the one before (a
// sale, a badge, an announcement or a promo the live push announced). The first list seen, and
// the first after `items` was undefined (another page was shown), marks none.
import { useEffect, useRef, useState } from 'react';
import { feedItemKey, type FeedItem } from './newsfeed-api';

const NONE: ReadonlySet<string> = new Set();

export function useArrivals(items: FeedItem[] | undefined): ReadonlySet<string> {
  const seen = useRef<Set<string> | null>(null);
  const [arrived, setArrived] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    if (!items) {
      seen.current = null;
      return;
    }
    const keys = items.map(feedItemKey);
    const before = seen.current;
    seen.current = new Set(keys);
    if (!before) return;
    const fresh = keys.filter((key) => !before.has(key));
    if (fresh.length) setArrived(new Set(fresh));
  }, [items]);
  return items ? arrived : NONE;
}
