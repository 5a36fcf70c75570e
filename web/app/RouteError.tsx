import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicFooter } from '../components/PublicFooter';
import { PublicHeader } from '../components/PublicHeader';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { useDocumentTitle } from '../lib/document-title';

/** Route errors: a thrown 404 (e.g. unknown sub-partner) is the 404 page; anything else a calm error page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // Logged for whoever investigates in the console; the page itself says nothing technical.
  console.error(error);
  return <ErrorPage />;
}

function ErrorPage() {
  const { t } = useTranslation();
  const title = t('titles.error');
  useDocumentTitle(title);
  return (
    <div data-layout="error" className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 flex-col items-center justify-center px-4 py-10 text-center"
      >
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-3 max-w-md text-muted">{t('error_page.message')}</p>
        <Link to="/" className="link mt-6">
          {t('error_page.home')}
        </Link>
      </main>
      <PublicFooter />
    </div>
  );
}
