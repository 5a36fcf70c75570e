// The router, built from the route table of common/routes.ts so paths, layouts and titles have
// one source. Public pages are in the main bundle; the account shell and the back office load
// lazily (the back office is for staff only).
import type { ReactElement } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { ROUTES, type LayoutId } from '../../common/routes';
import { NotFoundContent } from '../features/not-found/NotFoundContent';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { AccountPage } from '../features/pages/AccountPage';
import { ConnectPage } from '../features/pages/ConnectPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { ReferralsPage } from '../features/sales/ReferralsPage';
import { SalesPage } from '../features/sales/SalesPage';
import { PlainPage } from '../features/pages/PlainPage';
import { ProductPage } from '../features/pages/ProductPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterStep1Page } from '../features/auth/RegisterStep1Page';
import { RegisterStep2Page } from '../features/auth/RegisterStep2Page';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { SocialCallbackPage } from '../features/auth/SocialCallbackPage';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';
import { SettingsPage } from '../features/profile/SettingsPage';
import { accountLoader } from '../features/session/account-loader';
import { shouldRevalidateSubpartner, subpartnerLoader } from '../features/subpartner/subpartner-loader';
import { clearSession, getStoredToken, isTokenValid } from '../lib/session';
import { BlankLayout } from './layouts/BlankLayout';
import { DocumentLayout } from './layouts/DocumentLayout';
import { SignInCardLayout } from './layouts/SignInCardLayout';
import { SignInSplitLayout } from './layouts/SignInSplitLayout';
import { RootFallback, RootRoute } from './RootRoute';
import { RouteError } from './RouteError';

type Entry = (typeof ROUTES)[number];

/** `/` (spec point 2): a valid stored token goes to the account, anything else to sign-in. */
export function indexLoader(): Response {
  const auth = getStoredToken();
  if (isTokenValid(auth)) return redirect('/account/');
  if (auth) clearSession();
  return redirect('/login');
}

function pageFor(entry: Entry): ReactElement {
  switch (entry.path) {
    case '/login':
    case '/:subpartner':
    case '/:subpartner/login':
      return <LoginPage titleKey={entry.titleKey} showTagline={entry.layout !== 'signin-1'} />;
    case '/register':
    case '/:subpartner/register':
      return <RegisterStep1Page titleKey={entry.titleKey} />;
    case '/register_step2':
    case '/:subpartner/register_step2':
      return <RegisterStep2Page titleKey={entry.titleKey} />;
    case '/reset_password':
      return <ResetPasswordPage />;
    case '/verify_email':
      return <VerifyEmailPage />;
    case '/facebook_callback':
      return <SocialCallbackPage provider="facebook" />;
    case '/google_callback':
      return <SocialCallbackPage provider="google" />;
    case '/account/profile':
      return <SettingsPage />;
    case '/account/sales':
      return <SalesPage />;
    case '/account/referrals':
      return <ReferralsPage />;
  }
  if (entry.path === '/account') return <DashboardPage />;
  if (entry.path === '/account/products/:code') return <ProductPage />;
  if (entry.path === '/account/connect/:integration') return <ConnectPage />;
  switch (entry.layout) {
    case 'document':
    case 'blank':
      return <PlainPage titleKey={entry.titleKey} />;
    case 'not-found':
      return <NotFoundPage />;
    case 'account':
    case 'manager':
    case 'manager-signin':
      return (
        <AccountPage titleKey={entry.titleKey} leadKey={'leadKey' in entry ? entry.leadKey : undefined} />
      );
  }
}

type PublicLayout = Exclude<LayoutId, 'account' | 'manager' | 'manager-signin' | 'not-found'>;

const PUBLIC_LAYOUTS: Record<PublicLayout, ReactElement> = {
  'signin-1': <SignInSplitLayout />,
  'signin-2': <SignInCardLayout variant="signin-2" />,
  'signin-3': <SignInCardLayout variant="signin-3" />,
  card: <SignInCardLayout variant="card" />,
  document: <DocumentLayout />,
  blank: <BlankLayout />,
};

/** A child route for `entry` under `base` (`/account` → index, `/account/faq` → `faq`). */
function childRoute(entry: Entry, base: string): RouteObject {
  const rest = entry.path.slice(base.length).replace(/^\//, '');
  return rest ? { path: rest, element: pageFor(entry) } : { index: true, element: pageFor(entry) };
}

/** Groups entries under one pathless layout route per layout, in table order. */
function byLayout(entries: readonly Entry[], base: string): RouteObject[] {
  const groups = new Map<LayoutId, Entry[]>();
  for (const entry of entries) groups.set(entry.layout, [...(groups.get(entry.layout) ?? []), entry]);
  return [...groups].map(([layout, group]) => {
    const children = group.map((entry) => childRoute(entry, base));
    if (layout === 'not-found') return { children };
    return { element: PUBLIC_LAYOUTS[layout as PublicLayout], children };
  });
}

const inArea = (area: Entry['area']) => ROUTES.filter((entry) => entry.area === area);

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RouteError />,
      HydrateFallback: RootFallback,
      children: [
        { index: true, loader: indexLoader, element: <RootFallback /> },
        ...byLayout(inArea('public'), ''),
        {
          id: 'subpartner',
          path: ':subpartner',
          loader: subpartnerLoader,
          shouldRevalidate: shouldRevalidateSubpartner,
          errorElement: <RouteError />,
          children: byLayout(inArea('subpartner'), '/:subpartner'),
        },
        {
          path: 'account',
          loader: accountLoader,
          lazy: async () => ({ Component: (await import('./account/AccountShell')).AccountShell }),
          children: [
            ...inArea('account').map((entry) => childRoute(entry, '/account')),
            // Unknown account pages stay inside the shell.
            { path: '*', element: <NotFoundContent /> },
          ],
        },
        {
          path: 'manager',
          children: [
            {
              lazy: async () => ({
                Component: (await import('../features/manager/ManagerLayouts')).ManagerSignInLayout,
              }),
              children: [
                {
                  path: 'login',
                  lazy: async () => ({
                    Component: (await import('../features/manager/ManagerPages')).ManagerSignInPage,
                  }),
                },
              ],
            },
            {
              lazy: async () => {
                const [layouts, pages] = await Promise.all([
                  import('../features/manager/ManagerLayouts'),
                  import('../features/manager/ManagerPages'),
                ]);
                return { Component: layouts.ManagerLayout, loader: pages.managerLoader };
              },
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/manager/ManagerPages')).ManagerHomePage,
                  }),
                },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
