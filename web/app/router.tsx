// The router, built from the route table of common/routes.ts so paths, layouts and titles have
// one source. Only what /login needs is in the first download (its page, the sign-in layouts,
// the 404); every other page, the account shell and the back office load lazily, each with a
// skeleton in its layout while it arrives on a first visit (decisions/015).
import type { ReactElement } from 'react';
import { createBrowserRouter, redirect, useLocation, type RouteObject } from 'react-router';
import type { PageSlug } from '../../common/content';
import { ROUTES, type LayoutId } from '../../common/routes';
import { PageSkeleton } from '../components/PageSkeleton';
import { NotFoundContent } from '../components/NotFoundContent';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { RoutedLoginPage } from '../features/auth/RoutedLoginPage';
import { loadCatalogPart } from '../lib/i18n';
import { nextTask } from '../lib/next-task';
import { sectionRoutes } from '../features/manager/sections';
import { accountLoader } from '../features/session/account-loader';
import { shouldRevalidateSubpartner, subpartnerLoader } from '../lib/subpartner-loader';
import { bindPartnerViews } from '../lib/partner-views';
import { clearSession, getStoredToken, isTokenValid } from '../lib/session';
import { BlankLayout } from './layouts/BlankLayout';
import { DocumentLayout } from './layouts/DocumentLayout';
import { SignInCardLayout } from './layouts/SignInCardLayout';
import { SignInSplitLayout } from './layouts/SignInSplitLayout';
import { SubpartnerScope } from './layouts/SubpartnerScope';
import { AccountPageSkeleton } from './account/AccountPageSkeleton';
import { RootFallback, RootRoute } from './RootRoute';
import { RouteError } from './RouteError';

type Entry = (typeof ROUTES)[number];

/** `/` (docs/product/partner-portal.md): a valid stored token goes to the account, anything else to sign-in. */
export function indexLoader(): Response {
  const auth = getStoredToken();
  if (isTokenValid(auth)) return redirect('/account/');
  if (auth) clearSession();
  return redirect('/login');
}

/** While the account shell and page load: the shell's skeleton, with the page's title and lead. */
function AccountFallback() {
  const { pathname, search } = useLocation();
  return <AccountPageSkeleton pathname={pathname} search={search} />;
}

/** A page's part of its route: the element itself, or how to load it. */
type PageRoute = Pick<RouteObject, 'element' | 'lazy' | 'HydrateFallback'>;

// The back office's content editors preview the partner's own views of a text: composed here, as
// no feature imports another (lib/partner-views.ts). Loaded with the editor's page only.
bindPartnerViews(async () => {
  const [page, product] = await Promise.all([
    import('../features/content/PageDocumentView'),
    import('../features/content/ProductContentView'),
  ]);
  return { PageDocumentView: page.PageDocumentView, ProductContentView: product.ProductContentView };
});

const FALLBACKS = {
  form: () => <PageSkeleton kind="form" />,
  document: () => <PageSkeleton kind="document" />,
  blank: () => <PageSkeleton kind="blank" />,
} as const;

function fallbackFor(layout: LayoutId): PageRoute['HydrateFallback'] {
  if (layout === 'document') return FALLBACKS.document;
  if (layout === 'blank') return FALLBACKS.blank;
  if (layout === 'account' || layout === 'manager' || layout === 'manager-signin') return undefined;
  return FALLBACKS.form;
}

/** A page whose code loads when it is first opened; the shell's skeleton stands in meanwhile. */
function lazyPage(entry: Entry, load: () => Promise<ReactElement>): PageRoute {
  return {
    lazy: async () => {
      // The page's import (with the preload links Vite's helper appends for its chunks) in a task
      // of its own, not at the end of the router's start or of a click's handler (lib/next-task.ts).
      await nextTask();
      return { element: await load() };
    },
    HydrateFallback: fallbackFor(entry.layout),
  };
}

/** The account's long-form pages (features/content), by path. */
const ACCOUNT_DOCUMENTS: Partial<Record<string, PageSlug>> = {
  '/account/faq': 'faq',
  '/account/terms': 'terms',
  '/account/policy': 'policy',
  '/account/crafting_perfect_post': 'crafting_perfect_post',
  '/account/post_guidelines': 'post_guidelines',
};

function pageFor(entry: Entry): PageRoute {
  switch (entry.path) {
    case '/login':
    case '/:subpartner':
    case '/:subpartner/login':
      return {
        element: <RoutedLoginPage titleKey={entry.titleKey} showTagline={entry.layout !== 'signin-1'} />,
      };
    case '/register':
    case '/:subpartner/register':
      return lazyPage(entry, async () => {
        const { RegisterStep1Page } = await import('../features/auth/RegisterStep1Page');
        return <RegisterStep1Page titleKey={entry.titleKey} />;
      });
    case '/register_step2':
    case '/:subpartner/register_step2':
      return lazyPage(entry, async () => {
        const { RegisterStep2Page } = await import('../features/auth/RegisterStep2Page');
        return <RegisterStep2Page titleKey={entry.titleKey} />;
      });
    case '/reset_password':
      return lazyPage(entry, async () => {
        const { ResetPasswordPage } = await import('../features/auth/ResetPasswordPage');
        return <ResetPasswordPage />;
      });
    case '/verify_email':
      return lazyPage(entry, async () => {
        const { VerifyEmailPage } = await import('../features/auth/VerifyEmailPage');
        return <VerifyEmailPage />;
      });
    case '/confirm_change':
      return lazyPage(entry, async () => {
        const { ConfirmChangePage } = await import('../features/auth/ConfirmChangePage');
        return <ConfirmChangePage />;
      });
    case '/switch_account':
      return lazyPage(entry, async () => {
        const { SwitchAccountPage } = await import('../features/session/SwitchAccountPage');
        return <SwitchAccountPage />;
      });
    case '/unsubscribe':
      return lazyPage(entry, async () => {
        // Its words are in the engagement part (program mail), not in the first download.
        const [{ UnsubscribePage }] = await Promise.all([
          import('../features/unsubscribe/UnsubscribePage'),
          loadCatalogPart('engagement'),
        ]);
        return <UnsubscribePage />;
      });
    case '/facebook_callback':
    case '/google_callback': {
      const provider = entry.path === '/facebook_callback' ? 'facebook' : 'google';
      return lazyPage(entry, async () => {
        const { SocialCallbackPage } = await import('../features/auth/SocialCallbackPage');
        return <SocialCallbackPage provider={provider} />;
      });
    }
    case '/account/profile':
      return lazyPage(entry, async () => {
        const { ProfileRoute } = await import('./account/ProfileRoute');
        return <ProfileRoute />;
      });
    case '/account/sales':
      return lazyPage(entry, async () => {
        const { SalesPage } = await import('../features/sales/SalesPage');
        return <SalesPage />;
      });
    case '/account/referrals':
      return lazyPage(entry, async () => {
        const { ReferralsPage } = await import('../features/sales/ReferralsPage');
        return <ReferralsPage />;
      });
    case '/account/badges':
      return lazyPage(entry, async () => {
        // The engagement part of the catalog arrives with the page (lib/i18n.ts, loadCatalogPart).
        const [{ BadgesPage }] = await Promise.all([
          import('../features/badges/BadgesPage'),
          loadCatalogPart('engagement'),
        ]);
        return <BadgesPage />;
      });
    case '/account/affiliate_links':
      return lazyPage(entry, async () => {
        // Its words are in the engagement part; its QR encoder (qrcode) is only in the page's chunk.
        const [{ AffiliateLinksPage }] = await Promise.all([
          import('../features/affiliate-links/AffiliateLinksPage'),
          loadCatalogPart('engagement'),
        ]);
        return <AffiliateLinksPage />;
      });
    case '/account/newsfeed':
      return lazyPage(entry, async () => {
        const [{ NewsfeedPage }] = await Promise.all([
          import('../features/newsfeed/NewsfeedPage'),
          loadCatalogPart('engagement'),
        ]);
        return <NewsfeedPage />;
      });
    case '/account/slider':
      return lazyPage(entry, async () => {
        const [{ LiveSalesPage }] = await Promise.all([
          import('../features/sales/LiveSalesPage'),
          loadCatalogPart('engagement'),
        ]);
        return <LiveSalesPage />;
      });
    case '/account/_check':
      return lazyPage(entry, async () => {
        const [{ CheckPage }] = await Promise.all([
          import('../features/session/CheckPage'),
          loadCatalogPart('engagement'),
        ]);
        return <CheckPage />;
      });
    case '/account/test':
      return lazyPage(entry, async () => {
        const [{ TestPage }] = await Promise.all([
          import('../features/notifications/TestPage'),
          loadCatalogPart('engagement'),
        ]);
        return <TestPage />;
      });
    case '/account/cashout':
      return lazyPage(entry, async () => {
        const { CashoutPage } = await import('../features/cashout/CashoutPage');
        return <CashoutPage />;
      });
    case '/account/grab_n_go':
      return lazyPage(entry, async () => {
        // The content part of the catalog arrives with the page (lib/i18n.ts, loadCatalogPart).
        const [{ GalleryPage }] = await Promise.all([
          import('../features/content/gallery/GalleryPage'),
          loadCatalogPart('content'),
        ]);
        return <GalleryPage />;
      });
  }
  if (entry.path === '/account')
    return lazyPage(entry, async () => {
      const { DashboardPage } = await import('./dashboard/DashboardPage');
      return <DashboardPage />;
    });
  if (entry.path === '/account/products/:code')
    return lazyPage(entry, async () => {
      const [{ ProductPage }] = await Promise.all([
        import('../features/content/ProductPage'),
        loadCatalogPart('content'),
      ]);
      return <ProductPage />;
    });
  if (entry.path === '/terms' || entry.path === '/policy') {
    const slug = entry.path === '/terms' ? 'terms' : 'policy';
    return lazyPage(entry, async () => {
      const [{ PublicDocumentPage }] = await Promise.all([
        import('../features/content/DocumentPages'),
        loadCatalogPart('content'),
      ]);
      return <PublicDocumentPage slug={slug} titleKey={entry.titleKey} />;
    });
  }
  const documentSlug = ACCOUNT_DOCUMENTS[entry.path];
  if (documentSlug)
    return lazyPage(entry, async () => {
      const [{ AccountDocumentPage }] = await Promise.all([
        import('../features/content/DocumentPages'),
        loadCatalogPart('content'),
      ]);
      return (
        <AccountDocumentPage
          slug={documentSlug}
          titleKey={entry.titleKey}
          leadKey={'leadKey' in entry ? entry.leadKey : undefined}
        />
      );
    });
  if (entry.path === '/account/connect/:integration')
    return lazyPage(entry, async () => {
      const { ConnectPage } = await import('../features/integrations/ConnectPage');
      return <ConnectPage />;
    });
  switch (entry.layout) {
    case 'not-found':
      return { element: <NotFoundPage /> };
    case 'account':
    case 'manager':
    case 'manager-signin':
      return lazyPage(entry, async () => {
        const { AccountPage } = await import('../features/pages/AccountPage');
        return (
          <AccountPage titleKey={entry.titleKey} leadKey={'leadKey' in entry ? entry.leadKey : undefined} />
        );
      });
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
  return rest ? { path: rest, ...pageFor(entry) } : { index: true, ...pageFor(entry) };
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

export interface RouterHooks {
  /** The account's guard let a visit in to `pathname` (every navigation within the account). */
  onAccountEntered?: (pathname: string) => void;
}

export function buildRoutes(hooks: RouterHooks = {}): RouteObject[] {
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
          element: <SubpartnerScope />,
          errorElement: <RouteError />,
          children: byLayout(inArea('subpartner'), '/:subpartner'),
        },
        {
          path: 'account',
          loader: (args) => {
            const answer = accountLoader(args);
            if (answer === null) hooks.onAccountEntered?.(new URL(args.request.url).pathname);
            return answer;
          },
          // The account's words arrive with its shell (lib/i18n.ts, loadCatalogPart).
          lazy: async () => {
            const [{ AccountShell }] = await Promise.all([
              import('./account/AccountShell'),
              loadCatalogPart('account'),
            ]);
            return { Component: AccountShell };
          },
          HydrateFallback: AccountFallback,
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
              // The back office's words arrive with its code (lib/i18n.ts, loadCatalogPart).
              lazy: async () => {
                const [layouts] = await Promise.all([
                  import('../features/manager/ManagerLayouts'),
                  loadCatalogPart('manager'),
                ]);
                return { Component: layouts.ManagerSignInLayout };
              },
              children: [
                {
                  path: 'login',
                  lazy: async () => ({
                    Component: (await import('../features/manager/ManagerPages')).ManagerSignInPage,
                  }),
                },
                {
                  // The page of a staff invitation mail (public): sets the password, then signs in.
                  path: 'invite',
                  lazy: async () => ({
                    Component: (await import('../features/manager/staff/InvitePage')).InvitePage,
                  }),
                },
              ],
            },
            {
              lazy: async () => {
                const [layouts, session] = await Promise.all([
                  import('../features/manager/ManagerLayouts'),
                  import('../features/manager/staff-session'),
                  loadCatalogPart('manager'),
                ]);
                return { Component: layouts.ManagerLayout, loader: session.managerLoader };
              },
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/manager/ManagerPages')).ManagerIndexPage,
                  }),
                },
                {
                  // The signed-in staff member's own security page (two-factor sign-in): every
                  // role's, reached from the shell's header, so not a section (decisions/035).
                  path: 'security',
                  lazy: async () => ({
                    Component: (await import('../features/manager/security/SecurityPage')).SecurityPage,
                  }),
                },
                // One route per section of features/manager/sections.ts.
                ...sectionRoutes(),
                { path: '*', element: <NotFoundContent homeHref="/manager" /> },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter(hooks: RouterHooks = {}) {
  return createBrowserRouter(buildRoutes(hooks));
}
