import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SubpartnerMark, useSubpartner } from '../../components/SubpartnerBrand';
import { SignInSplitFrame } from './SignInSplitFrame';

/**
 * Sign-in layout 1 as a route: the split frame around the page. On a sub-partner's `/{slug}` the
 * brand panel carries its logo, leading to its own `/{slug}` (docs/product/partners-and-accounts.md#white-label-sub-partners).
 */
export function SignInSplitLayout() {
  const { t } = useTranslation();
  const subpartner = useSubpartner();
  const logo = subpartner ? (
    <Link
      to={`/${subpartner.slug}`}
      aria-label={t('subpartner.home_link', { name: subpartner.name ?? subpartner.slug })}
      className="flex w-fit max-w-full items-center rounded-lg text-lg focus-visible:outline-white lg:text-xl"
      data-testid="subpartner-home-link"
    >
      <SubpartnerMark subpartner={subpartner} tone="inverse" />
    </Link>
  ) : undefined;
  return (
    <SignInSplitFrame logo={logo}>
      <Outlet />
    </SignInSplitFrame>
  );
}
