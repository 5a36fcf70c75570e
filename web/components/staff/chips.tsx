// The back office's chips: a tone of its own, a payout's status in the staff's words, and the
// "You" mark on one's own row.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUSES, type Status } from '../../../common/statuses';
import { STATUS_TONES } from '../status';

export function Chip({
  tone = 'neutral',
  children,
  testId,
}: {
  tone?: 'neutral' | 'brand' | 'warning' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  const tones = {
    neutral: 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
    brand: 'bg-brand-50 text-brand-800 ring-1 ring-brand-600/20 dark:bg-brand-400/10 dark:text-brand-200',
    warning:
      'bg-amber-50 text-amber-800 ring-1 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30',
    success:
      'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300',
    info: 'bg-sky-50 text-sky-800 ring-1 ring-sky-600/20 dark:bg-sky-400/10 dark:text-sky-300',
  };
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tones[tone]}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

const closedTone = 'bg-stone-100 text-stone-600 dark:bg-stone-800/60 dark:text-stone-400';

/**
 * A payout's status in the staff's words. Partners' labels merge statuses staff must tell apart
 * ("In Review" is both the first review and the manager's), so the back office names each one,
 * with the words of the queue's filters.
 */
export function PayoutStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = STATUSES.includes(status as Status);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${known ? STATUS_TONES[status as Status] : closedTone}`}
      data-testid="payout-status"
      data-status={status}
    >
      {known ? t(`manager.payouts.statuses.${status as Status}`) : status}
    </span>
  );
}

export function YouChip() {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-[11px] font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100">
      {t('manager.staff.you')}
    </span>
  );
}
