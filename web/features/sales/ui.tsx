// Small building blocks of the sales screens: widget cards, skeletons, empty states, status
// badges and the pager.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATUSES, statusLabelKey, type Status } from '../../../common/statuses';
import { Glyph, type GlyphName } from './glyphs';

export function Widget({
  id,
  title,
  icon,
  action,
  children,
  className = '',
  testId,
}: {
  id: string;
  title: string;
  icon?: GlyphName;
  action?: { to: string; label: string; testId?: string };
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const headingId = `widget-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`card flex h-full min-w-0 flex-col p-5 sm:p-6 ${className}`}
      data-testid={testId}
    >
      <div className="mb-4 flex items-center gap-2">
        {icon ? (
          <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
            <Glyph name={icon} width={18} height={18} />
          </span>
        ) : null}
        <h2 id={headingId} className="text-base font-semibold tracking-tight">
          {title}
        </h2>
        {action ? (
          <Link
            to={action.to}
            className="link ml-auto shrink-0 text-sm whitespace-nowrap"
            data-testid={action.testId}
          >
            {action.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded-md bg-stone-200/80 dark:bg-stone-800 ${className}`}
    />
  );
}

/** Lines of skeleton with a status for screen readers. */
export function SkeletonLines({ lines = 3, testId }: { lines?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-3" data-testid={testId}>
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} className={`h-4 ${index % 2 ? 'w-3/4' : 'w-full'}`} />
      ))}
    </div>
  );
}

/** A read that failed, said in a line with a button to ask again. */
export function RetryLine({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-stone-600 dark:text-stone-400">
      {text}{' '}
      <button type="button" className="link" onClick={onRetry}>
        {t('sales.retry')}
      </button>
    </p>
  );
}

/**
 * What a read shows in each of its states: its skeleton while it loads, `failed` when it failed
 * with nothing to show, `empty` when it holds nothing, else its rows.
 */
export function QueryStates<T>({
  query,
  loading,
  failed,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; data: T | undefined };
  loading: ReactNode;
  failed: ReactNode;
  empty: ReactNode;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.data === undefined) return failed;
  return isEmpty(query.data) ? empty : children(query.data);
}

export function EmptyState({
  icon,
  title,
  body,
  testId,
  children,
}: {
  icon: GlyphName;
  title: string;
  body?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center px-2 py-6 text-center"
      data-testid={testId}
    >
      <span className="mb-3 inline-flex h-11 w-11 items-center justify-center rounded-full bg-stone-100 text-stone-500 dark:bg-stone-800 dark:text-stone-400">
        <Glyph name={icon} width={22} height={22} />
      </span>
      <p className="font-medium text-stone-800 dark:text-stone-200">{title}</p>
      {body ? <p className="mt-1 max-w-xs text-sm text-stone-600 dark:text-stone-400">{body}</p> : null}
      {children}
    </div>
  );
}

/** The colour of each status, wherever one is shown (partner badges, the back office's chips). */
export const STATUS_TONES: Record<Status, string> = {
  PENDING:
    'bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30',
  APPROVED:
    'bg-sky-50 text-sky-800 ring-sky-600/25 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30',
  MANAGER_APPROVED:
    'bg-sky-50 text-sky-800 ring-sky-600/25 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30',
  PAID: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  REJECTED:
    'bg-rose-50 text-rose-800 ring-rose-600/25 dark:bg-rose-400/10 dark:text-rose-300 dark:ring-rose-400/30',
  MANAGER_REJECTED:
    'bg-rose-50 text-rose-800 ring-rose-600/25 dark:bg-rose-400/10 dark:text-rose-300 dark:ring-rose-400/30',
  IN_REVIEW:
    'bg-violet-50 text-violet-800 ring-violet-600/25 dark:bg-violet-400/10 dark:text-violet-300 dark:ring-violet-400/30',
  MANAGER_IN_REVIEW:
    'bg-violet-50 text-violet-800 ring-violet-600/25 dark:bg-violet-400/10 dark:text-violet-300 dark:ring-violet-400/30',
};
const NEUTRAL_TONE =
  'bg-stone-100 text-stone-700 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-600/40';

const isStatus = (value: string | null): value is Status => STATUSES.includes(value as Status);

/** A status with its label of spec point 4, coloured by meaning. */
export function StatusBadge({ status, label }: { status: string | null; label?: string | null }) {
  const { t } = useTranslation();
  const text = isStatus(status) ? t(statusLabelKey(status)) : (label ?? status ?? '—');
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${isStatus(status) ? STATUS_TONES[status] : NEUTRAL_TONE}`}
      data-testid="status-badge"
      data-status={status ?? ''}
    >
      {text}
    </span>
  );
}

/** Previous / next with "page x of y". `testPrefix` keeps test ids unique when two pagers share a page. */
export function Pager({
  page,
  lastPage,
  onPage,
  busy = false,
  label,
  testPrefix = 'pager',
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  busy?: boolean;
  label: string;
  testPrefix?: string;
}) {
  const { t } = useTranslation();
  const last = Math.max(1, lastPage);
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className="btn-secondary min-h-10 px-3 sm:px-4"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        data-testid={`${testPrefix}-prev`}
      >
        <Glyph name="arrow-left" width={16} height={16} />
        {t('sales.previous')}
      </button>
      <p
        className="text-sm text-stone-600 dark:text-stone-400"
        aria-live="polite"
        data-testid={`${testPrefix}-status`}
      >
        {t('sales.page_of', { page, last })}
        {busy ? <span className="sr-only"> · {t('loading')}</span> : null}
      </p>
      <button
        type="button"
        className="btn-secondary min-h-10 px-3 sm:px-4"
        onClick={() => onPage(page + 1)}
        disabled={page >= last}
        data-testid={`${testPrefix}-next`}
      >
        {t('sales.next')}
        <Glyph name="arrow-right" width={16} height={16} />
      </button>
    </nav>
  );
}

/**
 * A page's headline card: warm brand colours, the number that matters most as the largest thing
 * on screen (this month's commissions, the payable balance), and room below it for the rest.
 * While `figure` is undefined, a skeleton as tall as the figure holds its place.
 */
export function BrandHero({
  labelId,
  label,
  figure,
  figureTestId,
  className = '',
  testId,
  children,
}: {
  labelId: string;
  label: string;
  figure: string | undefined;
  figureTestId: string;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={labelId}
      className={`relative isolate overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-800 to-rose-900 p-6 text-white shadow-sm sm:p-8 ${className}`}
      data-testid={testId}
    >
      <div
        className="absolute -top-20 -right-16 -z-10 h-60 w-60 rounded-full bg-amber-300/20 blur-2xl"
        aria-hidden="true"
      />
      <h2 id={labelId} className="text-sm font-medium text-orange-100">
        {label}
      </h2>
      {figure !== undefined ? (
        <p
          className="mt-2 text-5xl font-bold tracking-tight tabular-nums sm:text-6xl"
          data-testid={figureTestId}
        >
          {figure}
        </p>
      ) : (
        // As tall as the figure (text-5xl/6xl, line height 1): nothing moves when it arrives.
        <Skeleton className="mt-2 h-12 w-56 bg-white/20 sm:h-15 dark:bg-white/20" />
      )}
      {children}
    </section>
  );
}

/** The column headings of a list's table (hidden on a phone, where each row is a card). */
export function TableHead({
  columns,
}: {
  columns: readonly { key: string; header: string; align?: 'end' }[];
}) {
  return (
    <thead className="hidden sm:table-header-group">
      <tr>
        {columns.map((column) => (
          <th
            key={column.key}
            scope="col"
            className={`border-b border-stone-200 px-3 py-2.5 text-xs font-semibold tracking-wide text-stone-500 uppercase first:pl-0 last:pr-0 dark:border-stone-800 dark:text-stone-400 ${column.align === 'end' ? 'text-right' : 'text-left'}`}
          >
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}
