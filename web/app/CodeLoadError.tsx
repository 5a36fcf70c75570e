import { i18n } from '../lib/i18n';

/**
 * Shown when the app's code could not be fetched twice in a row (a lost connection, or a release
 * that replaced the hashed files while the page was open): the splash would otherwise stay forever.
 * Plain elements and the i18n instance alone, since the code that failed is what renders the rest.
 */
export function CodeLoadError() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-4 py-10 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{i18n.t('titles.error')}</h1>
      <p className="mt-3 max-w-md text-muted">{i18n.t('error_page.code_failed')}</p>
      <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
        {i18n.t('error_page.reload')}
      </button>
    </main>
  );
}
