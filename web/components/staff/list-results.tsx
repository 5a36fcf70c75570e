// What the staff lists share around their rows: the card saying a list could not be loaded (with
// a retry), the results in each state of their read, and a partner's name in a row.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconName } from '../icons';
import { SkeletonLines } from '../skeleton';
import { EmptyState, QueryStates } from '../states';
import { TableOrCards } from './table-or-cards';

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

/** A partner in a staff list: the name, and the e-mail below it. */
export function PartnerName({ partner }: { partner: { name: string; email: string } }) {
  return (
    <span className="block min-w-0">
      <span className="block font-semibold text-stone-900 dark:text-white">{partner.name}</span>
      <span className="block max-w-64 truncate text-xs text-muted">{partner.email}</span>
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
