// A status of an earning or a payout (common/statuses.ts) as a chip coloured by its meaning.
import { useTranslation } from 'react-i18next';
import { STATUSES, statusLabelKey, type Status } from '../../common/statuses';

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

/** A status with its label for partners (common/statuses.ts), coloured by meaning. */
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
