// The audit log's API (docs/product/back-office.md#audit-log): a page of staff changes, filtered, and what the filters
// offer. Every call carries the staff token; queries are under ['manager', 'audit'] so signing
// out forgets them. Errors are shown by the page itself (a staff 401 must not end the partner's
// session).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dayBounds } from '../day-range';
import type { AuditState } from '../../../components/staff/audit-diff';

export interface AuditActor {
  id: number;
  name: string;
  email: string;
  /** The staff member's role as it is now. */
  role: string;
}

export type { AuditState };

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
