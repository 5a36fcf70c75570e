// The program's currency and time zone (server/modules/settings/program-routes.ts): one currency
// for every amount the API answers (server/modules/settings/currency.ts). The formatters
// (lib/format.ts) write money in the current value when a caller names no currency;
// it is US dollars until `programQuery` has answered. The account shell and the back office ask
// for it as they start (app/account/AccountShell.tsx, features/manager/ManagerLayouts.tsx), and
// every component formatting through `useFormatters` renders again when it changes.
// Only a type from TanStack Query: the formatters import this module, and what /login downloads
// holds no TanStack Query code (scripts/lib/static-graph.test.ts).
import type { UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { program, programAnswer } from '../../common/contracts/settings';
import { api } from './api';

export const DEFAULT_PROGRAM_CURRENCY = 'USD';

// The answer's type is the server's schema (common/contracts/settings.ts).
export type Program = z.infer<typeof program>;

let currency = DEFAULT_PROGRAM_CURRENCY;
const listeners = new Set<() => void>();

/** The currency an amount is written in when its caller names none. */
export const programCurrency = (): string => currency;

/** Sets the current program currency (from `/api/program`; tests set it back). */
export function setProgramCurrency(next: string): void {
  if (next === currency) return;
  currency = next;
  for (const listener of listeners) listener();
}

/** Calls `listener` on every change of the program currency; returns the unsubscribe. */
export function subscribeProgramCurrency(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const PROGRAM_QUERY_KEY = ['program'] as const;

/** `/api/program`, once per visit; its answer becomes the current program currency. */
export const programQuery: UseQueryOptions<Program, Error, Program, typeof PROGRAM_QUERY_KEY> = {
  queryKey: PROGRAM_QUERY_KEY,
  queryFn: async () => {
    const { data } = await api.get<z.infer<typeof programAnswer>>('/api/program', { auth: 'public' });
    setProgramCurrency(data.currency);
    return data;
  },
  staleTime: Infinity,
  gcTime: Infinity,
  // Without an answer the amounts stay in the default currency: no alert over the page.
  meta: { handlesErrors: true },
};
