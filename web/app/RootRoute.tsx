import { useCallback, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavigationProvider } from '../lib/navigation';
import { scrollToTop } from '../lib/scroll';
import { RegistrationProvider } from '../features/auth/registration-context';
import { SkipLink } from './SkipLink';

/**
 * Wraps every page: the skip link, and the smooth scroll to the top after each page change, but
 * for a link to a part of a page (`/account/profile#address`), which the page brings into view.
 */
export function RootRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigateTo = useCallback((to: string) => void navigate(to), [navigate]);
  useEffect(() => {
    // The address is the new page's by now; its hash names the part the page scrolls to.
    if (!window.location.hash) scrollToTop();
  }, [pathname]);
  return (
    <NavigationProvider value={navigateTo}>
      <SkipLink />
      {/* Above both registration routes: step 1's values survive the move to step 2. */}
      <RegistrationProvider>
        <Outlet />
      </RegistrationProvider>
    </NavigationProvider>
  );
}

/** Shown while the first lazy route group loads. */
export function RootFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center" aria-busy="true">
      <span className="h-10 w-10 animate-pulse rounded-full bg-brand-200 dark:bg-brand-900" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
