import { useTranslation } from 'react-i18next';
import { AppLink } from '../lib/navigation';

export function PublicFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mx-auto w-full max-w-6xl px-4 py-6 text-sm text-stone-600 sm:px-6 dark:text-stone-400">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>{t('footer.copyright', { year })}</p>
        <nav aria-label={t('footer.links')}>
          <ul className="flex gap-4">
            <li>
              <AppLink to="/terms" className="hover:text-stone-900 hover:underline dark:hover:text-white">
                {t('footer.terms')}
              </AppLink>
            </li>
            <li>
              <AppLink to="/policy" className="hover:text-stone-900 hover:underline dark:hover:text-white">
                {t('footer.policy')}
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
