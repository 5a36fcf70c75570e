// /manager/challenges: the monthly challenges. The page is the shared bilingual one (../messages)
// with what a challenge adds: its month, a target (a number of sales or dollars of sales) and a
// reward (a bonus, or a voucher), and in the list how many partners met it and were rewarded,
// with a link to who they are. Once a reward was paid the server refuses changes, so Edit and
// Delete are off, with the reason beside them.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { formatMonth, isoMonth } from '../messages/calendar';
import { Choices } from '../messages/Choices';
import type { FieldsContext, FormFields } from '../messages/MessageForm';
import { MessagesPage, nameOf, rowButton, type ListView } from '../messages/MessagesPage';
import type { Challenge, ChallengeMetric, VoucherType } from './challenges-api';
import { useChallengeText } from './challenge-text';
import { TextInput } from '../../../components/staff/fields';

interface ChallengeValues {
  month: string;
  metric: ChallengeMetric;
  target: string;
  reward: 'bonus' | 'voucher';
  voucher: VoucherType;
  amount: string;
}

const METRICS = ['sales_count', 'sales_amount'] as const;
const REWARDS = ['bonus', 'voucher'] as const;
const VOUCHERS = ['percent', 'fixed'] as const;

function MonthField({ values, change, error }: FieldsContext<ChallengeValues>) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="month"
      className="mb-5 sm:max-w-60"
      label={t('manager.challenges.month')}
      hint={t('manager.challenges.month_hint')}
      value={values.month}
      min={isoMonth(new Date())}
      onValue={(month) => change({ month }, 'month')}
      error={error('month')}
      data-testid="challenge-month"
    />
  );
}

function GoalFields({ values, change, error }: FieldsContext<ChallengeValues>) {
  const { t } = useTranslation();
  const amountLabel =
    values.reward === 'bonus'
      ? t('manager.challenges.reward.amount_bonus')
      : t(`manager.challenges.reward.amount_${values.voucher}`);
  const box = 'min-w-0 rounded-xl border border-stone-200 p-4 dark:border-stone-800';
  return (
    <div className="mt-5 grid gap-5 md:grid-cols-2">
      <div className={box}>
        <Choices
          legend={t('manager.challenges.metric.legend')}
          name="metric"
          value={values.metric}
          choices={METRICS.map((value) => ({ value, label: t(`manager.challenges.metric.${value}`) }))}
          onChange={(metric) => change({ metric }, 'metric', 'target')}
          error={error('metric')}
        />
        <TextInput
          type="number"
          inputMode={values.metric === 'sales_count' ? 'numeric' : 'decimal'}
          min={values.metric === 'sales_count' ? 1 : 0.01}
          step={values.metric === 'sales_count' ? 1 : 0.01}
          className="mt-4 sm:max-w-48"
          label={t('manager.challenges.target.label')}
          hint={t(`manager.challenges.target.${values.metric}`)}
          value={values.target}
          onValue={(target) => change({ target }, 'target')}
          error={error('target')}
          data-testid="challenge-target"
        />
      </div>
      <div className={box}>
        <Choices
          legend={t('manager.challenges.reward.legend')}
          name="reward"
          value={values.reward}
          choices={REWARDS.map((value) => ({ value, label: t(`manager.challenges.reward.${value}`) }))}
          onChange={(reward) => change({ reward }, 'reward', 'reward.kind', 'reward.type', 'reward.amount')}
          error={error('reward') ?? error('reward.kind')}
        />
        {values.reward === 'voucher' ? (
          <Choices
            legend={t('manager.challenges.reward.type_legend')}
            name="voucher"
            value={values.voucher}
            choices={VOUCHERS.map((value) => ({ value, label: t(`manager.challenges.reward.${value}`) }))}
            onChange={(voucher) => change({ voucher }, 'reward.type', 'reward.amount')}
            error={error('reward.type')}
            className="mt-4"
          />
        ) : null}
        <TextInput
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          className="mt-4 sm:max-w-48"
          label={amountLabel}
          hint={values.reward === 'bonus' ? t('manager.challenges.reward.bonus_hint') : undefined}
          value={values.amount}
          onValue={(amount) => change({ amount }, 'reward.amount')}
          error={error('reward.amount')}
          data-testid="challenge-amount"
        />
      </div>
    </div>
  );
}

/** The values a challenge's form starts from: a new one's, or the challenge's own. */
function initialValues(item?: Challenge): ChallengeValues {
  if (!item)
    return {
      month: isoMonth(new Date()),
      metric: 'sales_count',
      target: '',
      reward: 'bonus',
      voucher: 'percent',
      amount: '',
    };
  const { reward } = item;
  return {
    month: item.month,
    metric: item.metric,
    target: String(item.target),
    reward: reward.kind,
    voucher: reward.kind === 'voucher' ? reward.type : 'percent',
    amount: String(reward.amount),
  };
}

const positive = (text: string) => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : null;
};

export function ChallengesPage() {
  const { t, i18n } = useTranslation();
  const text = useChallengeText();
  const view: ListView<Challenge> = {
    columns: [
      {
        key: 'month',
        header: t('manager.challenges.columns.month'),
        cell: (item) => (
          <span
            className="font-medium text-stone-900 capitalize dark:text-white"
            data-testid="challenge-month-cell"
          >
            {formatMonth(item.month, i18n.language)}
          </span>
        ),
        className: 'whitespace-nowrap',
      },
      {
        key: 'target',
        header: t('manager.challenges.columns.target'),
        cell: (item) => <span data-testid="challenge-target-cell">{text.target(item)}</span>,
      },
      {
        key: 'reward',
        header: t('manager.challenges.columns.reward'),
        cell: (item) => <span data-testid="challenge-reward-cell">{text.reward(item)}</span>,
      },
      {
        key: 'outcome',
        header: t('manager.challenges.columns.outcome'),
        cell: (item) => (
          <span
            className="text-sm whitespace-nowrap text-stone-700 dark:text-stone-300"
            data-testid="challenge-outcome"
          >
            {text.outcome(item)}
          </span>
        ),
        wide: true,
      },
    ],
    locked: (item) => (item.rewarded > 0 ? t('manager.challenges.locked') : null),
    actions: (item) => (
      <Link
        to={`/manager/challenges/${item.id}`}
        className={`${rowButton} border-stone-300 text-stone-800 hover:border-brand-600 hover:text-brand-800 dark:border-stone-700 dark:text-stone-100 dark:hover:border-brand-400 dark:hover:text-brand-200`}
        aria-label={t('manager.challenges.partners_label', { title: nameOf(item, i18n.language) })}
        data-testid="challenge-partners-link"
      >
        <Icon name="users" width={15} height={15} />
        {t('manager.challenges.partners_link')}
      </Link>
    ),
  };
  const fieldsFor = (item?: Challenge): FormFields<ChallengeValues> => ({
    initial: initialValues(item),
    before: (context) => <MonthField {...context} />,
    after: (context) => <GoalFields {...context} />,
    check: (values) => {
      const problems: Record<string, string> = {};
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month))
        problems.month = t('manager.challenges.errors.month_missing');
      const target = positive(values.target);
      if (target === null) problems.target = t('manager.challenges.errors.target_invalid');
      else if (values.metric === 'sales_count' && !Number.isInteger(target))
        problems.target = t('manager.challenges.errors.target_whole');
      const amount = positive(values.amount);
      if (amount === null) problems['reward.amount'] = t('manager.challenges.errors.amount_invalid');
      else if (values.reward === 'voucher' && values.voucher === 'percent' && amount > 100)
        problems['reward.amount'] = t('manager.challenges.errors.percent_too_high');
      return problems;
    },
    body: (values) => {
      const amount = Number(values.amount);
      return {
        month: values.month,
        metric: values.metric,
        target: Number(values.target),
        reward:
          values.reward === 'bonus'
            ? { kind: 'bonus', amount }
            : { kind: 'voucher', type: values.voucher, amount },
      };
    },
  });
  return <MessagesPage kind="challenges" view={view} fieldsFor={fieldsFor} />;
}
