import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './BrandLogo';
import { PreferenceControls } from './PreferenceControls';

/** Logo and the theme/language controls, shared by the public card and document layouts. */
export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
      <Link to="/" aria-label={t('brand.home_link')} className="flex items-center rounded-lg text-lg">
        {/* The mark alone on phones: with the wordmark, the language switch was cut off at 375 px. */}
        <BrandLogo compact />
      </Link>
      <PreferenceControls />
    </header>
  );
}
