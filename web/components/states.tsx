// What a read shows besides its rows: the empty state, a failure with a retry, and the choice
// between them and the rows.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph, type GlyphName } from './glyphs';

/** A read that failed, said in a line with a button to ask again. */
export function RetryLine({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-muted">
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
      {body ? <p className="mt-1 max-w-xs text-sm text-muted">{body}</p> : null}
      {children}
    </div>
  );
}
