// The audit log's API (decisions §11): a page of staff changes, filtered, and what the filters
// offer. Every call carries the staff token; queries are under ['manager', 'audit'] so signing
// out forgets them. Errors are shown by the page itself (a staff 401 must not end the partner's
// session).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface AuditActor {
  id: number;
  name: string;
  email: string;
  /** The staff member's role as it is now. */
  role: string;
}

export type AuditState = Record<string, unknown>;

export interface AuditLine {
  id: number;
  created_at: string;
  /** Null when no staff account made the change (the command line: `after.via`) or it no longer exists. */
  actor: AuditActor | null;
  /** `<entity>.<verb>`, e.g. `promotion.update`. */
  action: string;
  entity: string;
  entity_id: string;
  /** Null for a creation. */
  before: AuditState | null;
  /** Null for a deletion. */
  after: AuditState | null;
  /** The partner the change concerns, when the server can tell. */
  partner: { uuid: string; name: string } | null;
}

export interface AuditPage {
  data: AuditLine[];
  current_page: number;
  per_page: number;
  last_page: number;
  total: number;
  /** More lines match than the server counts: `total` is a floor. */
  total_capped: boolean;
}

export interface AuditFacets {
  actors: AuditActor[];
  actions: string[];
  entities: string[];
}

/** The filters as the URL keeps them: days are the staff member's own days (`YYYY-MM-DD`). */
export interface AuditQuery {
  actor: number | null;
  entity: string | null;
  entityId: string | null;
  action: string | null;
  from: string | null;
  to: string | null;
  page: number;
}

export const AUDIT_LENGTH = 20;

export const auditKeys = {
  all: ['manager', 'audit'] as const,
  list: (query: AuditQuery) => ['manager', 'audit', 'list', query] as const,
  facets: ['manager', 'audit', 'facets'] as const,
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a calendar day (`YYYY-MM-DD`) that exists. */
export function isDay(text: string | null | undefined): text is string {
  const match = text ? DAY.exec(text) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/**
 * The instants a range of local days covers, as the API takes them: the first instant of `from`
 * and the last millisecond of `to`, in the staff member's time zone (a day in Montréal is not a
 * UTC day).
 */
export function dayBounds(from: string | null, to: string | null): { from?: string; to?: string } {
  const start = (day: string, offset: number) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(year, month - 1, date + offset);
  };
  return {
    ...(isDay(from) ? { from: start(from, 0).toISOString() } : {}),
    ...(isDay(to) ? { to: new Date(start(to, 1).getTime() - 1).toISOString() } : {}),
  };
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<AuditPage>('/api/manager/audit', {
        auth: 'manager',
        signal,
        query: {
          actor: query.actor ?? undefined,
          entity: query.entity ?? undefined,
          entity_id: query.entity && query.entityId ? query.entityId : undefined,
          action: query.action ?? undefined,
          ...dayBounds(query.from, query.to),
          page: query.page,
          length: AUDIT_LENGTH,
        },
      }),
    // What staff just changed must show when they come here to check it.
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

export function useAuditFacets() {
  return useQuery({
    queryKey: auditKeys.facets,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: AuditFacets }>('/api/manager/audit/facets', { auth: 'manager', signal })).data,
    staleTime: 60_000,
    meta: { handlesErrors: true },
  });
}
