// /manager/overview/store-pushes: every partner code whose push to the Shopify store failed
// (docs/product/links-and-integrations.md#discount-push, docs/decisions/028, 039), the latest failure first, with the partner, the
// store's own words and when. Every staff role reads it; managers and admins push a code again,
// or all of them at once (each code audited once, however often "Push all again" is pressed).
// The page lives in the URL (?page=).
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { ApiError, isUnauthorized, serverMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/toast';
import { useFormatters, useDateTime } from '../../../lib/format';
import { useFailedPushes, useRetryAllPushes, useRetryPush, type FailedPush } from './needs-a-look-api';
import { NeedsALookHeading } from './needs-a-look-ui';
import { useManagerSignOut, useSignOutOnUnauthorized, useStaffMember } from '../staff-session';
import { hasRole } from '../../../../common/staff-roles';
import { ListTable, tableCell } from '../../../components/table';
import { ListCards, listCardClass } from '../../../components/staff/table-or-cards';
import { PagedSection, useBackInRange } from '../../../components/paged-section';
import { ListResults } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';

function PartnerLink({ push }: { push: FailedPush }) {
  const { t } = useTranslation();
  return (
    <span className="block min-w-0">
      <Link
        to={`/manager/partners/${encodeURIComponent(push.partner.uuid)}`}
        className="block font-semibold text-stone-900 underline-offset-4 hover:underline dark:text-white"
        aria-label={t('manager.overview.pushes.open_partner', { name: push.partner.name })}
        data-testid="push-partner"
      >
        {push.partner.name}
      </Link>
      <span className="block max-w-64 truncate text-xs text-muted">{push.partner.email}</span>
    </span>
  );
}

function StoreMessage({ push }: { push: FailedPush }) {
  const { t } = useTranslation();
  return push.message ? (
    <p className="text-sm break-words text-stone-800 dark:text-stone-200" data-testid="push-message">
      {push.message}
    </p>
  ) : (
    <p className="text-sm text-stone-500 italic dark:text-stone-400">
      {t('manager.overview.pushes.no_message')}
    </p>
  );
}

function FailedWhen({ push }: { push: FailedPush }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const when = useDateTime();
  return (
    <span className="block">
      <time dateTime={push.failed_at} className="block whitespace-nowrap text-stone-700 dark:text-stone-300">
        {when(push.failed_at)}
      </time>
      <span className="block text-xs text-muted">
        {t('manager.overview.pushes.attempts', { count: push.attempts, formatted: f.number(push.attempts) })}
      </span>
    </span>
  );
}

function RetryButton({
  push,
  busy,
  disabled,
  onRetry,
}: {
  push: FailedPush;
  busy: boolean;
  disabled: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn-secondary min-h-9 px-3 py-1.5 text-[13px] whitespace-nowrap"
      onClick={onRetry}
      disabled={disabled}
      aria-label={t('manager.overview.pushes.retry_label', { code: push.code })}
      data-testid="push-retry"
    >
      {busy ? t('manager.overview.pushes.retrying') : t('manager.overview.pushes.retry')}
    </button>
  );
}

const Code = ({ code }: { code: string }) => (
  <code
    className="font-mono text-sm font-semibold tracking-wide text-stone-900 dark:text-white"
    data-testid="push-code"
  >
    {code}
  </code>
);

export function StorePushesPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.manager_store_pushes');
  useDocumentTitle(title);
  const { page, goTo } = usePageParam();
  const list = useFailedPushes(page);
  useSignOutOnUnauthorized(list.error);
  const me = useStaffMember();
  const signOut = useManagerSignOut();
  const retry = useRetryPush();
  const retryAll = useRetryAllPushes();
  const [busyCode, setBusyCode] = useState<string | null>(null);
  const data = list.data;
  useBackInRange(data, page, goTo);

  const canRetry = hasRole(me.data?.role, 'manager');
  const configured = data?.push_configured ?? true;
  const actionable = canRetry && configured;
  const busy = retry.isPending || retryAll.isPending;

  const failed = (error: unknown) => {
    if (isUnauthorized(error)) {
      signOut();
      return;
    }
    // 409: the code is no longer refused (someone pushed it first, or the store took it), or the
    // push was turned off; the list is read again either way.
    notifyError(
      serverMessage(error) ??
        (error instanceof ApiError && error.status === 409
          ? t('manager.overview.pushes.stale')
          : t('manager.overview.pushes.retry_failed')),
    );
  };
  const onRetry = (code: string) => {
    setBusyCode(code);
    retry.mutate(code, {
      onSuccess: (answer) => notifySuccess(t('manager.overview.pushes.retried', { code: answer.code })),
      onError: failed,
      onSettled: () => setBusyCode(null),
    });
  };
  const onRetryAll = () =>
    retryAll.mutate(undefined, {
      onSuccess: ({ retried }) =>
        retried > 0
          ? notifySuccess(
              t('manager.overview.pushes.retried_all', { count: retried, formatted: f.number(retried) }),
            )
          : notifyInfo(t('manager.overview.pushes.retried_none')),
      onError: failed,
    });

  const td = tableCell.body;
  return (
    <>
      <NeedsALookHeading title={title} lead={t('manager.overview.pushes.lead')} />
      {data && !configured ? (
        <p
          className="card mb-5 flex items-start gap-2 p-4 text-sm text-stone-700 dark:text-stone-300"
          data-testid="pushes-off"
        >
          <Icon
            name="info"
            width={18}
            height={18}
            className="mt-0.5 shrink-0 text-sky-600 dark:text-sky-400"
          />
          {t('manager.overview.pushes.push_off')}
        </p>
      ) : null}
      {data && data.total > 0 && configured && !canRetry && me.data ? (
        <p className="mb-4 text-sm text-muted" data-testid="pushes-read-only">
          {t('manager.overview.pushes.read_only')}
        </p>
      ) : null}
      <PagedSection
        id="pushes-results"
        title={t('manager.overview.pushes.caption')}
        total={
          data
            ? t('manager.overview.pushes.results', { count: data.total, formatted: f.number(data.total) })
            : null
        }
        page={data ? { current: data.current_page, last: data.last_page } : null}
        onPage={goTo}
        busy={list.isFetching}
        placeholder={list.isPlaceholderData}
        pagerLabel={t('manager.overview.pushes.pages_label')}
        testPrefix="pushes"
        className="mt-2"
      >
        {actionable && data && data.total > 0 ? (
          <div className="mb-3 flex justify-end">
            <button
              type="button"
              className="btn-primary min-h-10"
              onClick={onRetryAll}
              disabled={busy}
              data-testid="pushes-retry-all"
            >
              {retryAll.isPending
                ? t('manager.overview.pushes.retrying')
                : t('manager.overview.pushes.retry_all', { formatted: f.number(data.total) })}
            </button>
          </div>
        ) : null}
        <ListResults
          query={list}
          testPrefix="pushes"
          failedTitle={t('manager.overview.pushes.load_failed')}
          empty={{
            icon: 'check',
            title: t('manager.overview.pushes.empty_title'),
            body: t('manager.overview.pushes.empty_body'),
          }}
          rows={(rows) => ({
            table: (
              <ListTable
                caption={t('manager.overview.pushes.caption')}
                testId="pushes-table"
                columns={(
                  [
                    'code',
                    'partner',
                    'message',
                    'failed',
                    ...(actionable ? (['actions'] as const) : []),
                  ] as const
                ).map((key) => ({
                  key,
                  header:
                    key === 'actions' ? (
                      <span className="sr-only">{t('manager.overview.pushes.columns.actions')}</span>
                    ) : (
                      t(`manager.overview.pushes.columns.${key}`)
                    ),
                }))}
              >
                {rows.map((push) => (
                  <tr key={push.code} data-testid="push-row">
                    <td className={td}>
                      <Code code={push.code} />
                    </td>
                    <td className={td}>
                      <PartnerLink push={push} />
                    </td>
                    <td className={`${td} max-w-md`}>
                      <StoreMessage push={push} />
                    </td>
                    <td className={td}>
                      <FailedWhen push={push} />
                    </td>
                    {actionable ? (
                      <td className={`${td} text-right`}>
                        <RetryButton
                          push={push}
                          busy={busyCode === push.code}
                          disabled={busy}
                          onRetry={() => onRetry(push.code)}
                        />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </ListTable>
            ),
            cards: (
              <ListCards label={t('manager.overview.pushes.caption')}>
                {rows.map((push) => (
                  <li key={push.code} className={listCardClass} data-testid="push-row">
                    <div className="flex items-start justify-between gap-3">
                      <Code code={push.code} />
                      <span className="shrink-0 text-right text-xs">
                        <FailedWhen push={push} />
                      </span>
                    </div>
                    <div className="mt-2 text-sm">
                      <PartnerLink push={push} />
                    </div>
                    <div className="mt-3 border-t border-stone-100 pt-3 dark:border-stone-800">
                      <StoreMessage push={push} />
                    </div>
                    {actionable ? (
                      <div className="mt-3">
                        <RetryButton
                          push={push}
                          busy={busyCode === push.code}
                          disabled={busy}
                          onRetry={() => onRetry(push.code)}
                        />
                      </div>
                    ) : null}
                  </li>
                ))}
              </ListCards>
            ),
          })}
        />
      </PagedSection>
    </>
  );
}
