import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import type { FullApp } from './app/full-app';
import { CodeLoadError } from './app/CodeLoadError';
import { enterLightSignIn, LightSignIn } from './app/light-sign-in';
import { i18nReady } from './lib/i18n';
import { applyTheme, initialTheme } from './lib/theme';

applyTheme(initialTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The sign-in, the first page of most visits, renders without React Router and the query cache;
// every other page loads the full app (decisions/015).
let routerNavigate: ((to: string) => void) | undefined;
let fullApp: Promise<FullApp> | undefined;
function startFullApp({ keepCurrentPage }: { keepCurrentPage: boolean }) {
  fullApp ??= import('./app/full-app').then(async ({ createFullApp }) => {
    sessionStorage.removeItem(RELOADED_FOR_CODE);
    const app = createFullApp();
    routerNavigate = app.navigate;
    await i18nReady;
    await app.mount(root, { keepCurrentPage });
    return app;
  });
  return fullApp;
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
} else startFullApp({ keepCurrentPage: false }).catch(codeDidNotArrive);
