import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../common/brand';
import { BrandLogo } from '../../components/BrandLogo';
import { Icon } from '../../components/icons';
import { SubpartnerMark } from '../../components/SubpartnerBrand';
import type { AccountBranding } from '../../lib/account-branding';

const SOCIAL = [
  { key: 'instagram', href: BRAND.social.instagram, labelKey: 'footer.instagram' },
  { key: 'facebook', href: BRAND.social.facebook, labelKey: 'footer.facebook' },
  { key: 'tiktok', href: BRAND.social.tiktok, labelKey: 'footer.tiktok' },
  { key: 'youtube', href: BRAND.social.youtube, labelKey: 'footer.youtube' },
] as const;

// docs/product/partner-portal.md#footer: the privacy policy is the account's own copy (/account/policy),
// so the partner stays in the shell.
const LINKS = [
  { to: '/account/', labelKey: 'footer.home' },
  { to: '/account/sales', labelKey: 'footer.sales' },
  { to: '/account/profile', labelKey: 'footer.settings' },
  { to: '/account/terms', labelKey: 'footer.terms' },
  { to: '/account/policy', labelKey: 'footer.policy' },
] as const;

/**
 * The account's footer. For a partner who registered through a sub-partner, its logo and name,
 * "Powered by Sunbite" beside (docs/product/partners-and-accounts.md#white-label-sub-partners).
 */
export function AccountFooter({ subpartner = null }: { subpartner?: AccountBranding | null } = {}) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-stone-200 bg-white px-4 py-8 sm:px-6 lg:px-10 dark:border-stone-800 dark:bg-stone-900">
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <div className="flex flex-col gap-5 md:flex-row md:items-center md:justify-between">
          {subpartner ? (
            <div className="flex flex-col gap-1.5">
              <SubpartnerMark subpartner={subpartner} />
              <p className="text-xs font-medium text-muted" data-testid="powered-by">
                {t('footer.powered_by', { name: BRAND.name })}
              </p>
            </div>
          ) : (
            <BrandLogo />
          )}
          <nav aria-label={t('footer.links')}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-stone-700 hover:text-brand-700 hover:underline dark:text-stone-300 dark:hover:text-brand-300"
                  >
                    {t(link.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="flex gap-1" aria-label={t('footer.social')}>
            {SOCIAL.map((item) => (
              <li key={item.key}>
                <a
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(item.labelKey)}
                  className="icon-button"
                >
                  <Icon name={item.key} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs leading-relaxed text-muted">{t('footer.disclaimer')}</p>
        <p className="text-xs text-muted">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
