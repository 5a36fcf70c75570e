import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title';

/** The 404 message, used full-page and inside the account shell. */
export function NotFoundContent({ homeHref = '/account/' }: { homeHref?: string }) {
  const { t } = useTranslation();
  const title = t('titles.not_found');
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-10 text-center" data-testid="not-found">
      <p
        className="bg-gradient-to-br from-brand-600 to-rose-600 bg-clip-text text-7xl font-black tracking-tight text-transparent sm:text-8xl dark:from-brand-400 dark:to-rose-400"
        aria-hidden="true"
      >
        {t('not_found.code')}
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-3 text-muted">{t('not_found.message')}</p>
      <Link
        to={homeHref}
        className="mt-8 inline-flex items-center rounded-full bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 dark:bg-brand-400 dark:text-stone-950 dark:hover:bg-brand-300"
      >
        {t('not_found.home')}
      </Link>
    </div>
  );
}
