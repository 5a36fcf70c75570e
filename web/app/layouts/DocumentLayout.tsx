import { Outlet } from 'react-router';
import { PublicFooter } from '../../components/PublicFooter';
import { PublicHeader } from '../../components/PublicHeader';

/** Public long-form documents (terms, privacy policy): a readable column in a card. */
export function DocumentLayout() {
  return (
    <div data-layout="document" className="flex min-h-dvh flex-col">
      <div className="border-b border-stone-200 bg-white/70 dark:border-stone-800 dark:bg-stone-900/70">
        <PublicHeader />
      </div>
      <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <article className="card mx-auto max-w-3xl p-6 sm:p-10">
          <Outlet />
        </article>
      </main>
      <PublicFooter />
    </div>
  );
}
