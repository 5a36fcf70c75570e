// /manager/overview/deliveries: every Shopify delivery the intake refused (docs/decisions/011,
// 039), newest first, for any staff role. Each says when it came, what it was, why it was refused
// in staff words (with the error ID the server logged), whether the ledger got the order later,
// and opens to its payload (secrets hidden, huge ones cut short). The topic, the days and the page
// live in the URL (?topic=&from=&to=&page=), so a reload or a shared link shows the same list.
import { Fragment, useCallback, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { useFormatters, useDateTime } from '../../../lib/format';
import {
  ClearFilters,
  DayRangeFields,
  FilterField,
  filterControlClass,
  settleFilterParams,
} from '../time-range-filter';
import {
  DELIVERY_TOPICS,
  useDeliveryPayload,
  useRejectedDeliveries,
  type DeliveriesQuery,
  type DeliveryTopic,
  type RejectedDelivery,
} from './needs-a-look-api';
import { NeedsALookHeading, useProblemWords } from './needs-a-look-ui';
import { SkeletonLines } from '../../../components/skeleton';
import { useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell } from '../../../components/table';
import { ListCards, listCardClass } from '../../../components/staff/table-or-cards';
import { OpenedPanel, OpenedRow, openRowClass, OpenToggle, useOpenRows } from '../../../components/open-rows';
import { PagedSection, useBackInRange } from '../../../components/paged-section';
import { ListResults } from '../../../components/staff/list-results';
import { Chip } from '../../../components/staff/chips';
import { isDay } from '../day-range';

const isTopic = (value: string | null): value is DeliveryTopic =>
  (DELIVERY_TOPICS as readonly (string | null)[]).includes(value);

/** The filters and page the URL holds; anything malformed is left out. */
function readQuery(params: URLSearchParams): DeliveriesQuery {
  const topic = params.get('topic');
  return {
    topic: isTopic(topic) ? topic : null,
    from: isDay(params.get('from')) ? params.get('from') : null,
    to: isDay(params.get('to')) ? params.get('to') : null,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

type Filters = Omit<DeliveriesQuery, 'page'>;

const topicKey = (topic: string) => topic.replace('/', '_') as 'orders_create';
function FiltersCard({ query, onChange }: { query: Filters; onChange: (change: Partial<Filters>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const filtered = Boolean(query.topic || query.from || query.to);
  return (
    <section
      aria-label={t('manager.overview.deliveries.filters_label')}
      className="card mb-5 p-4 sm:p-5"
      data-testid="deliveries-filters"
    >
      {/* Phones: the topic on its own row, the two days side by side; wide screens: one row. */}
      <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-4">
        <FilterField
          id={`${id}-topic`}
          label={t('manager.overview.deliveries.topic')}
          span="col-span-2 md:col-span-1"
        >
          <select
            id={`${id}-topic`}
            value={query.topic ?? ''}
            onChange={(event) => onChange({ topic: isTopic(event.target.value) ? event.target.value : null })}
            className={filterControlClass}
            data-testid="deliveries-filter-topic"
          >
            <option value="">{t('manager.overview.deliveries.any_topic')}</option>
            {DELIVERY_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`manager.overview.deliveries.topics.${topicKey(topic)}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <DayRangeFields
          id={id}
          range={query}
          onChange={onChange}
          labels={{ from: t('manager.overview.deliveries.from'), to: t('manager.overview.deliveries.to') }}
          testPrefix="deliveries"
        />
        {filtered ? (
          <ClearFilters
            className="col-span-2 md:col-span-1 md:flex md:min-h-10 md:items-center"
            onClear={() => onChange({ topic: null, from: null, to: null })}
            testId="deliveries-clear"
          >
            {t('manager.overview.deliveries.clear')}
          </ClearFilters>
        ) : null}
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// One delivery

function Topic({ delivery }: { delivery: RejectedDelivery }) {
  const { t } = useTranslation();
  return (
    <span className="block min-w-0">
      <span className="block font-semibold text-stone-900 dark:text-white" data-testid="delivery-topic">
        {isTopic(delivery.topic)
          ? t(`manager.overview.deliveries.topics.${topicKey(delivery.topic)}`)
          : delivery.topic}
      </span>
      <code className="block font-mono text-xs text-muted">{delivery.topic}</code>
    </span>
  );
}

/** Where it came from: the shop, and the delivery's own id (Shopify's X-Shopify-Webhook-Id). */
function Origin({ delivery }: { delivery: RejectedDelivery }) {
  const { t } = useTranslation();
  return (
    <dl className="mt-1.5 space-y-0.5 text-xs text-muted">
      {delivery.shop ? (
        <div className="flex min-w-0 gap-1">
          <dt className="shrink-0">{t('manager.overview.deliveries.shop')}</dt>
          <dd className="min-w-0 truncate" title={delivery.shop}>
            {delivery.shop}
          </dd>
        </div>
      ) : null}
      {/* Ids are long: each on a line of its own, below its name. */}
      <div className="min-w-0">
        <dt>{t('manager.overview.deliveries.delivery_id')}</dt>
        <dd>
          <code className="font-mono text-[11px] break-all text-stone-700 select-all dark:text-stone-300">
            {delivery.delivery_id}
          </code>
        </dd>
      </div>
    </dl>
  );
}

function Reason({ delivery }: { delivery: RejectedDelivery }) {
  const { t } = useTranslation();
  const words = useProblemWords();
  return (
    <div className="min-w-0">
      {delivery.problems.length > 0 ? (
        <ul className="space-y-1 text-sm text-stone-800 dark:text-stone-200" data-testid="delivery-problems">
          {delivery.problems.map((problem, index) => (
            <li key={index} className="flex gap-1.5 break-words">
              <Icon
                name="alert"
                width={14}
                height={14}
                aria-hidden="true"
                className="mt-0.5 shrink-0 text-amber-600 dark:text-amber-400"
              />
              <span className="min-w-0">{words(problem)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{delivery.error ?? '—'}</p>
      )}
      <p className="mt-1.5 text-xs text-muted">
        <span className="block">{t('manager.overview.deliveries.error_id')}</span>
        <code
          className="block font-mono text-[11px] break-all text-stone-700 select-all dark:text-stone-300"
          data-testid="delivery-error-id"
        >
          {delivery.error_id}
        </code>
      </p>
    </div>
  );
}

const LEDGER_TONES = { recorded: 'success', not_recorded: 'warning', unknown: 'neutral' } as const;

/** Whether the ledger has what this delivery would have recorded (a later delivery brought it). */
function Ledger({ delivery }: { delivery: RejectedDelivery }) {
  const { t } = useTranslation();
  const { state, shopify_id: id, order_number: number } = delivery.ledger;
  const refund = delivery.topic === 'refunds/create';
  const hint =
    state === 'unknown'
      ? t('manager.overview.deliveries.ledger.unknown_hint')
      : state === 'recorded'
        ? refund
          ? t('manager.overview.deliveries.ledger.recorded_refund', { id })
          : t('manager.overview.deliveries.ledger.recorded_order', { number: number ?? id })
        : refund
          ? t('manager.overview.deliveries.ledger.not_recorded_refund', { id })
          : t('manager.overview.deliveries.ledger.not_recorded_order', { id });
  return (
    <div className="min-w-0" data-testid="delivery-ledger" data-state={state}>
      <Chip tone={LEDGER_TONES[state]}>{t(`manager.overview.deliveries.ledger.${state}`)}</Chip>
      <p className="mt-1 text-xs break-words text-muted">{hint}</p>
    </div>
  );
}

/** The payload as the store sent it (read when opened), pretty-printed, scrolling in its own box. */
function PayloadPanel({ delivery, id }: { delivery: RejectedDelivery; id: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const query = useDeliveryPayload(delivery.id, true);
  useSignOutOnUnauthorized(query.error);
  const payload = query.data;
  return (
    <div id={id} data-testid="delivery-payload">
      {query.isPending ? (
        <SkeletonLines lines={4} />
      ) : !payload ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
          {t('manager.overview.deliveries.payload_failed')}
          <button type="button" className="link" onClick={() => void query.refetch()}>
            {t('manager.shell.retry')}
          </button>
        </p>
      ) : (
        <>
          <ul className="mb-2 space-y-0.5 text-xs text-muted">
            {payload.format === 'text' ? <li>{t('manager.overview.deliveries.payload_text')}</li> : null}
            {payload.hidden > 0 ? (
              <li data-testid="delivery-payload-hidden">
                {t('manager.overview.deliveries.payload_hidden', {
                  count: payload.hidden,
                  formatted: f.number(payload.hidden),
                })}
              </li>
            ) : null}
            {payload.truncated ? (
              <li data-testid="delivery-payload-truncated">
                {t('manager.overview.deliveries.payload_truncated', {
                  shown: f.number(payload.text.length),
                  total: f.number(payload.length),
                })}
              </li>
            ) : null}
          </ul>
          {/* Focusable, so the keyboard scrolls it; its own dark box in both themes, as code is. */}
          <pre
            tabIndex={0}
            aria-label={t('manager.overview.deliveries.payload_label', { id: delivery.delivery_id })}
            className="max-h-96 overflow-auto rounded-lg bg-stone-950 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-stone-100 ring-1 ring-stone-800 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none sm:p-4"
            data-testid="delivery-payload-text"
          >
            {payload.text}
          </pre>
        </>
      )}
    </div>
  );
}

function PayloadToggle({
  open,
  onToggle,
  panelId,
}: {
  open: boolean;
  onToggle: () => void;
  panelId: string;
}) {
  const { t } = useTranslation();
  return (
    <OpenToggle open={open} onToggle={onToggle} controls={panelId} testId="delivery-payload-toggle">
      {open ? t('manager.overview.deliveries.hide_payload') : t('manager.overview.deliveries.show_payload')}
    </OpenToggle>
  );
}

interface RowProps {
  delivery: RejectedDelivery;
  open: boolean;
  onToggle: () => void;
}

function DeliveryRow({ delivery, open, onToggle }: RowProps) {
  const when = useDateTime();
  const td = tableCell.body;
  const panelId = `delivery-payload-${delivery.id}`;
  return (
    <Fragment>
      <tr data-testid="delivery-row" className={openRowClass(open)}>
        <td className={`${td} whitespace-nowrap text-stone-700 dark:text-stone-300`}>
          <time dateTime={delivery.received_at}>{when(delivery.received_at)}</time>
        </td>
        {/* The payload opens from the delivery's own cell: a column of its own would take the
            width the reason needs. */}
        <td className={`${td} w-72 max-w-72`}>
          <Topic delivery={delivery} />
          <Origin delivery={delivery} />
          <div className="mt-2.5">
            <PayloadToggle open={open} onToggle={onToggle} panelId={panelId} />
          </div>
        </td>
        <td className={`${td} min-w-64`}>
          <Reason delivery={delivery} />
        </td>
        <td className={`${td} w-56 min-w-48`}>
          <Ledger delivery={delivery} />
        </td>
      </tr>
      {open ? (
        <OpenedRow colSpan={4}>
          <PayloadPanel delivery={delivery} id={panelId} />
        </OpenedRow>
      ) : null}
    </Fragment>
  );
}

function DeliveryCard({ delivery, open, onToggle }: RowProps) {
  const when = useDateTime();
  const panelId = `delivery-payload-${delivery.id}`;
  return (
    <li className={listCardClass} data-testid="delivery-row">
      <div className="flex items-start justify-between gap-3">
        <Topic delivery={delivery} />
        <time dateTime={delivery.received_at} className="shrink-0 text-xs text-muted">
          {when(delivery.received_at)}
        </time>
      </div>
      <Origin delivery={delivery} />
      <div className="mt-3 border-t border-stone-100 pt-3 dark:border-stone-800">
        <Reason delivery={delivery} />
      </div>
      <div className="mt-3">
        <Ledger delivery={delivery} />
      </div>
      <div className="mt-3">
        <PayloadToggle open={open} onToggle={onToggle} panelId={panelId} />
      </div>
      {open ? (
        <OpenedPanel>
          <PayloadPanel delivery={delivery} id={panelId} />
        </OpenedPanel>
      ) : null}
    </li>
  );
}

// ---------------------------------------------------------------------------------------------
// The page

export function DeliveriesPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.manager_deliveries');
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readQuery(params), [params]);
  const list = useRejectedDeliveries(query);
  useSignOutOnUnauthorized(list.error);
  const open = useOpenRows();

  const update = useCallback(
    (change: Partial<Filters> & { page?: number }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of ['topic', 'from', 'to'] as const) {
            if (!(key in change)) continue;
            const value = change[key];
            if (value) next.set(key, value);
            else next.delete(key);
          }
          settleFilterParams(next, change);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const goTo = useCallback((page: number) => update({ page }), [update]);
  const data = list.data;
  useBackInRange(data, query.page, goTo);

  const rowProps = (delivery: RejectedDelivery): RowProps => ({
    delivery,
    open: open.isOpen(delivery.id),
    onToggle: () => open.toggle(delivery.id),
  });
  const filtered = Boolean(query.topic || query.from || query.to);

  return (
    <>
      <NeedsALookHeading title={title} lead={t('manager.overview.deliveries.lead')} />
      <FiltersCard query={query} onChange={update} />
      <PagedSection
        id="deliveries-results"
        title={t('manager.overview.deliveries.caption')}
        total={
          data
            ? t('manager.overview.deliveries.results', { count: data.total, formatted: f.number(data.total) })
            : null
        }
        page={data ? { current: data.current_page, last: data.last_page } : null}
        onPage={goTo}
        busy={list.isFetching}
        placeholder={list.isPlaceholderData}
        pagerLabel={t('manager.overview.deliveries.pages_label')}
        testPrefix="deliveries"
        className="mt-2"
      >
        <ListResults
          query={list}
          testPrefix="deliveries"
          failedTitle={t('manager.overview.deliveries.load_failed')}
          empty={
            filtered
              ? {
                  icon: 'search',
                  title: t('manager.overview.deliveries.empty_filtered'),
                  body: t('manager.overview.deliveries.empty_filtered_body'),
                }
              : {
                  icon: 'check',
                  title: t('manager.overview.deliveries.empty_title'),
                  body: t('manager.overview.deliveries.empty_body'),
                }
          }
          rows={(rows) => ({
            table: (
              <ListTable
                caption={t('manager.overview.deliveries.caption')}
                testId="deliveries-table"
                columns={(['received', 'delivery', 'reason', 'ledger'] as const).map((key) => ({
                  key,
                  header: t(`manager.overview.deliveries.columns.${key}`),
                }))}
              >
                {rows.map((delivery) => (
                  <DeliveryRow key={delivery.id} {...rowProps(delivery)} />
                ))}
              </ListTable>
            ),
            cards: (
              <ListCards label={t('manager.overview.deliveries.caption')}>
                {rows.map((delivery) => (
                  <DeliveryCard key={delivery.id} {...rowProps(delivery)} />
                ))}
              </ListCards>
            ),
          })}
        />
      </PagedSection>
    </>
  );
}
