import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { scrollToTop } from '../lib/scroll';
import { RegistrationProvider } from '../features/auth/registration-context';

/** Wraps every page: the skip link, and the smooth scroll to the top after each page change. */
export function RootRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    scrollToTop();
  }, [pathname]);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[80] rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('shell.skip_to_content')}
      </a>
      {/* Above both registration routes: step 1's values survive the move to step 2. */}
      <RegistrationProvider>
        <Outlet />
      </RegistrationProvider>
    </>
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
