import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { PageHeading } from './PageHeading';

/**
 * /account: the dashboard's widgets and figures arrive with the sales issues. Until then the
 * page greets with the program's promise and links to pages that exist.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const title = t('titles.dashboard');
  useDocumentTitle(title);
  return (
    <>
      <PageHeading title={title} lead={t('pages.dashboard')} />
      <section
        aria-labelledby="dashboard-welcome"
        className="relative isolate overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-800 to-rose-800 p-6 text-white shadow-sm sm:p-8"
      >
        <div
          className="absolute -top-16 -right-16 -z-10 h-56 w-56 rounded-full bg-amber-300/20 blur-2xl"
          aria-hidden="true"
        />
        <h2
          id="dashboard-welcome"
          className="max-w-md text-2xl font-bold tracking-tight text-balance sm:text-3xl"
        >
          {t('brand.tagline')}
        </h2>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to="/account/affiliate_links"
            className="rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-brand-800 shadow-sm hover:bg-orange-50"
          >
            {t('nav.affiliate_links')}
          </Link>
          <Link
            to="/account/crafting_perfect_post"
            className="rounded-full px-5 py-2.5 text-sm font-semibold text-white ring-1 ring-white/60 hover:bg-white/10"
          >
            {t('nav.crafting_perfect_post')}
          </Link>
        </div>
      </section>
    </>
  );
}
