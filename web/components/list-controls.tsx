// Above a partner's list (docs/product/partner-portal.md#tables): its dates (all time, this month, last
// month, the last 90 days, or two days of the partner's choosing), its rows per page, and the
// Download CSV button that saves every row of those dates, not only the page shown. The state
// lives in the address (lib/list-params.ts); the file is fetched with the partner's bearer and
// handed to the browser as a download (lib/download.ts).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LIST_EXPORT_MAX,
  LIST_RANGES,
  LIST_SIZES,
  type ListRange,
  type ListSize,
} from '../../common/list-range';
import { downloadFile } from '../lib/download';
import { useFormatters } from '../lib/format';
import type { ListParamsApi } from '../lib/list-params';
import { inputClass, Spinner } from './form';
import { Icon } from './icons';

const controlClass = `${inputClass} min-h-10 border-stone-300 py-2 dark:border-stone-700`;

/** The address of a list's file with the range's query. */
export function exportUrl(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The two days of a custom range; the address changes only once they are in order. */
function CustomDays({ list, id, testPrefix }: { list: ListParamsApi; id: string; testPrefix: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ from: list.from ?? '', to: list.to ?? '' });
  const [seen, setSeen] = useState(`${list.from ?? ''}|${list.to ?? ''}`);
  // Back, Forward or a link changed the days: the fields follow.
  const current = `${list.from ?? ''}|${list.to ?? ''}`;
  if (current !== seen) {
    setSeen(current);
    setDraft({ from: list.from ?? '', to: list.to ?? '' });
  }
  const wrongOrder = draft.from !== '' && draft.to !== '' && draft.from > draft.to;
  const change = (next: { from: string; to: string }) => {
    setDraft(next);
    if (next.from !== '' && next.to !== '' && next.from > next.to) return;
    list.setRange('custom', { from: next.from || null, to: next.to || null });
  };
  const errorId = `${id}-order`;
  return (
    <>
      <div className="min-w-0">
        <label htmlFor={`${id}-from`} className="mb-1 block text-xs font-semibold text-muted">
          {t('lists.from')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => change({ ...draft, from: event.target.value })}
          className={controlClass}
          aria-invalid={wrongOrder || undefined}
          aria-describedby={wrongOrder ? errorId : undefined}
          data-testid={`${testPrefix}-from`}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-to`} className="mb-1 block text-xs font-semibold text-muted">
          {t('lists.to')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => change({ ...draft, to: event.target.value })}
          className={controlClass}
          aria-invalid={wrongOrder || undefined}
          aria-describedby={wrongOrder ? errorId : undefined}
          data-testid={`${testPrefix}-to`}
        />
      </div>
      {wrongOrder ? (
        <p
          id={errorId}
          role="alert"
          className="col-span-full text-sm text-red-700 sm:order-last sm:basis-full dark:text-red-400"
          data-testid={`${testPrefix}-range-error`}
        >
          {t('lists.range_order')}
        </p>
      ) : null}
    </>
  );
}

/** The Download CSV button, its hint, and what went wrong if the file did not come. */
function DownloadCsv({
  path,
  query,
  fileName,
  total,
  testPrefix,
}: {
  path: string;
  query: Record<string, string | undefined>;
  fileName: string;
  total: number | null;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const max = f.number(LIST_EXPORT_MAX);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadFile(exportUrl(path, query), 'user', fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex min-w-0 flex-col items-start gap-1 sm:ml-auto sm:max-w-xs sm:items-end">
      <button
        type="button"
        className="btn-secondary min-h-10 px-4 whitespace-nowrap"
        onClick={() => void download()}
        disabled={busy || total === 0}
        aria-busy={busy || undefined}
        aria-describedby={hintId}
        title={t('lists.download_hint', { max })}
        data-testid={`${testPrefix}-csv`}
      >
        {busy ? <Spinner /> : <Icon name="download" width={16} height={16} />}
        {t('lists.download')}
      </button>
      <p id={hintId} className="text-xs text-muted sm:text-right" data-testid={`${testPrefix}-csv-hint`}>
        {total !== null && total > LIST_EXPORT_MAX
          ? t('lists.download_capped', { max })
          : t('lists.download_hint', { max })}
      </p>
      {failed ? (
        <p
          role="alert"
          className="text-sm text-red-700 dark:text-red-400"
          data-testid={`${testPrefix}-csv-error`}
        >
          {t('lists.download_failed')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A list's dates, rows per page and CSV download. `exportPath` is the list's file
 * (`/api/exports/<list>.csv`); `total` the rows of the range, once known.
 */
export function ListControls({
  list,
  listName,
  exportPath,
  fileName,
  total,
  testPrefix,
}: {
  list: ListParamsApi;
  /** The list's caption, for the filters' label. */
  listName: string;
  exportPath: string;
  fileName: string;
  total: number | null;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const rangeValue: ListRange | 'all' = list.range ?? 'all';
  return (
    <div
      role="group"
      aria-label={t('lists.filters', { list: listName })}
      className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between"
      data-testid={`${testPrefix}-controls`}
    >
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start">
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <label htmlFor={`${id}-range`} className="mb-1 block text-xs font-semibold text-muted">
            {t('lists.range')}
          </label>
          <select
            id={`${id}-range`}
            value={rangeValue}
            onChange={(event) => {
              const value = event.target.value;
              list.setRange(value === 'all' ? null : (value as ListRange));
            }}
            className={controlClass}
            data-testid={`${testPrefix}-range`}
          >
            <option value="all">{t('lists.ranges.all')}</option>
            {LIST_RANGES.map((range) => (
              <option key={range} value={range}>
                {t(`lists.ranges.${range}`)}
              </option>
            ))}
          </select>
        </div>
        {list.range === 'custom' ? <CustomDays list={list} id={id} testPrefix={testPrefix} /> : null}
        <div className="min-w-0">
          <label htmlFor={`${id}-size`} className="mb-1 block text-xs font-semibold text-muted">
            {t('lists.size')}
          </label>
          <select
            id={`${id}-size`}
            value={list.size}
            onChange={(event) => list.setSize(Number(event.target.value) as ListSize)}
            className={controlClass}
            data-testid={`${testPrefix}-size`}
          >
            {LIST_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DownloadCsv
        path={exportPath}
        query={list.rangeQuery as Record<string, string | undefined>}
        fileName={fileName}
        total={total}
        testPrefix={testPrefix}
      />
    </div>
  );
}
