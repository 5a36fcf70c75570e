// What the staff lists share: the page number in the URL (?page=), so a reload or a shared link
// shows the same page, the card saying a list could not be loaded (with a retry), a table from
// `md` up and cards below it, and the section around them with its total and pager.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icons';
import { EmptyState, Pager, QueryStates, SkeletonLines } from '../../sales/ui';
import { useWideLayout } from '../payouts/ui';

// The staff lists keep their page in the URL as partner pages do.
export { usePageParam } from '../../../lib/page-param';

/** A page beyond the last (the list shrank since the link was made, or its last item went). */
export function useBackInRange(
  data: { data: unknown[]; total: number; last_page: number } | undefined,
  page: number,
  goTo: (page: number) => void,
): void {
  const beyond =
    data && data.data.length === 0 && data.total > 0 && page > data.last_page ? data.last_page : null;
  useEffect(() => {
    if (beyond) goTo(beyond);
  }, [beyond, goTo]);
}

export function LoadFailed({
  title,
  onRetry,
  testId,
}: {
  title: string;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="card">
      <EmptyState icon="alert" title={title} testId={testId}>
        <button type="button" className="btn-secondary mt-4" onClick={onRetry}>
          {t('manager.shell.retry')}
        </button>
      </EmptyState>
    </div>
  );
}

/** The staff tables' cells: room at both ends of a row, rows split by a line. */
export const tableCell = {
  head: 'border-b border-stone-200 px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase first:pl-5 last:pr-5 dark:border-stone-800 dark:text-stone-400',
  body: 'border-b border-stone-100 px-3 py-4 align-top first:pl-5 last:pr-5 dark:border-stone-800/70',
};

export function TableHead({ columns }: { columns: readonly { key: string; header: ReactNode }[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.key} scope="col" className={tableCell.head}>
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A staff list's table: its caption for screen readers, its column heads, and its rows. */
export function ListTable({
  caption,
  testId,
  columns,
  children,
}: {
  caption: string;
  testId: string;
  columns: readonly { key: string; header: ReactNode }[];
  children: ReactNode;
}) {
  return (
    <table className="w-full border-separate border-spacing-0 text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <TableHead columns={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}

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

/** A list's section: its heading and total, the results, and the pager when there are pages. */
export function PagedSection({
  id,
  title,
  total,
  page,
  onPage,
  busy,
  placeholder,
  pagerLabel,
  testPrefix,
  className = 'mt-10',
  children,
}: {
  id: string;
  title: string;
  /** "12 announcements", once known. */
  total: string | null;
  page: { current: number; last: number } | null;
  onPage: (page: number) => void;
  /** Fetching (any page). */
  busy: boolean;
  /** The previous page still shown while the asked one loads. */
  placeholder: boolean;
  pagerLabel: string;
  /** Test ids: `<prefix>-total`, `<prefix>-pager-next`… */
  testPrefix: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id} aria-busy={busy}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {total !== null ? (
          <p
            className="text-sm text-stone-600 dark:text-stone-400"
            aria-live="polite"
            data-testid={`${testPrefix}-total`}
          >
            {total}
          </p>
        ) : null}
      </div>
      {children}
      {page && page.last > 1 ? (
        <Pager
          page={page.current}
          lastPage={page.last}
          onPage={onPage}
          busy={placeholder}
          label={pagerLabel}
          testPrefix={`${testPrefix}-pager`}
        />
      ) : null}
    </section>
  );
}

/** A partner in a staff list: the name, and the e-mail below it. */
export function PartnerName({ partner }: { partner: { name: string; email: string } }) {
  return (
    <span className="block min-w-0">
      <span className="block font-semibold text-stone-900 dark:text-white">{partner.name}</span>
      <span className="block max-w-64 truncate text-xs text-stone-600 dark:text-stone-400">
        {partner.email}
      </span>
    </span>
  );
}

/**
 * A staff list's results in each state of its read: a skeleton while it loads, a retry card when
 * it failed with nothing to show, an empty card, else its rows as a table or cards.
 */
export function ListResults<Row>({
  query,
  testPrefix,
  loading,
  failedTitle,
  empty,
  rows,
}: {
  query: {
    isPending: boolean;
    isPlaceholderData: boolean;
    data: { data: Row[] } | undefined;
    refetch: () => unknown;
  };
  testPrefix: string;
  /** What shows while it loads, when not five skeleton lines. */
  loading?: ReactNode;
  failedTitle: string;
  empty: { icon: IconName; title: string; body: string };
  rows: (rows: Row[]) => { table: ReactNode; cards: ReactNode };
}) {
  return (
    <QueryStates
      query={query}
      loading={
        loading ?? (
          <div className="card p-5">
            <SkeletonLines lines={5} testId={`${testPrefix}-loading`} />
          </div>
        )
      }
      failed={
        <LoadFailed title={failedTitle} onRetry={() => void query.refetch()} testId={`${testPrefix}-error`} />
      }
      isEmpty={(page) => page.data.length === 0}
      empty={
        <div className="card">
          <EmptyState
            icon={empty.icon}
            title={empty.title}
            body={empty.body}
            testId={`${testPrefix}-empty`}
          />
        </div>
      }
    >
      {(page) => <TableOrCards dimmed={query.isPlaceholderData} {...rows(page.data)} />}
    </QueryStates>
  );
}

/** How long typing pauses before a list's search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: it updates the URL once typing pauses (or at Enter), and follows the URL
 * (back, reload, a link) when it changes from outside.
 */
export function ListSearch({
  value,
  onSearch,
  id,
  label,
  placeholder,
  testId,
}: {
  value: string;
  onSearch: (q: string) => void;
  id: string;
  label: string;
  placeholder: string;
  testId: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div role="search" className="relative w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon
        name="search"
        width={18}
        height={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-stone-500 dark:text-stone-400"
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text.trim());
        }}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        data-testid={testId}
        className="block min-h-10 w-full rounded-full border border-stone-300 bg-white py-2 pr-3 pl-9 text-base text-stone-900 placeholder:text-stone-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 sm:text-sm dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100 dark:placeholder:text-stone-400 dark:focus:outline-brand-400"
      />
    </div>
  );
}
