// Rows of a list that open to more below them (a payload, a diff, rejected lines).
import { useCallback, useState, type ReactNode } from 'react';
import { Icon } from './icons';

// Rows that open to more below them (a payload, a diff, rejected lines): several may be open at
// once, each opened and closed on its own, and what opens is read only then.

/** Which rows are open, by id. */
export function useOpenRows(): { isOpen: (id: number) => boolean; toggle: (id: number) => void } {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number) =>
      setOpen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return { isOpen: (id) => open.has(id), toggle };
}

/** An open row's own shade, shared with what opens below it. */
export const openRowClass = (open: boolean) => (open ? 'bg-stone-50/70 dark:bg-stone-800/30' : '');

/** What an open table row shows, on a row of its own across every column. */
export function OpenedRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td
        colSpan={colSpan}
        className="border-b border-stone-200 bg-stone-50/70 px-5 pt-1 pb-5 dark:border-stone-800 dark:bg-stone-800/30"
      >
        {children}
      </td>
    </tr>
  );
}

/** What an open card shows, below a line at its end. */
export function OpenedPanel({ children }: { children: ReactNode }) {
  return <div className="mt-3 border-t border-stone-200 pt-3 dark:border-stone-800">{children}</div>;
}

/** The button that opens a row: its words say what it shows or hides, the chevron turns. */
export function OpenToggle({
  open,
  onToggle,
  controls,
  testId,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="inline-flex min-h-9 items-center gap-1 rounded-full border border-stone-300 px-3 text-[13px] font-semibold whitespace-nowrap text-stone-800 transition-colors hover:bg-stone-100 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      data-testid={testId}
    >
      {children}
      <Icon
        name="chevron"
        width={14}
        height={14}
        className={`transition-transform ${open ? '-rotate-90' : 'rotate-90'}`}
      />
    </button>
  );
}
