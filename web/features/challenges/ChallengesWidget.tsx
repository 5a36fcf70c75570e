// The dashboard's "Monthly challenges" widget (docs/product/partner-portal.md#dashboard): each challenge of the month with the
// partner's progress, which moves as sales arrive (the `new_order` push), the reward, and where
// it stands: on its way, met (paid once the sales are verified), or paid.
import { useTranslation } from 'react-i18next';
import { addToDay } from '../../../common/calendar';
import { useFormatters } from '../../lib/format';
import { useChallenges, type PartnerChallenge } from './challenges-api';
import { useDeferredAnswer } from '../../lib/deferred-answer';
import { Widget } from '../../components/card';
import { SkeletonLines } from '../../components/skeleton';
import { EmptyState, QueryStates, RetryLine } from '../../components/states';

function Challenge({ challenge }: { challenge: PartnerChallenge }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const amount = challenge.metric === 'sales_amount';
  const shown = (value: number) => (amount ? f.money(value) : f.number(value));
  const ratio = Math.min(1, challenge.progress / challenge.target);
  const state = challenge.rewarded_at ? 'rewarded' : challenge.met ? 'met' : 'running';
  const reward = challenge.reward;
  const rewardText =
    reward.kind === 'bonus'
      ? t('dashboard.challenges.reward_bonus', { amount: f.money(reward.amount) })
      : reward.type === 'percent'
        ? t('dashboard.challenges.reward_voucher_percent', { percent: f.percent(reward.amount) })
        : t('dashboard.challenges.reward_voucher_fixed', { amount: f.money(reward.amount) });
  return (
    <li className="py-3 first:pt-0 last:pb-0" data-testid="challenge" data-state={state}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-sm font-semibold">{challenge.title}</h3>
        <span className="shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-400/10 dark:text-amber-200">
          {rewardText}
        </span>
      </div>
      <p className="mt-1 line-clamp-2 text-sm text-muted">{challenge.body}</p>
      <div
        role="progressbar"
        aria-label={t('dashboard.challenges.progress_label', { title: challenge.title })}
        aria-valuemin={0}
        aria-valuemax={challenge.target}
        aria-valuenow={Math.min(challenge.progress, challenge.target)}
        aria-valuetext={t('dashboard.challenges.progress', {
          progress: shown(challenge.progress),
          target: shown(challenge.target),
        })}
        className="mt-3 h-2.5 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800"
        data-testid="challenge-bar"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-700 ${state === 'running' ? 'bg-gradient-to-r from-brand-500 to-rose-500' : 'bg-emerald-500'}`}
          style={{ width: `${Math.max(2, Math.round(ratio * 100))}%` }}
        />
      </div>
      <div className="mt-1.5 flex flex-wrap items-center justify-between gap-x-3 text-xs text-muted">
        <span className="font-medium tabular-nums" data-testid="challenge-progress">
          {t(amount ? 'dashboard.challenges.progress' : 'dashboard.challenges.progress_sales', {
            progress: shown(challenge.progress),
            target: shown(challenge.target),
            count: challenge.target,
          })}
        </span>
        <span data-testid="challenge-state">
          {state === 'rewarded'
            ? t('dashboard.challenges.rewarded', { date: f.date(challenge.rewarded_at!) })
            : state === 'met'
              ? t('dashboard.challenges.met')
              : t('dashboard.challenges.ends', {
                  // The months are the program's time zone's (decisions/054): the month's last day
                  // as a calendar day, whatever the reader's zone.
                  date: f.day(addToDay(`${challenge.month}-01`, { months: 1, days: -1 })),
                })}
        </span>
      </div>
    </li>
  );
}

export function ChallengesWidget() {
  const { t } = useTranslation();
  const challenges = useChallenges();
  const answer = useDeferredAnswer(challenges);
  return (
    <Widget id="challenges" title={t('dashboard.challenges.title')} icon="target" testId="widget-challenges">
      <QueryStates
        query={answer}
        loading={<SkeletonLines lines={3} />}
        failed={
          <RetryLine text={t('dashboard.challenges.error')} onRetry={() => void challenges.refetch()} />
        }
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon="target"
            title={t('dashboard.challenges.empty_title')}
            body={t('dashboard.challenges.empty_body')}
            testId="challenges-empty"
          />
        }
      >
        {(list) => (
          <ul className="divide-y divide-stone-100 dark:divide-stone-800">
            {list.map((challenge) => (
              <Challenge key={challenge.id} challenge={challenge} />
            ))}
          </ul>
        )}
      </QueryStates>
    </Widget>
  );
}
