import { useCallback, useId, useState } from 'react';
import { Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MobileDrawer } from '../../components/MobileDrawer';
import { hasUnreadCustom, useBell } from '../../features/notifications/notifications-api';
import { useLivePush } from './live-push';
import { useSessionData } from '../../lib/current-user';
import { InactivityWatcher } from '../../features/session/InactivityWatcher';
import { VerificationBanner } from '../../features/verification/VerificationBanner';
import { programQuery } from '../../lib/program';
import { useAccountBranding } from '../../lib/account-branding';
import { brandStyle } from '../../lib/brand-colours';
import { TitleBrandProvider } from '../../lib/document-title';
import { AccountFooter } from './AccountFooter';
import { AccountHeader } from './AccountHeader';
import { SidebarNav } from './SidebarNav';
import { usePhoneLayout } from './use-phone-layout';

/**
 * The account shell (docs/product/partner-portal.md#header-and-avatar): header, sidebar (a drawer on small screens), the page and
 * the footer. The route's loader (features/session/account-loader.ts) lets only a valid session
 * in; the shell loads the profile and badges and the program's currency (lib/program.ts: a page
 * already on screen writes its amounts again in it), watches inactivity, and shows the
 * verification banner to partners whose e-mail is not verified. A partner who registered through a
 * sub-partner sees its name in the tab, its logo and name in the header and footer, and its colours
 * (docs/product/partners-and-accounts.md#white-label-sub-partners).
 */
export function AccountShell() {
  const { t } = useTranslation();
  const user = useSessionData().data ?? null;
  useQuery(programQuery);
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer and its navigation are built the first time the menu opens, then kept so it can
  // slide out; a phone's first render has neither.
  const [drawerBuilt, setDrawerBuilt] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const phone = usePhoneLayout();
  useLivePush();
  const bell = useBell();
  const subpartner = useAccountBranding();

  return (
    <div
      data-layout="account"
      data-subpartner={subpartner?.slug}
      className="min-h-dvh"
      style={brandStyle(subpartner?.primary_color, subpartner?.accent_color)}
    >
      <InactivityWatcher />
      <AccountHeader
        user={user}
        drawerId={drawerBuilt ? drawerId : undefined}
        drawerOpen={drawerOpen}
        onOpenDrawer={() => {
          setDrawerBuilt(true);
          setDrawerOpen(true);
        }}
        hasCustomNotifications={hasUnreadCustom(bell.data)}
        subpartner={subpartner}
      />
      <div className="lg:flex">
        {phone ? null : (
          <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-72 shrink-0 overflow-y-auto border-r border-stone-200 bg-white lg:block dark:border-stone-800 dark:bg-stone-900">
            <SidebarNav />
          </aside>
        )}
        {drawerBuilt ? (
          <MobileDrawer
            id={drawerId}
            open={drawerOpen}
            onClose={closeDrawer}
            label={t('shell.menu')}
            closeLabel={t('shell.close_menu')}
          >
            <div className="min-h-0 flex-1 overflow-y-auto">
              <SidebarNav onNavigate={closeDrawer} />
            </div>
          </MobileDrawer>
        ) : null}
        <div className="flex min-h-[calc(100dvh-4rem)] min-w-0 flex-1 flex-col">
          {user && !user.verified ? <VerificationBanner /> : null}
          <main
            id="main"
            tabIndex={-1}
            // At least a screen tall: the footer never stands where the page is about to grow (it
            // moved down as answers arrived, and on a short page was the largest paint).
            className="min-h-[calc(100dvh-4rem)] flex-1 px-4 py-8 sm:px-6 lg:px-10 lg:py-10"
          >
            <div className="mx-auto max-w-6xl">
              <TitleBrandProvider name={subpartner?.name}>
                <Outlet />
              </TitleBrandProvider>
            </div>
          </main>
          <AccountFooter subpartner={subpartner} />
        </div>
      </div>
    </div>
  );
}
