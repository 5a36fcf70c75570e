// Marketplace imports (issue 13, docs/product/commissions.md#marketplace; managers and admins): the upload of an Associates
// report, the past imports and one import's rejected lines. Queries live under
// ['manager', 'marketplace'], so signing out forgets them; the reasons come in the reader's
// language, so the language is part of each key. Errors are shown by the page itself (a staff 401
// must not end the partner's session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_TYPES } from '../../../../common/marketplace-report';
import type { z } from 'zod';
import type {
  importLinesAnswer,
  importResult,
  importsAnswer,
  importSummary,
  rejectedLine,
} from '../../../../common/contracts/marketplace';
import { api, ApiError, upload } from '../../../lib/api';

// The answers' types are the server's schemas (common/contracts/marketplace.ts).
export type ImportSummary = z.infer<typeof importSummary>;
export type RejectedLine = z.infer<typeof rejectedLine>;
export type ImportAnswer = z.infer<typeof importResult>;
export type ImportsPage = z.infer<typeof importsAnswer>;
export type ImportLinesPage = z.infer<typeof importLinesAnswer>;

export const IMPORTS_LENGTH = 20;
export const LINES_LENGTH = 50;

export const marketplaceKeys = {
  all: ['manager', 'marketplace'] as const,
  imports: ['manager', 'marketplace', 'imports'] as const,
  list: (page: number, locale: string) =>
    ['manager', 'marketplace', 'imports', 'list', page, locale] as const,
  lines: (id: number, page: number, locale: string) =>
    ['manager', 'marketplace', 'imports', 'lines', id, page, locale] as const,
  currency: ['manager', 'marketplace', 'currency'] as const,
};

/** A rate staff set: one unit of `currency` in program units, as a decimal with a point ("0.7312"). */
export interface ReportRate {
  currency: string;
  rate: string;
}

/** What the upload needs of the settings: the program currency and the rates set. */
export interface ReportCurrencies {
  currency: string;
  rates: ReportRate[];
}

/**
 * The program currency and the rates (GET /api/manager/settings/currency, any staff role): a
 * report in another currency is converted at its rate, and refused without one. Read each time
 * the page opens, so a rate just set in the settings is there.
 */
export function useReportCurrencies() {
  return useQuery({
    queryKey: marketplaceKeys.currency,
    queryFn: async ({ signal }): Promise<ReportCurrencies> => {
      const answer = await api.get<{ data: ReportCurrencies }>('/api/manager/settings/currency', {
        auth: 'manager',
        signal,
      });
      return { currency: answer.data.currency, rates: answer.data.rates };
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
    meta: { handlesErrors: true },
  });
}

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

export interface ReportUpload {
  file: File;
  /** The report's currency; the server takes the program's when it is not said. */
  currency?: string | undefined;
}

/** Sends the report's bytes as the request body (not a form), as the server reads it. */
export async function uploadReport({ file, currency }: ReportUpload): Promise<ImportAnswer> {
  const answer = await upload<{ data: ImportAnswer }>('/api/manager/marketplace/imports', file, {
    method: 'PUT',
    auth: 'manager',
    type: reportType(file),
    query: { filename: file.name.slice(0, 255), currency: currency || undefined },
  });
  return answer.data;
}

export function useUploadReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReport,
    // The new import heads the list.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: marketplaceKeys.imports }),
    // A refusal for the currency: its rate may have been removed since the page was opened.
    onError: (error) => {
      if (currencyRefusal(error)) void queryClient.invalidateQueries({ queryKey: marketplaceKeys.currency });
    },
    meta: { handlesErrors: true },
  });
}

/** The first message a refusal gives for `name`, if it names that field. */
function fieldMessage(error: unknown, name: string): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const field = error.body.errors?.[name];
  const first = Array.isArray(field) ? field[0] : field;
  return typeof first === 'string' && first ? first : null;
}

/** What a refusal says: the field's message (the report's rule), else the answer's message. */
export function refusalMessage(error: unknown): string | null {
  const file = fieldMessage(error, 'file');
  if (file) return file;
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const message = error.body.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** What a refusal says of the report's currency (no rate set for it), in the reader's language. */
export function currencyRefusal(error: unknown): string | null {
  return fieldMessage(error, 'currency');
}
