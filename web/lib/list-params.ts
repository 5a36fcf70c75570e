// A partner list's page, page size and date range in the address (docs/product/partner-portal.md#tables):
// `?page=2&size=25&range=last_month`, or `range=custom&from=2026-11-01&to=2026-11-30`. A reload,
// a shared link, Back and Forward show the same rows. Defaults stay out of the address (page 1,
// the spec's 5 rows, all time); a value that is not one of them (a size of 7, a range of "soon",
// 30 February, `from` after `to`) reads as the default, never as an error. Each change is a step
// of the history; a change of size or dates goes back to page 1.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  isDay,
  isListRange,
  isListSize,
  LIST_SIZES,
  type ListRange,
  type ListRangeQuery,
  type ListSize,
} from '../../common/list-range';

export interface ListParams {
  page: number;
  size: ListSize;
  /** The range chosen; null is all time. */
  range: ListRange | null;
  /** The custom days (only with `range` custom; either may be open). */
  from: string | null;
  to: string | null;
}

export const DEFAULT_LIST_SIZE: ListSize = LIST_SIZES[0];

/** The list's state as the address holds it, each invalid part read as its default. */
export function readListParams(params: URLSearchParams): ListParams {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const rawSize = Number(params.get('size'));
  const size = isListSize(rawSize) ? rawSize : DEFAULT_LIST_SIZE;
  const rawRange = params.get('range');
  let range: ListRange | null = isListRange(rawRange) ? rawRange : null;
  let from: string | null = null;
  let to: string | null = null;
  if (range === 'custom') {
    const f = params.get('from');
    const t = params.get('to');
    from = isDay(f) ? f : null;
    to = isDay(t) ? t : null;
    // Days the wrong way round are no range (custom without days shows its fields, all time).
    if (from && to && from > to) {
      range = null;
      from = null;
      to = null;
    }
  }
  return { page, size, range, from, to };
}

/** The API's query for a list's range (common/list-range.ts): a preset by name, custom days as such. */
export function rangeQueryOf(list: Pick<ListParams, 'range' | 'from' | 'to'>): ListRangeQuery {
  if (list.range === null) return {};
  if (list.range !== 'custom') return { range: list.range };
  return { ...(list.from ? { from: list.from } : {}), ...(list.to ? { to: list.to } : {}) };
}

export interface ListParamsApi extends ListParams {
  /** The range for the API (empty: all time). */
  rangeQuery: ListRangeQuery;
  setPage: (page: number) => void;
  setSize: (size: ListSize) => void;
  /** A new range (null: all time); custom days with it. Back to page 1. */
  setRange: (range: ListRange | null, days?: { from: string | null; to: string | null }) => void;
}

const LIST_KEYS = ['page', 'size', 'range', 'from', 'to'] as const;

/** The list's state from the address, and the changes that write it there (each one step of the history). */
export function useListParams(): ListParamsApi {
  const [params, setParams] = useSearchParams();
  const key = LIST_KEYS.map((k) => params.get(k) ?? '').join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the list's own parameters, not the whole address
  const list = useMemo(() => readListParams(params), [key]);

  const write = useCallback(
    (next: ListParams) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const k of LIST_KEYS) updated.delete(k);
        if (next.page > 1) updated.set('page', String(next.page));
        if (next.size !== DEFAULT_LIST_SIZE) updated.set('size', String(next.size));
        if (next.range) updated.set('range', next.range);
        if (next.range === 'custom') {
          if (next.from) updated.set('from', next.from);
          if (next.to) updated.set('to', next.to);
        }
        return updated;
      }),
    [setParams],
  );

  const setPage = useCallback((page: number) => write({ ...list, page }), [list, write]);
  const setSize = useCallback((size: ListSize) => write({ ...list, size, page: 1 }), [list, write]);
  const setRange = useCallback(
    (range: ListRange | null, days?: { from: string | null; to: string | null }) =>
      write({
        ...list,
        range,
        from: range === 'custom' ? (days?.from ?? null) : null,
        to: range === 'custom' ? (days?.to ?? null) : null,
        page: 1,
      }),
    [list, write],
  );
  const rangeQuery = useMemo(() => rangeQueryOf(list), [list]);
  return { ...list, rangeQuery, setPage, setSize, setRange };
}
