import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Subpartner } from '../lib/subpartner-loader';
import { BrandLogo } from './BrandLogo';
import { PreferenceControls } from './PreferenceControls';
import { SubpartnerMark } from './SubpartnerBrand';

/**
 * Logo and the theme/language controls, shared by the public card and document layouts. On a
 * sub-partner's pages the logo is its own and leads to its `/{slug}`, so a visitor stays in its
 * variant (docs/product/partners-and-accounts.md#white-label-sub-partners).
 */
export function PublicHeader({ subpartner }: { subpartner?: Subpartner | undefined }) {
  const { t } = useTranslation();
  return (
    <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
      {subpartner ? (
        <Link
          to={`/${subpartner.slug}`}
          aria-label={t('subpartner.home_link', { name: subpartner.name ?? subpartner.slug })}
          className="flex min-w-0 items-center rounded-lg text-lg"
          data-testid="subpartner-home-link"
        >
          <SubpartnerMark subpartner={subpartner} compact />
        </Link>
      ) : (
        <Link to="/" aria-label={t('brand.home_link')} className="flex items-center rounded-lg text-lg">
          {/* The mark alone on phones: with the wordmark, the language switch was cut off at 375 px. */}
          <BrandLogo compact />
        </Link>
      )}
      <PreferenceControls />
    </header>
  );
}
