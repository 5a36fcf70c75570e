// An account's status chip on the staff screens (the "You" mark is components/staff/chips.tsx).
import { useTranslation } from 'react-i18next';
import type { StaffStatus } from './staff-api';

const chip =
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

const TONES: Record<StaffStatus, string> = {
  active:
    'bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  invited: 'bg-sky-50 text-sky-800 ring-sky-600/25 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30',
  deactivated:
    'bg-stone-100 text-stone-600 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-600/40',
};

export function StatusChip({ status }: { status: StaffStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`${chip} ${TONES[status] ?? TONES.deactivated}`}
      data-testid="staff-status"
      data-status={status}
    >
      {t(`manager.staff.statuses.${status}`, { defaultValue: status })}
    </span>
  );
}
