// The audit log's API (docs/product/back-office.md#audit-log): a page of staff changes, filtered, and what the filters
// offer. Every call carries the staff token; queries are under ['manager', 'audit'] so signing
// out forgets them. Errors are shown by the page itself (a staff 401 must not end the partner's
// session).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  auditActor,
  auditFacets,
  auditFacetsAnswer,
  AuditPageAnswer,
  auditLine,
} from '../../../../common/contracts/audit';
import { api } from '../../../lib/api';
import { dayBounds } from '../day-range';
import type { AuditState } from '../../../components/staff/audit-diff';

export type { AuditState };

// The answers' types are the server's schemas (common/contracts/audit.ts), so a page or a test
// fixture that drifts from what the server sends does not compile.
export type AuditActor = z.infer<typeof auditActor>;
export type AuditLine = z.infer<typeof auditLine>;
/** `total_capped`: more lines match than the server counts, so `total` is a floor. */
export type AuditPage = AuditPageAnswer;
export type AuditFacets = z.infer<typeof auditFacets>;

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
      (
        await api.get<z.infer<typeof auditFacetsAnswer>>('/api/manager/audit/facets', {
          auth: 'manager',
          signal,
        })
      ).data,
    staleTime: 60_000,
    meta: { handlesErrors: true },
  });
}
