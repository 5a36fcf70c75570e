// Small pieces the payout screens share: the stage and PayPal chips, the media query that
// picks table or cards, and a date-and-time formatter.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUSES, type Status } from '../../../../common/statuses';
import { intlLocale } from '../../sales/format';
import { STATUS_TONES } from '../../sales/ui';
import type { PaypalState, Stage } from './payouts-api';

const chip = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const STAGE_TONES: Record<Stage, string> = {
  review: 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
  manager: 'bg-indigo-50 text-indigo-800 dark:bg-indigo-400/10 dark:text-indigo-300',
  payment: 'bg-sky-50 text-sky-800 dark:bg-sky-400/10 dark:text-sky-300',
  closed: 'bg-stone-100 text-stone-600 dark:bg-stone-800/60 dark:text-stone-400',
};

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
      className={`${chip} ring-1 ring-inset ${known ? STATUS_TONES[status as Status] : STAGE_TONES.closed}`}
      data-testid="payout-status"
      data-status={status}
    >
      {known ? t(`manager.payouts.statuses.${status as Status}`) : status}
    </span>
  );
}

const isStage = (value: string): value is Stage => value in STAGE_TONES;

export function StageChip({ stage }: { stage: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`${chip} ${isStage(stage) ? STAGE_TONES[stage] : STAGE_TONES.closed}`}
      data-testid="stage"
    >
      {isStage(stage) ? t(`manager.payouts.stages.${stage}`) : stage}
    </span>
  );
}

export function PaypalStateText({ state }: { state: PaypalState | null }) {
  const { t } = useTranslation();
  if (!state)
    return (
      <span className="text-stone-500 dark:text-stone-400">{t('manager.payouts.paypal_states.none')}</span>
    );
  const tone =
    state === 'failed'
      ? 'font-semibold text-red-700 dark:text-red-300'
      : state === 'sent'
        ? 'text-emerald-700 dark:text-emerald-300'
        : 'text-stone-700 dark:text-stone-300';
  return (
    <span className={tone} data-testid="paypal-state">
      {t(`manager.payouts.paypal_states.${state}`, { defaultValue: state })}
    </span>
  );
}

// Tailwind's `md`: from here the queue and the earnings are tables, below it cards.
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

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** An ISO time as date and time in the interface language. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(locale, format);
  }
  const chosen = format;
  return (iso) => {
    const time = new Date(iso);
    return Number.isNaN(time.getTime()) ? iso : chosen.format(time);
  };
}
