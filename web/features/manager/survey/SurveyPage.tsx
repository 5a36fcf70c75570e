// /manager/survey: how partners answered the first-sale survey (a bar per choice, with its share)
// and the answers themselves, newest first, paged in the URL (?page=).
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { useFormatters, useDateTime } from '../../../lib/format';
import { useSurveyAnswers, type SurveyAnswer } from './survey-api';
import { CountsChart, SurveyHeading } from './survey-ui';
import { useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell } from '../../../components/table';
import { PagedSection, useBackInRange } from '../../../components/paged-section';
import { ListResults, PartnerName } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';

function ChoiceLabel({ answer }: { answer: SurveyAnswer }) {
  const { t } = useTranslation();
  return (
    <span className="font-medium text-stone-800 dark:text-stone-200" data-testid="answer-choice">
      {t(`manager.survey.choices.${answer.choice}`, { defaultValue: answer.choice })}
    </span>
  );
}

function AnswersTable({ rows }: { rows: SurveyAnswer[] }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const td = tableCell.body;
  return (
    <ListTable
      caption={t('manager.survey.answers.title')}
      testId="answers-table"
      columns={(['partner', 'choice', 'date'] as const).map((key) => ({
        key,
        header: t(`manager.survey.answers.columns.${key}`),
      }))}
    >
      {rows.map((row) => (
        <tr key={row.id} data-testid="answer-row">
          <td className={td}>
            <PartnerName partner={row.partner} />
          </td>
          <td className={td}>
            <ChoiceLabel answer={row} />
          </td>
          <td className={`${td} whitespace-nowrap text-muted`}>{dateTime(row.answered_at)}</td>
        </tr>
      ))}
    </ListTable>
  );
}

function AnswersCards({ rows }: { rows: SurveyAnswer[] }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <ul className="space-y-3" aria-label={t('manager.survey.answers.title')}>
      {rows.map((row) => (
        <li key={row.id} className="card space-y-2 p-4" data-testid="answer-row">
          <PartnerName partner={row.partner} />
          <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <ChoiceLabel answer={row} />
            <span className="text-xs text-muted">{dateTime(row.answered_at)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function SurveyPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  useDocumentTitle(t('titles.manager_survey'));
  const { page, goTo } = usePageParam();
  const query = useSurveyAnswers(page);
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  useBackInRange(data, page, goTo);
  const failed = query.isError && !data;

  const results = (
    <ListResults
      query={query}
      testPrefix="answers"
      failedTitle={t('manager.survey.answers.load_failed')}
      empty={{
        icon: 'chart',
        title: t('manager.survey.answers.empty_title'),
        body: t('manager.survey.answers.empty_body'),
      }}
      rows={(rows) => ({ table: <AnswersTable rows={rows} />, cards: <AnswersCards rows={rows} /> })}
    />
  );

  return (
    <>
      <SurveyHeading lead={t('manager.survey.lead')} />
      {failed ? null : <CountsChart counts={data?.counts} />}
      <PagedSection
        id="survey-answers-heading"
        title={t('manager.survey.answers.title')}
        total={
          data
            ? t('manager.survey.answers.total', { count: data.total, formatted: f.number(data.total) })
            : null
        }
        page={data ? { current: data.current_page, last: data.last_page } : null}
        onPage={goTo}
        busy={query.isFetching}
        placeholder={query.isPlaceholderData}
        pagerLabel={t('manager.survey.answers.pages_label')}
        testPrefix="answers"
        className={failed ? '' : 'mt-8'}
      >
        {results}
      </PagedSection>
    </>
  );
}
