import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import type { FullApp } from './app/full-app';
import { AccountPageSkeleton } from './app/account/AccountPageSkeleton';
import { askFirstAnswers } from './app/account/first-answers';
import { CodeLoadError } from './app/CodeLoadError';
import { enterLightSignIn, LightSignIn } from './app/light-sign-in';
import { getStoredLocale, i18nReady, loadCatalogPart } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { getStoredToken, isTokenValid } from './lib/session';
import { applyTheme, initialTheme } from './lib/theme';

applyTheme(initialTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

/** Whether a path is one of the signed-in partner's pages (`/account` and below). */
const isAccountPath = (pathname: string) => /^\/account(\/|$)/.test(pathname);

// The sign-in, the first page of most visits, renders without React Router and the query cache;
// every other page loads the full app (decisions/015).
let routerNavigate: ((to: string) => void) | undefined;
let fullApp: Promise<FullApp> | undefined;
let fullAppMounted = false;
function startFullApp({ keepCurrentPage }: { keepCurrentPage: boolean }) {
  // An account page's words (their own part of the catalog) on their way beside the app's code,
  // not after the router has matched the page.
  if (!fullApp && isAccountPath(window.location.pathname)) loadCatalogPart('account').catch(() => {});
  fullApp ??= import('./app/full-app').then(async ({ createFullApp }) => {
    sessionStorage.removeItem(RELOADED_FOR_CODE);
    // The chunk's evaluation, the router's start and the first render each in a task of their
    // own (lib/next-task.ts): together they were one task of about 200 ms on a phone.
    await nextTask();
    const app = await createFullApp();
    routerNavigate = app.navigate;
    await i18nReady;
    await nextTask();
    fullAppMounted = true;
    await app.mount(root, { keepCurrentPage });
    return app;
  });
  return fullApp;
}

/**
 * A visit that opens an account page with a session (or the sign-in link's `?token=`): the page's
 * skeleton, with its title and lead, at once, while the full app's code arrives; the router's
 * fallback then renders the same skeleton in its place. The lead line is the page's largest paint,
 * and this puts it on screen one download earlier (docs/performance.md).
 */
function opensAccountPage(location: Location): boolean {
  if (!isAccountPath(location.pathname)) return false;
  return new URLSearchParams(location.search).has('token') || isTokenValid(getStoredToken());
}

const RELOADED_FOR_CODE = 'reloaded_for_code';
/**
 * A page other than the sign-in whose code did not arrive: loaded afresh once (a release may have
 * replaced the hashed files); a second failure in a row says so instead of leaving the splash.
 */
function codeDidNotArrive() {
  if (sessionStorage.getItem(RELOADED_FOR_CODE)) {
    sessionStorage.removeItem(RELOADED_FOR_CODE);
    void i18nReady.then(() => root.render(<CodeLoadError />));
    return;
  }
  sessionStorage.setItem(RELOADED_FOR_CODE, '1');
  window.location.reload();
}

/** Leaving the light sign-in: the new URL, then the full app renders it. */
function leaveSignIn(to: string) {
  if (routerNavigate) return routerNavigate(to);
  window.history.pushState(null, '', to);
  // If the app's code does not arrive (a dropped connection, a release that replaced it), the
  // browser loads the new location afresh, as a plain link would have.
  startFullApp({ keepCurrentPage: true }).catch(() => window.location.reload());
}

if (enterLightSignIn(window.location, window.history)) {
  // English is bundled and ready at once; a remembered other language first loads its catalog,
  // so no page ever shows in the wrong language.
  void i18nReady.then(() =>
    root.render(
      <StrictMode>
        <LightSignIn
          navigate={leaveSignIn}
          forgotInitiallyOpen={new URLSearchParams(window.location.search).has('forgot')}
        />
      </StrictMode>,
    ),
  );
} else if (opensAccountPage(window.location)) {
  // A long-form page's words are its largest paint: asked for now, not once the app's code is in,
  // and its skeleton shown with them (app/account/first-answers.ts).
  // Not on a sign-in link (`?token=`): the stored session may be another partner's, and the link
  // leads to the dashboard anyway.
  const firstAnswers =
    isTokenValid(getStoredToken()) && !new URLSearchParams(window.location.search).has('token')
      ? askFirstAnswers(window.location, getStoredLocale())
      : Promise.resolve();
  // The full app's code is asked for once the skeleton is committed and on screen: its downloads
  // then do not stand between the first paint and the page's title and lead (a phone's connection
  // is the bottleneck there).
  let renderedAt = 0;
  const shown = () =>
    afterOnScreen(() => void startFullApp({ keepCurrentPage: false }).catch(codeDidNotArrive), renderedAt);
  void Promise.all([i18nReady, firstAnswers]).then(() => {
    if (fullAppMounted) return;
    // From here on, a largest paint is the skeleton's (afterOnScreen).
    renderedAt = performance.now();
    // As a transition: React renders it in slices of a few milliseconds, so the skeleton is not
    // one long task after the framework's evaluation (a phone cannot answer a tap during one).
    // Nothing else updates this root until the full app replaces it.
    startTransition(() =>
      root.render(
        <StrictMode>
          <EntrySkeleton pathname={window.location.pathname} onShown={shown} />
        </StrictMode>,
      ),
    );
  });
} else startFullApp({ keepCurrentPage: false }).catch(codeDidNotArrive);

/** The entry's skeleton of an account page; `onShown` once it is committed. */
function EntrySkeleton({ pathname, onShown }: { pathname: string; onShown: () => void }) {
  // Once: this root renders nothing else until the full app replaces it.
  useEffect(() => onShown(), [onShown]);
  return <AccountPageSkeleton pathname={pathname} search={window.location.search} />;
}

/**
 * `run` once what was rendered from `since` on is on screen: the browser's next largest-paint entry
 * (the skeleton's lead outgrows the splash's brand), which it reports once the frame is presented. A
 * frame's callback comes sooner than that: the frame may still be on its way to the screen, and
 * the full app's evaluation then held it back (measured: the lead presented 130 ms after the app's
 * code was asked for). At most 300 ms (a hidden tab presents nothing); a frame, or at most 100 ms,
 * where the browser does not report largest paints.
 */
function afterOnScreen(run: () => void, since: number) {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    run();
  };
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) once();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(once, 300);
    return;
  }
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}
