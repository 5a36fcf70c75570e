// The back office (decisions §1): lazy-loaded so partners never download it. Only its frame
// exists for now; staff sign-in and screens arrive with the back-office issues.
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { PreferenceControls } from '../../components/PreferenceControls';
import { useManagerSignOut } from './ManagerPages';

function ManagerBadge() {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-stone-900 px-2.5 py-1 text-xs font-semibold text-white dark:bg-stone-100 dark:text-stone-900">
      {t('titles.manager')}
    </span>
  );
}

export function ManagerSignInLayout() {
  return (
    <div data-layout="manager-signin" className="flex min-h-dvh flex-col bg-stone-100 dark:bg-stone-950">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <span className="flex items-center gap-3 text-lg">
          <BrandLogo />
          <ManagerBadge />
        </span>
        <PreferenceControls />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center"
      >
        <div className="card w-full max-w-sm p-6 sm:p-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

export function ManagerLayout() {
  const { t } = useTranslation();
  const signOut = useManagerSignOut();
  return (
    <div data-layout="manager" className="flex min-h-dvh flex-col">
      <header className="border-b border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <span className="flex items-center gap-3 text-lg">
            <BrandLogo compact />
            <ManagerBadge />
          </span>
          <div className="flex items-center gap-2">
            <PreferenceControls />
            <button type="button" onClick={signOut} className="btn-secondary min-h-10 px-4 py-1.5" data-testid="manager-sign-out">
              {t('manager.sign_out')}
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
