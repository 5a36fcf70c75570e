import { useTranslation } from 'react-i18next';

/** The first stop of the keyboard on every page: straight to the page's main content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-[80] rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('shell.skip_to_content')}
    </a>
  );
}
