// Small pieces the payout screens share: the stage and PayPal chips (a payout's status chip is
// components/staff/chips.tsx: other sections show it too).
import { useTranslation } from 'react-i18next';
import type { PaypalState, Stage } from './payouts-api';

const chip = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const STAGE_TONES: Record<Stage, string> = {
  review: 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
  manager: 'bg-indigo-50 text-indigo-800 dark:bg-indigo-400/10 dark:text-indigo-300',
  payment: 'bg-sky-50 text-sky-800 dark:bg-sky-400/10 dark:text-sky-300',
  closed: 'bg-stone-100 text-stone-600 dark:bg-stone-800/60 dark:text-stone-400',
};

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
