// /manager/audit: every staff change across the back office (docs/product/back-office.md#audit-log), newest first: who,
// when, what, and what it was before and after. The filters and the page live in the URL
// (?actor=&entity=&entity_id=&action=&from=&to=&page=), so a reload or a shared link shows the
// same changes. Each line opens to a readable diff of its before and after.
import { Fragment, useCallback, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { splitAction } from '../../../../common/audit';
import { Icon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { PageHeading } from '../../../components/PageHeading';
import { useFormatters, useDateTime } from '../../../lib/format';
import { STAFF_ROLES, type StaffRole } from '../../../../common/staff-roles';
import {
  ClearFilters,
  DayRangeFields,
  FilterField,
  filterControlClass,
  settleFilterParams,
} from '../time-range-filter';
import {
  useAuditFacets,
  useAuditLog,
  type AuditActor,
  type AuditFacets,
  type AuditLine,
  type AuditQuery,
} from './audit-api';
import { AuditDiff } from '../../../components/staff/AuditDiff';
import { useAuditWords } from '../../../components/staff/audit-words';
import { useSectionAccess, useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell } from '../../../components/table';
import { ListCards, listCardClass } from '../../../components/staff/table-or-cards';
import { OpenedPanel, OpenedRow, openRowClass, OpenToggle, useOpenRows } from '../../../components/open-rows';
import { PagedSection, useBackInRange } from '../../../components/paged-section';
import { ListResults } from '../../../components/staff/list-results';
import { isDay } from '../day-range';

type Filters = Omit<AuditQuery, 'page'>;
type FilterChange = Partial<Filters>;

const NAME = /^[A-Za-z0-9_.-]+$/;
const nameParam = (value: string | null, max: number) =>
  value && value.length <= max && NAME.test(value) ? value : null;

/** The filters and page the URL holds; anything malformed is left out. */
function readQuery(params: URLSearchParams): AuditQuery {
  const actor = params.get('actor');
  const entity = nameParam(params.get('entity'), 40);
  const entityId = params.get('entity_id');
  return {
    actor: actor && /^\d{1,9}$/.test(actor) && Number(actor) > 0 ? Number(actor) : null,
    entity,
    entityId: entity && entityId && entityId.length <= 64 ? entityId : null,
    action: nameParam(params.get('action'), 60),
    from: isDay(params.get('from')) ? params.get('from') : null,
    to: isDay(params.get('to')) ? params.get('to') : null,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

const hasFilters = (q: Filters) => Boolean(q.actor || q.entity || q.action || q.from || q.to);

/** The page of the item a line changed, if it has one (and it still exists). */
function itemPath(line: AuditLine): string | null {
  const { verb } = splitAction(line.action);
  const number = /^\d{1,10}$/.test(line.entity_id);
  switch (line.entity) {
    case 'partner':
      return line.partner ? `/manager/partners/${encodeURIComponent(line.partner.uuid)}` : null;
    case 'payout':
      return number ? `/manager/payouts/${line.entity_id}` : null;
    case 'challenge':
      return number && verb !== 'delete' ? `/manager/challenges/${line.entity_id}` : null;
    case 'promotion':
      return verb === 'delete' ? null : '/manager/promotions';
    case 'announcement':
      return verb === 'delete' ? null : '/manager/announcements';
    case 'custom':
      return verb === 'delete' ? null : '/manager/notifications';
    case 'claim':
      return '/manager/survey/claims';
    case 'staff':
      return '/manager/staff';
    case 'subpartner':
      return number ? `/manager/subpartners/${line.entity_id}` : null;
    case 'settings':
      return '/manager/settings';
    default:
      return null;
  }
}

/** Links only to pages the staff member's role opens, in sections that exist. */
function useOpenable() {
  const opens = useSectionAccess();
  return useCallback((path: string | null) => (path && opens(path) ? path : null), [opens]);
}

function useRoleName() {
  const { t } = useTranslation();
  return (role: string) =>
    STAFF_ROLES.includes(role as StaffRole) ? t(`manager.roles.${role as StaffRole}`) : role;
}

// ---------------------------------------------------------------------------------------------
// Filters

function FiltersCard({
  query,
  facets,
  onChange,
}: {
  query: Filters;
  facets: AuditFacets | undefined;
  onChange: (change: FilterChange) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const words = useAuditWords(facets?.actors);
  const roleName = useRoleName();
  const actors: AuditActor[] = facets?.actors ?? [];
  const entities = useMemo(
    () => [...(facets?.entities ?? [])].sort((a, b) => words.entity(a).localeCompare(words.entity(b))),
    [facets, words],
  );
  // The actions of the chosen entity, else all of them grouped by entity.
  const groups = useMemo(() => {
    const byEntity = new Map<string, string[]>();
    for (const action of facets?.actions ?? []) {
      const { entity } = splitAction(action);
      if (query.entity && entity !== query.entity) continue;
      byEntity.set(entity, [...(byEntity.get(entity) ?? []), action]);
    }
    return [...byEntity.entries()].sort(([a], [b]) => words.entity(a).localeCompare(words.entity(b)));
  }, [facets, query.entity, words]);
  // A value the URL names that the lists do not (yet) hold is still shown as chosen.
  const missing = (value: string | number | null, known: readonly (string | number)[]) =>
    value !== null && !known.includes(value) ? <option value={String(value)}>{String(value)}</option> : null;

  return (
    <section
      aria-label={t('manager.audit.filters_label')}
      className="card mb-5 p-4 sm:p-5"
      data-testid="audit-filters"
    >
      {/* Phones: a filter a line, the two days side by side. Wide screens: who, what item and
          which action on a row (the actions' words are the longest), the days below. */}
      <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-4">
        <FilterField id={`${id}-actor`} label={t('manager.audit.actor')} span="col-span-2 lg:col-span-1">
          <select
            id={`${id}-actor`}
            value={query.actor ?? ''}
            onChange={(event) => onChange({ actor: event.target.value ? Number(event.target.value) : null })}
            className={filterControlClass}
            data-testid="audit-filter-actor"
          >
            <option value="">{t('manager.audit.any_actor')}</option>
            {missing(
              query.actor,
              actors.map((a) => a.id),
            )}
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name} ({roleName(actor.role)})
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id={`${id}-entity`} label={t('manager.audit.entity')} span="col-span-2 lg:col-span-1">
          <select
            id={`${id}-entity`}
            value={query.entity ?? ''}
            onChange={(event) => onChange({ entity: event.target.value || null })}
            className={filterControlClass}
            data-testid="audit-filter-entity"
          >
            <option value="">{t('manager.audit.any_entity')}</option>
            {missing(query.entity, entities)}
            {entities.map((entity) => (
              <option key={entity} value={entity}>
                {words.entity(entity)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id={`${id}-action`} label={t('manager.audit.action')} span="col-span-2">
          <select
            id={`${id}-action`}
            value={query.action ?? ''}
            onChange={(event) => onChange({ action: event.target.value || null })}
            className={filterControlClass}
            data-testid="audit-filter-action"
          >
            <option value="">{t('manager.audit.any_action')}</option>
            {missing(
              query.action,
              groups.flatMap(([, actions]) => actions),
            )}
            {groups.length === 1
              ? groups[0]![1].map((action) => (
                  <option key={action} value={action}>
                    {words.action(action)}
                  </option>
                ))
              : groups.map(([entity, actions]) => (
                  <optgroup key={entity} label={words.entity(entity)}>
                    {actions.map((action) => (
                      <option key={action} value={action}>
                        {words.action(action)}
                      </option>
                    ))}
                  </optgroup>
                ))}
          </select>
        </FilterField>
        <DayRangeFields
          id={id}
          range={query}
          onChange={onChange}
          labels={{ from: t('manager.audit.from'), to: t('manager.audit.to') }}
          testPrefix="audit"
        />
        {hasFilters(query) ? (
          <ClearFilters
            className="col-span-2 lg:flex lg:min-h-10 lg:items-center"
            onClear={() =>
              onChange({ actor: null, entity: null, entityId: null, action: null, from: null, to: null })
            }
            testId="audit-clear"
          >
            {t('manager.audit.clear')}
          </ClearFilters>
        ) : null}
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Lines

interface LineProps {
  line: AuditLine;
  open: boolean;
  onToggle: () => void;
  /** Shows that item's whole history; null when the list already is it. */
  onHistory: (() => void) | null;
  facets: AuditFacets | undefined;
}

/** Who made the change: their name, and their role as it is now; or the server's command line. */
function Actor({ actor, commandLine }: { actor: AuditActor | null; commandLine: boolean }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  // No staff account: the operator ran `npm run staff` on the server (the line says `via`).
  if (!actor && commandLine)
    return (
      <span className="font-medium text-stone-900 dark:text-white" data-testid="audit-actor-command-line">
        {t('manager.audit.command_line')}
      </span>
    );
  if (!actor)
    return (
      <span className="text-stone-500 italic dark:text-stone-400">{t('manager.audit.former_staff')}</span>
    );
  return (
    <span className="block min-w-0">
      <span className="block font-medium text-stone-900 dark:text-white">{actor.name}</span>
      <span className="block max-w-56 truncate text-xs text-muted" title={actor.email}>
        {roleName(actor.role)} · {actor.email}
      </span>
    </span>
  );
}

/** What was changed, linked to its page where it has one, and the partner it concerns. */
function Item({ line, facets }: { line: AuditLine; facets: AuditFacets | undefined }) {
  const { t } = useTranslation();
  const words = useAuditWords(facets?.actors);
  const openable = useOpenable();
  const label = words.item(line);
  const path = openable(itemPath(line));
  const partnerPath =
    line.partner && line.entity !== 'partner'
      ? openable(`/manager/partners/${encodeURIComponent(line.partner.uuid)}`)
      : null;
  return (
    <span className="block min-w-0">
      {path ? (
        <Link to={path} className="link break-words" data-testid="audit-item-link">
          {label}
        </Link>
      ) : (
        <span className="break-words text-stone-800 dark:text-stone-200">{label}</span>
      )}
      {line.partner && line.entity !== 'partner' ? (
        <span className="mt-0.5 block text-xs text-muted">
          {partnerPath ? (
            <Link
              to={partnerPath}
              className="hover:underline"
              aria-label={t('manager.audit.open_partner', { name: line.partner.name })}
              data-testid="audit-partner-link"
            >
              {line.partner.name}
            </Link>
          ) : (
            line.partner.name
          )}
        </span>
      ) : null}
    </span>
  );
}

function ToggleButton({
  open,
  onToggle,
  controls,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
}) {
  const { t } = useTranslation();
  return (
    <OpenToggle open={open} onToggle={onToggle} controls={controls} testId="audit-toggle">
      {open ? t('manager.audit.hide_changes') : t('manager.audit.show_changes')}
    </OpenToggle>
  );
}

/** The diff of an open line, and the way to that item's whole history. */
function Details({ line, onHistory, id }: { line: AuditLine; onHistory: (() => void) | null; id: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} data-testid="audit-details">
      <AuditDiff before={line.before} after={line.after} partner={line.partner} />
      {onHistory ? (
        <button
          type="button"
          className="link mt-3 inline-flex items-center gap-1 text-sm"
          onClick={onHistory}
          data-testid="audit-item-history"
        >
          <Icon name="history" width={16} height={16} />
          {t('manager.audit.item_history')}
        </button>
      ) : null}
    </div>
  );
}

function LineRow({ line, open, onToggle, onHistory, facets }: LineProps) {
  const words = useAuditWords(facets?.actors);
  const when = useDateTime();
  const detailsId = `audit-details-${line.id}`;
  const td = tableCell.body;
  return (
    <Fragment>
      <tr data-testid="audit-row" data-action={line.action} className={openRowClass(open)}>
        <td className={`${td} whitespace-nowrap text-stone-700 dark:text-stone-300`}>
          <time dateTime={line.created_at}>{when(line.created_at)}</time>
        </td>
        <td className={td}>
          <Actor actor={line.actor} commandLine={line.after?.via === 'command_line'} />
        </td>
        <td className={`${td} font-medium text-stone-900 dark:text-white`} data-testid="audit-action">
          {words.action(line.action)}
        </td>
        <td className={td}>
          <Item line={line} facets={facets} />
        </td>
        <td className={`${td} text-right`}>
          <ToggleButton open={open} onToggle={onToggle} controls={detailsId} />
        </td>
      </tr>
      {open ? (
        <OpenedRow colSpan={5}>
          <Details line={line} onHistory={onHistory} id={detailsId} />
        </OpenedRow>
      ) : null}
    </Fragment>
  );
}

function LineCard({ line, open, onToggle, onHistory, facets }: LineProps) {
  const words = useAuditWords(facets?.actors);
  const when = useDateTime();
  const detailsId = `audit-details-${line.id}`;
  return (
    <li className={listCardClass} data-testid="audit-row" data-action={line.action}>
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 font-semibold text-stone-900 dark:text-white" data-testid="audit-action">
          {words.action(line.action)}
        </p>
        <time dateTime={line.created_at} className="shrink-0 text-xs text-muted">
          {when(line.created_at)}
        </time>
      </div>
      <div className="mt-1 text-sm">
        <Item line={line} facets={facets} />
      </div>
      <div className="mt-2 text-sm">
        <Actor actor={line.actor} commandLine={line.after?.via === 'command_line'} />
      </div>
      <div className="mt-3">
        <ToggleButton open={open} onToggle={onToggle} controls={detailsId} />
      </div>
      {open ? (
        <OpenedPanel>
          <Details line={line} onHistory={onHistory} id={detailsId} />
        </OpenedPanel>
      ) : null}
    </li>
  );
}

// ---------------------------------------------------------------------------------------------
// The page

export function AuditPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.manager_audit');
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readQuery(params), [params]);
  const log = useAuditLog(query);
  const facets = useAuditFacets();
  useSignOutOnUnauthorized(log.error ?? facets.error);
  const words = useAuditWords(facets.data?.actors);
  const open = useOpenRows();

  // The newest filters, also those set a moment ago and not rendered yet (the router renders a
  // navigation as a transition): two quick changes must not undo each other. A render of an older
  // location while one of ours is on its way does not take it back.
  const latest = useRef(params);
  const pending = useRef<string | null>(null);
  useLayoutEffect(() => {
    const rendered = params.toString();
    if (pending.current !== null && pending.current !== rendered) return;
    pending.current = null;
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (change: FilterChange & { page?: number }) =>
      setParams(
        () => {
          const next = new URLSearchParams(latest.current);
          const put = (key: string, value: string | number | null | undefined) => {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          };
          if ('actor' in change) put('actor', change.actor);
          if ('entity' in change) {
            put('entity', change.entity);
            next.delete('entity_id');
            // An action of another entity finds nothing: it goes with the entity it belongs to.
            const action = next.get('action');
            if (action && change.entity && splitAction(action).entity !== change.entity)
              next.delete('action');
          }
          if ('entityId' in change) put('entity_id', change.entityId);
          if ('action' in change) put('action', change.action);
          if ('from' in change) put('from', change.from);
          if ('to' in change) put('to', change.to);
          settleFilterParams(next, change);
          // The same address again renders nothing: nothing to wait for.
          if (next.toString() !== latest.current.toString()) pending.current = next.toString();
          latest.current = next;
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const goTo = useCallback((page: number) => update({ page }), [update]);
  const data = log.data;
  useBackInRange(data, query.page, goTo);

  const history = (line: AuditLine) =>
    update({
      actor: null,
      action: null,
      from: null,
      to: null,
      entity: line.entity,
      entityId: line.entity_id,
    });

  const filtered = hasFilters(query);
  const total = data
    ? data.total_capped
      ? t('manager.audit.results_capped', { formatted: f.number(data.total) })
      : t('manager.audit.results', { count: data.total, formatted: f.number(data.total) })
    : null;
  const itemFilter =
    query.entity && query.entityId
      ? words.item({
          entity: query.entity,
          entity_id: query.entityId,
          partner: data?.data[0]?.partner ?? null,
        })
      : null;
  const lineProps = (line: AuditLine): LineProps => ({
    line,
    open: open.isOpen(line.id),
    onToggle: () => open.toggle(line.id),
    onHistory: query.entity === line.entity && query.entityId === line.entity_id ? null : () => history(line),
    facets: facets.data,
  });

  return (
    <>
      <PageHeading title={title} lead={t('manager.audit.lead')} />
      <FiltersCard query={query} facets={facets.data} onChange={update} />
      {itemFilter ? (
        <p className="mb-4 flex flex-wrap items-center gap-2" data-testid="audit-item-filter">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-stone-900 py-1 pr-1 pl-3 text-sm font-medium text-white dark:bg-stone-100 dark:text-stone-900">
            {t('manager.audit.only_item', { item: itemFilter })}
            <button
              type="button"
              className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-white/20 dark:hover:bg-stone-900/15"
              aria-label={t('manager.audit.only_item_clear', { item: itemFilter })}
              onClick={() => update({ entityId: null })}
              data-testid="audit-item-filter-clear"
            >
              <Icon name="close" width={14} height={14} />
            </button>
          </span>
        </p>
      ) : null}
      <PagedSection
        id="audit-results"
        title={t('manager.audit.caption')}
        total={total}
        page={data ? { current: data.current_page, last: data.last_page } : null}
        onPage={goTo}
        busy={log.isFetching}
        placeholder={log.isPlaceholderData}
        pagerLabel={t('manager.audit.pages_label')}
        testPrefix="audit"
        className="mt-2"
      >
        {data?.total_capped ? (
          <p className="mb-3 text-sm text-muted" data-testid="audit-capped">
            {t('manager.audit.capped_hint')}
          </p>
        ) : null}
        <ListResults
          query={log}
          testPrefix="audit"
          failedTitle={t('manager.audit.load_failed')}
          empty={
            filtered
              ? {
                  icon: 'search',
                  title: t('manager.audit.empty_filtered'),
                  body: t('manager.audit.empty_filtered_body'),
                }
              : {
                  icon: 'history',
                  title: t('manager.audit.empty_title'),
                  body: t('manager.audit.empty_body'),
                }
          }
          rows={(rows) => ({
            table: (
              <ListTable
                caption={t('manager.audit.caption')}
                testId="audit-table"
                columns={(['when', 'actor', 'action', 'item', 'details'] as const).map((key) => ({
                  key,
                  header:
                    key === 'details' ? (
                      <span className="sr-only">{t('manager.audit.columns.details')}</span>
                    ) : (
                      t(`manager.audit.columns.${key}`)
                    ),
                }))}
              >
                {rows.map((line) => (
                  <LineRow key={line.id} {...lineProps(line)} />
                ))}
              </ListTable>
            ),
            cards: (
              <ListCards label={t('manager.audit.caption')}>
                {rows.map((line) => (
                  <LineCard key={line.id} {...lineProps(line)} />
                ))}
              </ListCards>
            ),
          })}
        />
      </PagedSection>
    </>
  );
}
