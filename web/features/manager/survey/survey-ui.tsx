// What the survey's two pages share: their heading with the tab bar between the answers and the
// free-product requests, and the bar chart of how partners answered.
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/PageHeading';
import { useFormatters } from '../../../lib/format';
import { SURVEY_CHOICES, type SurveyCounts } from './survey-api';
import { Skeleton } from '../../../components/skeleton';

const TABS = [
  { key: 'answers', to: '/manager/survey' },
  { key: 'claims', to: '/manager/survey/claims' },
] as const;

/** The section's heading, its lead and the tab bar of its two pages. */
export function SurveyHeading({ lead }: { lead: string }) {
  const { t } = useTranslation();
  return (
    <PageHeading title={t('titles.manager_survey')} lead={lead}>
      <nav
        aria-label={t('manager.survey.tabs_label')}
        className="mt-5 flex gap-1 border-b border-stone-200 dark:border-stone-800"
      >
        {TABS.map((tab) => (
          <NavLink
            key={tab.key}
            to={tab.to}
            end
            data-testid={`survey-tab-${tab.key}`}
            className={({ isActive }) =>
              `-mb-px inline-flex min-h-10 items-center border-b-2 px-3 text-sm font-semibold transition-colors ${
                isActive
                  ? 'border-brand-600 text-stone-900 dark:border-brand-400 dark:text-white'
                  : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'
              }`
            }
          >
            {t(`manager.survey.tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
    </PageHeading>
  );
}

/** The answers per choice as horizontal bars, each with its number and share of the total. */
export function CountsChart({ counts }: { counts: SurveyCounts | undefined }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const total = counts ? SURVEY_CHOICES.reduce((sum, choice) => sum + (counts[choice] ?? 0), 0) : 0;
  return (
    <section className="card p-4 sm:p-6" aria-labelledby="survey-chart-heading" data-testid="survey-chart">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="survey-chart-heading" className="text-lg font-semibold tracking-tight">
          {t('manager.survey.chart.title')}
        </h2>
        {counts ? (
          <p className="text-sm text-muted" data-testid="survey-chart-total">
            {t('manager.survey.chart.total', { count: total, formatted: f.number(total) })}
          </p>
        ) : null}
      </div>
      {!counts ? (
        <div role="status" className="space-y-4" data-testid="survey-chart-loading">
          <span className="sr-only">{t('loading')}</span>
          {SURVEY_CHOICES.map((choice) => (
            <Skeleton key={choice} className="h-6 w-full" />
          ))}
        </div>
      ) : (
        <>
          <ul className="space-y-3.5">
            {SURVEY_CHOICES.map((choice) => {
              const count = counts[choice] ?? 0;
              const share = total > 0 ? (count / total) * 100 : 0;
              const values = { count: f.number(count), percent: f.percent(Math.round(share * 10) / 10) };
              const label = t(`manager.survey.choices.${choice}`);
              return (
                <li
                  key={choice}
                  className="grid gap-1.5 sm:grid-cols-[12rem_1fr_auto] sm:items-center sm:gap-4"
                  aria-label={t('manager.survey.chart.bar_label', { choice: label, ...values })}
                  data-testid={`survey-count-${choice}`}
                  data-count={count}
                >
                  <span className="text-sm font-medium text-stone-800 dark:text-stone-200">{label}</span>
                  <span
                    aria-hidden="true"
                    className="block h-3 overflow-hidden rounded-full bg-stone-100 sm:order-none dark:bg-stone-800"
                  >
                    <span
                      className={`block h-full rounded-full ${
                        choice === 'claim_bottles'
                          ? 'bg-amber-500 dark:bg-amber-400'
                          : 'bg-brand-600 dark:bg-brand-400'
                      }`}
                      style={{ width: `${share}%` }}
                    />
                  </span>
                  <span className="text-sm text-stone-600 tabular-nums sm:text-right dark:text-stone-400">
                    {t('manager.survey.chart.value', values)}
                  </span>
                </li>
              );
            })}
          </ul>
          {total === 0 ? (
            <p className="mt-4 text-sm text-muted" data-testid="survey-chart-empty">
              {t('manager.survey.chart.empty')}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
