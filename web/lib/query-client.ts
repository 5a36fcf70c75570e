// TanStack Query wired to the data-error rules of docs/product/errors-and-languages.md#error-catalogue: every failing query (and every
// mutation that does not handle its own errors, e.g. sign-in) goes through handleDataError.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, handleDataError, isUnauthorized } from './api';
import { isAlertOpen, showAlert } from './alert-store';
import { i18n } from './i18n';
import { clearStorageForLogout, signInPath } from './session';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `handlesErrors`: the caller shows its own errors (sign-in, forms with field messages);
     * `partnerSession`: even so, a 401 ends the partner session (account forms).
     */
    mutationMeta: { handlesErrors?: boolean; partnerSession?: boolean };
    /**
     * `handlesErrors`: the query's component shows its own errors (staff area, link landings);
     * `worded`: the answer holds words the server wrote in the interface's language, read again
     * when the language changes (docs/decisions/069-notification-words.md).
     */
    queryMeta: { handlesErrors?: boolean; worded?: boolean };
  }
}

export interface QueryClientDeps {
  navigate: (path: string) => void;
}

/**
 * docs/product/partner-portal.md#session: forget the session and every cached list, clear local storage (the theme and
 * language preferences and the separate staff session stay), then go to /login.
 */
export function endSession(
  queryClient: QueryClient,
  navigate: (path: string) => void,
  comeBack = false,
): void {
  clearStorageForLogout();
  queryClient.clear();
  // After a 401, signing in again comes back to the page it ended (the alert already says why).
  navigate(comeBack ? signInPath(window.location) : '/login');
}

export function createQueryClient({ navigate }: QueryClientDeps): QueryClient {
  const deps = {
    t: i18n.t,
    isAlertOpen,
    showAlert: (content: Parameters<typeof showAlert>[0]) => showAlert(content),
    endSession: () => endSession(queryClient, navigate, true),
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesErrors) handleDataError(error, deps);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const meta = mutation.meta;
        if (!meta?.handlesErrors || (meta.partnerSession && isUnauthorized(error)))
          handleDataError(error, deps);
      },
    }),
    defaultOptions: {
      queries: {
        // Lists are fetched once (docs/product/partner-portal.md#data-loading); a client error will not fix itself by retrying.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
      },
    },
  });
  i18n.on('languageChanged', () => rereadWorded(queryClient));
  return queryClient;
}

/** Answers worded in the old language are read again in the new one; those on screen at once. */
export function rereadWorded(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.worded === true });
}
