import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { BrandLogo } from '../../components/BrandLogo';
import { Icon } from '../../components/icons';
import { PreferenceControls } from '../../components/PreferenceControls';
import { SubpartnerMark } from '../../components/SubpartnerBrand';
import type { AccountBranding } from '../../lib/account-branding';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import type { ShellUser } from '../../lib/current-user';

interface AccountHeaderProps {
  user: ShellUser | null;
  /** The drawer's id once it exists (it is built when the menu first opens). */
  drawerId?: string;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  /** Custom notifications exist: shows the pulsing dot (fed by the notifications issue). */
  hasCustomNotifications?: boolean;
  /** The sub-partner the partner registered through: its logo and name instead of the program's. */
  subpartner?: AccountBranding | null;
}

export function AccountHeader({
  user,
  drawerId,
  drawerOpen,
  onOpenDrawer,
  hasCustomNotifications = false,
  subpartner = null,
}: AccountHeaderProps) {
  const { t } = useTranslation();
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email : '';
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur dark:border-stone-800 dark:bg-stone-900/90">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-6 lg:px-8">
        <button
          type="button"
          className="icon-button lg:hidden"
          aria-label={t('shell.open_menu')}
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          onClick={onOpenDrawer}
          data-testid="open-menu"
        >
          <Icon name="menu" />
        </button>
        <Link
          to="/account/"
          aria-label={
            subpartner ? t('subpartner.home_link', { name: subpartner.name }) : t('brand.home_link')
          }
          className="flex min-w-0 items-center rounded-lg text-base sm:text-lg"
          data-testid="account-home-link"
        >
          {subpartner ? <SubpartnerMark subpartner={subpartner} compact /> : <BrandLogo compact />}
        </Link>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-3">
          <PreferenceControls />
          <NotificationBell />
          {/* Named by hidden text, not aria-label: the visible initials are a picture, not a label
              the name must contain (axe's label-content-name-mismatch). */}
          <Link to="/account/profile" className="relative rounded-full">
            <span aria-hidden="true">
              <Avatar user={user} />
            </span>
            <span className="sr-only">
              {user ? t('shell.profile_of', { name }) : t('shell.your_profile')}
            </span>
            <span
              hidden={!hasCustomNotifications}
              className="absolute -top-0.5 -right-0.5 flex h-3.5 w-3.5"
              data-testid="notification-dot"
            >
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-rose-500 opacity-75" />
              <span className="relative inline-flex h-3.5 w-3.5 rounded-full border-2 border-white bg-rose-600 dark:border-stone-900" />
              <span className="sr-only">{t('shell.new_notifications')}</span>
            </span>
          </Link>
        </div>
      </div>
      {/* The partner's uuid, for support tooling and the live-push client (docs/product/partner-portal.md). */}
      <span hidden data-testid="user-uuid">
        {user?.uuid ?? ''}
      </span>
    </header>
  );
}
