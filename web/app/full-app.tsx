// The whole portal: React Router with the route table, the query cache and every provider. Loaded
// at once for every page but the sign-in, and by the light sign-in shell when the visitor leaves
// it (decisions/015).
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { nextTask } from '../lib/next-task';
import { getStoredToken, isTokenValid } from '../lib/session';
import { prefetchAccountPage } from './account/prefetch-account';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

export interface FullApp {
  navigate: (to: string) => void;
  /**
   * Renders the app into `root`. With `keepCurrentPage` (leaving the light sign-in) it waits until
   * the router has loaded the current page's code and data; without (the first page of a visit)
   * it renders at once, so the page's skeleton replaces the splash while its code arrives.
   */
  mount: (root: Root, options: { keepCurrentPage: boolean }) => Promise<void>;
}

export async function createFullApp(): Promise<FullApp> {
  let prefetched = false;
  // The first account page of the visit: its first figures are asked for while its code loads.
  const prefetch = (pathname: string) => {
    if (prefetched) return;
    prefetched = true;
    // Only a head start: if it fails, the page's own queries ask anyway.
    try {
      prefetchAccountPage(queryClient, pathname);
    } catch {
      // (nothing to do: see above)
    }
  };
  // The query cache sends an expired session to the sign-in through the router, made just below;
  // an answer that came before it waits for it.
  let routerMade: (router: AppRouter) => void = () => {};
  const madeRouter = new Promise<AppRouter>((resolve) => (routerMade = resolve));
  const queryClient = createQueryClient({
    navigate: (path) => void madeRouter.then((router) => router.navigate(path)),
  });
  // A visit that opens an account page with a valid session (what the account's guard lets in):
  // asked for now, before the router is made and has matched the page, which takes a phone
  // 50–200 ms more (docs/performance.md). The guard's hook covers every other way in.
  if (entersAccount(window.location)) prefetch(window.location.pathname);
  // Making the router (the route table, its ranking, the first match) is a phone's 100 ms: a
  // task of its own, apart from the requests above (lib/next-task.ts).
  await nextTask();
  const router = createAppRouter({ onAccountEntered: prefetch });
  routerMade(router);
  const initialized = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  return {
    navigate: (to) => void router.navigate(to),
    mount: async (root, { keepCurrentPage }) => {
      // The page on screen (the light sign-in) stays until the next one is ready, as a
      // navigation within the router would keep it.
      if (keepCurrentPage) await initialized;
      // Not as a transition: rendered in slices, the whole app's first render could be started
      // over by each urgent update meanwhile, and on a slow phone it then stayed on the skeleton
      // for seconds (measured at a sixfold CPU slowdown). The page itself renders as the router's
      // transition once its code is in.
      root.render(
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      );
    },
  };
}

/** An account page opened with a stored valid session, not through the sign-in link (`?token=`). */
function entersAccount(location: Location): boolean {
  if (!/^\/account(\/|$)/.test(location.pathname)) return false;
  if (new URLSearchParams(location.search).has('token')) return false;
  return isTokenValid(getStoredToken());
}
