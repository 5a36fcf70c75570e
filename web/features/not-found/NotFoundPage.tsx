import { PublicFooter } from '../../components/PublicFooter';
import { PublicHeader } from '../../components/PublicHeader';
import { NotFoundContent } from '../../components/NotFoundContent';

/** /404, unknown paths and unknown sub-partners: a friendly page with a way home. */
export function NotFoundPage() {
  return (
    <div data-layout="not-found" className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 py-10">
        <NotFoundContent homeHref="/" />
      </main>
      <PublicFooter />
    </div>
  );
}
