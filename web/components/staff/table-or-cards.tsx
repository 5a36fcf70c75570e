// A staff list as a table from `md` up and as cards below it, only one of them rendered (the
// table is components/table.tsx's ListTable). Apart from it so that a partner's pages, whose
// rows are themselves their phone cards, never download this.
import { useSyncExternalStore, type ReactNode } from 'react';

/** The phone cards of a staff list, and the frame of one card. */
export function ListCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="space-y-2.5" aria-label={label}>
      {children}
    </ul>
  );
}
export const listCardClass =
  'rounded-xl border border-stone-200 bg-white p-3.5 dark:border-stone-800 dark:bg-stone-900';

// Tailwind's `md`: from here staff lists are tables, below it cards.
const WIDE_QUERY = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(WIDE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for tables; only one of table and cards is rendered. */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

/** A table from `md` up, cards below it; dimmed while another page loads in its place. */
export function TableOrCards({
  dimmed,
  table,
  cards,
}: {
  dimmed: boolean;
  table: ReactNode;
  cards: ReactNode;
}) {
  const wide = useWideLayout();
  return (
    <div className={`transition-opacity ${dimmed ? 'opacity-60' : ''}`}>
      {wide ? <div className="card overflow-x-auto">{table}</div> : cards}
    </div>
  );
}
