// A list's table, with its phone cards. Two kinds: a partner list's rows are themselves the cards
// on a phone (the same markup, restyled below `sm`); a staff list is a table from `md` up and
// separate cards below it (staff/table-or-cards.tsx, kept apart so a partner never downloads it).
import type { ReactNode } from 'react';

export interface TableColumn {
  key: string;
  header: ReactNode;
  /** Figures: aligned to the end of the cell. */
  align?: 'end';
  /** More classes for the column's heading (its width, its padding). */
  className?: string;
  /** A sortable column's order, when the list is sorted by it. */
  ariaSort?: 'ascending' | 'descending';
}

/** The staff tables' cells: room at both ends of a row, rows split by a line. */
export const tableCell = {
  head: 'border-b border-stone-200 px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase first:pl-5 last:pr-5 dark:border-stone-800 dark:text-stone-400',
  body: 'border-b border-stone-100 px-3 py-4 align-top first:pl-5 last:pr-5 dark:border-stone-800/70',
  /** A table inside a card's padding: closer rows, no room at the ends. */
  compactHead:
    'border-b border-stone-200 px-2 py-2 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase first:pl-0 last:pr-0 dark:border-stone-800 dark:text-stone-400',
  compactBody: 'border-b border-stone-100 px-2 py-2 first:pl-0 last:pr-0 dark:border-stone-800/70',
};

/** The column heads of a staff table. */
export function TableHead({
  columns,
  compact = false,
}: {
  columns: readonly TableColumn[];
  compact?: boolean;
}) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th
            key={column.key}
            scope="col"
            className={[
              compact ? tableCell.compactHead : tableCell.head,
              column.align === 'end' && 'text-right',
              column.className,
            ]
              .filter(Boolean)
              .join(' ')}
            aria-sort={column.ariaSort}
          >
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The column headings of a table whose rows are cards on a phone (hidden there). */
function PhoneCardsHead({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <thead className="hidden sm:table-header-group">
      <tr>
        {columns.map((column) => (
          <th
            key={column.key}
            scope="col"
            aria-sort={column.ariaSort}
            className={`border-b border-stone-200 px-3 py-2.5 text-xs font-semibold tracking-wide text-stone-500 uppercase first:pl-0 last:pr-0 dark:border-stone-800 dark:text-stone-400 ${column.align === 'end' ? 'text-right' : 'text-left'}${column.className ? ` ${column.className}` : ''}`}
          >
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A list's table: its caption for screen readers, its column heads, and its rows. With
 * `phoneCards`, each row is a card below `sm` (the rows style themselves for it); `compact` is a
 * staff table inside a card (its cells take `tableCell.compactBody`).
 */
export function ListTable({
  caption,
  testId,
  columns,
  phoneCards = false,
  compact = false,
  children,
}: {
  caption: string;
  testId?: string;
  columns: readonly TableColumn[];
  phoneCards?: boolean;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <table className="w-full border-separate border-spacing-0 text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      {phoneCards ? <PhoneCardsHead columns={columns} /> : <TableHead columns={columns} compact={compact} />}
      <tbody className={phoneCards ? 'block space-y-3 sm:table-row-group sm:space-y-0' : undefined}>
        {children}
      </tbody>
    </table>
  );
}
