// A challenge's numbers in words, the same in the list and on its page: the target with its unit
// ("30 sales", "$5,000.00 in sales"), the reward ("$50.00 bonus", "15% off voucher").
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import type { Challenge, ChallengeMetric } from './challenges-api';

export function useChallengeText() {
  const { t } = useTranslation();
  const f = useFormatters();
  /** A quantity in the metric's unit. */
  const quantity = (metric: ChallengeMetric, value: number) =>
    metric === 'sales_amount'
      ? t('manager.challenges.target_value.sales_amount', { amount: f.money(value) })
      : t('manager.challenges.target_value.sales_count', { count: value, formatted: f.number(value) });
  return {
    quantity,
    target: (challenge: Challenge) => quantity(challenge.metric, challenge.target),
    reward: ({ reward }: Challenge) => {
      if (reward.kind === 'bonus')
        return t('manager.challenges.reward_value.bonus', { amount: f.money(reward.amount) });
      return reward.type === 'percent'
        ? t('manager.challenges.reward_value.percent', { amount: f.percent(reward.amount) })
        : t('manager.challenges.reward_value.fixed', { amount: f.money(reward.amount) });
    },
    /** "12 of 30 sales". */
    progress: (challenge: Challenge, progress: number) =>
      t('manager.challenges.detail.progress', {
        progress: challenge.metric === 'sales_amount' ? f.money(progress) : f.number(progress),
        target: quantity(challenge.metric, challenge.target),
      }),
    outcome: (challenge: Challenge) =>
      t('manager.challenges.outcome', {
        met: f.number(challenge.met),
        rewarded: f.number(challenge.rewarded),
      }),
  };
}
