// Marketplace imports (issue 13, decisions §6; managers and admins): the upload of an Associates
// report, the past imports and one import's rejected lines. Queries live under
// ['manager', 'marketplace'], so signing out forgets them; the reasons come in the reader's
// language, so the language is part of each key. Errors are shown by the page itself (a staff 401
// must not end the partner's session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_TYPES } from '../../../../common/marketplace-report';
import { api, ApiError, type ApiErrorBody } from '../../../lib/api';
import { currentLocale } from '../../../lib/i18n';
import { getValidManagerToken } from '../../../lib/session';
import { startUpdating } from '../../../lib/updating-store';

export interface ImportSummary {
  id: number;
  filename: string;
  created_at: string;
  /** The staff member who uploaded it; null when not recorded (a script, a gone account). */
  imported_by: { id: number; name: string; email: string } | null;
  rows_imported: number;
  duplicates_skipped: number;
  rows_rejected: number;
}

export interface RejectedLine {
  line: number;
  /** In the language the request asked for. */
  reason: string;
  code: string;
}

export interface ImportAnswer {
  import_id: number | null;
  /** The same file was imported before: nothing changed, `import` is that earlier import. */
  already_imported: boolean;
  imported: number;
  duplicates: number;
  rejected: RejectedLine[];
  import: ImportSummary;
}

export interface Paged<Row> {
  data: Row[];
  current_page: number;
  per_page: number;
  last_page: number;
  total: number;
}

export type ImportsPage = Paged<ImportSummary>;
export type ImportLinesPage = Paged<RejectedLine> & { import: ImportSummary };

export const IMPORTS_LENGTH = 20;
export const LINES_LENGTH = 50;

export const marketplaceKeys = {
  all: ['manager', 'marketplace'] as const,
  imports: ['manager', 'marketplace', 'imports'] as const,
  list: (page: number, locale: string) =>
    ['manager', 'marketplace', 'imports', 'list', page, locale] as const,
  lines: (id: number, page: number, locale: string) =>
    ['manager', 'marketplace', 'imports', 'lines', id, page, locale] as const,
};

export function useImports(page: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: marketplaceKeys.list(page, i18n.language),
    queryFn: ({ signal }) =>
      api.get<ImportsPage>('/api/manager/marketplace/imports', {
        auth: 'manager',
        signal,
        query: { page, length: IMPORTS_LENGTH },
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

export function useImportLines(id: number, page: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: marketplaceKeys.lines(id, page, i18n.language),
    queryFn: ({ signal }) =>
      api.get<ImportLinesPage>(`/api/manager/marketplace/imports/${id}`, {
        auth: 'manager',
        signal,
        query: { page, length: LINES_LENGTH },
      }),
    // An import never changes once made: its lines are read once.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

/**
 * The type the report goes as: a .csv as comma-separated text (Windows names it a spreadsheet),
 * a type the browser named otherwise (or not at all) as tab-separated text: the file was checked
 * first, and the server reads the separator from the header row whatever the type says.
 */
function reportType(file: File): string {
  if (file.name.toLowerCase().endsWith('.csv')) return 'text/csv';
  return (REPORT_TYPES as readonly string[]).includes(file.type) ? file.type : REPORT_TYPES[0];
}

/** Sends the report's bytes as the request body (not a form), as the server reads it. */
export async function uploadReport(file: File): Promise<ImportAnswer> {
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    'Content-Type': reportType(file),
  });
  const token = getValidManagerToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const query = new URLSearchParams({ filename: file.name.slice(0, 255) });
  const response = await fetch(`/api/manager/marketplace/imports?${query.toString()}`, {
    method: 'PUT',
    headers,
    body: file,
  });
  const text = await response.text();
  let parsed: unknown = text || null;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Not JSON (a proxy's page): the text itself is the message.
  }
  if (!response.ok) {
    if (response.status === 503) startUpdating();
    throw new ApiError(
      response.status,
      response.statusText,
      parsed && typeof parsed === 'object'
        ? (parsed as ApiErrorBody)
        : typeof parsed === 'string'
          ? parsed
          : null,
    );
  }
  return (parsed as { data: ImportAnswer }).data;
}

export function useUploadReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReport,
    // The new import heads the list.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: marketplaceKeys.imports }),
    meta: { handlesErrors: true },
  });
}

/** What a refusal says: the field's message (the report's rule), else the answer's message. */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const field = error.body.errors?.file;
  const first = Array.isArray(field) ? field[0] : field;
  if (typeof first === 'string' && first) return first;
  const message = error.body.message;
  return typeof message === 'string' && message.trim() ? message : null;
}
