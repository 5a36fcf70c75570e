// The back office (docs/product/system.md#parts-of-the-system, docs/product/back-office.md#partners): lazy-loaded so partners never download it. Its shell
// shows the sections of sections.ts that the staff member's role opens (a sidebar on wide
// screens, a drawer on phones) and keeps every other section's page out of reach.
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { Icon } from '../../components/icons';
import { MobileDrawer } from '../../components/MobileDrawer';
import { PreferenceControls } from '../../components/PreferenceControls';
import { isUnauthorized } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { programQuery } from '../../lib/program';
import { useEnrolmentGate } from './security/use-enrolment-gate';
import { hasRole } from '../../../common/staff-roles';
import { sectionOf, sectionsFor, type ManagerSection } from './sections';
import {
  mustEnrol,
  SectionAccess,
  useManagerSignOut,
  useStaffMember,
  type StaffMember,
} from './staff-session';

/** The signed-in staff member's own page (two-factor sign-in), open to every role, reached from the header. */
const SECURITY_PATH = '/manager/security';

function ManagerBadge() {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-stone-900 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-white dark:bg-stone-100 dark:text-stone-900">
      {t('titles.manager')}
    </span>
  );
}

export function ManagerSignInLayout() {
  return (
    <div data-layout="manager-signin" className="flex min-h-dvh flex-col bg-stone-100 dark:bg-stone-950">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <span className="flex items-center gap-3 text-lg">
          {/* The wordmark only where it fits beside the badge and the preferences (not on phones). */}
          <BrandLogo compact />
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

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-400/10 dark:text-brand-200'
      : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-300 dark:hover:bg-stone-800 dark:hover:text-white'
  }`;

/** The sections a staff member may open, as links. */
export function SectionNav({
  sections,
  onNavigate,
}: {
  sections: ManagerSection[];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('manager.shell.nav_label')} className="p-3">
      <ul className="flex flex-col gap-0.5">
        {sections.map((section) => (
          <li key={section.id}>
            <NavLink
              to={`/manager/${section.path}`}
              className={itemClass}
              onClick={onNavigate}
              data-testid={`manager-nav-${section.id}`}
            >
              <Icon name={section.icon} className="shrink-0 opacity-80" />
              {t(section.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function RoleChip({ role, testId }: { role: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-900 dark:bg-brand-900 dark:text-brand-100"
      data-testid={testId}
    >
      {t(`manager.roles.${role}`, { defaultValue: role })}
    </span>
  );
}

/** The phone's navigation: a drawer from the left with who is signed in, the sections and sign out. */
function ManagerDrawer({
  id,
  open,
  onClose,
  me,
  sections,
  onSignOut,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  me: StaffMember | undefined;
  sections: ManagerSection[];
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  return (
    <MobileDrawer
      id={id}
      open={open}
      onClose={onClose}
      label={t('manager.shell.menu')}
      closeLabel={t('manager.shell.close_menu')}
    >
      {me ? (
        <div className="border-b border-stone-200 px-4 py-3 dark:border-stone-800">
          <p className="text-sm font-semibold">{me.name}</p>
          <p className="truncate text-xs text-muted">{me.email}</p>
          <p className="mt-1.5">
            <RoleChip role={me.role} />
          </p>
        </div>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <SectionNav sections={sections} onNavigate={onClose} />
      </div>
      <div className="border-t border-stone-200 p-3 dark:border-stone-800">
        <NavLink
          to={SECURITY_PATH}
          className={(state) => `${itemClass(state)} mb-0.5 w-full`}
          onClick={onClose}
          data-testid="manager-drawer-security"
        >
          <Icon name="shield" className="shrink-0 opacity-80" />
          {t('manager.security.header_link')}
        </NavLink>
        <button type="button" className={`${itemClass({ isActive: false })} w-full`} onClick={onSignOut}>
          <Icon name="logout" className="shrink-0 opacity-80" />
          {t('manager.sign_out')}
        </button>
      </div>
    </MobileDrawer>
  );
}

/** A section the role does not open: said plainly, inside the shell. */
function Forbidden({ section }: { section: ManagerSection }) {
  const { t } = useTranslation();
  const title = t('manager.shell.forbidden_title');
  useDocumentTitle(title);
  return (
    <div className="card mx-auto max-w-lg p-6 text-center sm:p-8" data-testid="manager-forbidden">
      <h1 className="text-xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted">
        {t('manager.shell.forbidden_body', {
          section: t(section.labelKey),
          role: t(`manager.roles.${section.minRole}`),
        })}
      </p>
    </div>
  );
}

function ShellLoading() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="space-y-4" data-testid="manager-loading">
      <span className="sr-only">{t('loading')}</span>
      <span className="block h-8 w-48 animate-pulse rounded-lg bg-stone-200/80 dark:bg-stone-800" />
      <span className="block h-40 animate-pulse rounded-2xl bg-stone-200/80 dark:bg-stone-800" />
    </div>
  );
}

export function ManagerLayout() {
  const { t } = useTranslation();
  const me = useStaffMember();
  // The program currency every amount is written in (lib/program.ts), asked for with the staff
  // member: the section waits for its answer (or its failure: then US dollars), as for the session.
  const program = useQuery(programQuery);
  useEnrolmentGate();
  const signOut = useManagerSignOut();
  const { pathname } = useLocation();
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Built when the menu first opens, then kept so it can slide out.
  const [drawerBuilt, setDrawerBuilt] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const unauthorized = me.isError && isUnauthorized(me.error);
  useEffect(() => {
    if (unauthorized) signOut();
  }, [unauthorized, signOut]);

  // While the program waits for this staff member's second factor, only its page opens (decisions/035).
  const enrolling = mustEnrol(me.data);
  const sections = enrolling ? [] : sectionsFor(me.data?.role);
  const current = sectionOf(pathname);
  const role = me.data?.role;
  const opens = useCallback(
    (path: string) => {
      const section = sectionOf(path);
      return Boolean(section && hasRole(role, section.minRole));
    },
    [role],
  );
  const signOutNow = () => signOut({ revoke: true });

  let content;
  if (me.data && !program.isPending) {
    if (enrolling && pathname !== SECURITY_PATH) content = <Navigate to={SECURITY_PATH} replace />;
    else
      content =
        current && !hasRole(me.data.role, current.minRole) ? (
          <Forbidden section={current} />
        ) : (
          <SectionAccess.Provider value={opens}>
            <Outlet />
          </SectionAccess.Provider>
        );
  } else if (me.isError && !unauthorized) {
    content = (
      <div className="card mx-auto max-w-lg p-6 text-center" role="alert">
        <p className="font-medium">{t('manager.shell.load_failed')}</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => void me.refetch()}>
          {t('manager.shell.retry')}
        </button>
      </div>
    );
  } else content = <ShellLoading />;

  return (
    <div data-layout="manager" className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur dark:border-stone-800 dark:bg-stone-900/90">
        <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
          <button
            type="button"
            className="icon-button lg:hidden"
            aria-label={t('manager.shell.open_menu')}
            aria-expanded={drawerOpen}
            aria-controls={drawerBuilt ? drawerId : undefined}
            onClick={() => {
              setDrawerBuilt(true);
              setDrawerOpen(true);
            }}
            data-testid="manager-open-menu"
          >
            <Icon name="menu" />
          </button>
          <Link
            to="/manager"
            aria-label={t('manager.shell.home_link')}
            className="flex items-center gap-2.5 rounded-lg text-base sm:text-lg"
          >
            <BrandLogo compact />
            <ManagerBadge />
          </Link>
          <div className="ml-auto flex items-center gap-1.5 sm:gap-3">
            <PreferenceControls />
            {me.data ? (
              <p className="hidden items-center gap-2 text-sm lg:flex" data-testid="staff-identity">
                <span className="sr-only">{t('manager.signed_in_as')}</span>
                <strong className="font-semibold" data-testid="staff-name">
                  {me.data.name}
                </strong>
                <RoleChip role={me.data.role} testId="staff-role" />
              </p>
            ) : null}
            <NavLink
              to={SECURITY_PATH}
              className={({ isActive }) =>
                `hidden min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium transition-colors lg:inline-flex ${
                  isActive
                    ? 'bg-brand-50 text-brand-800 dark:bg-brand-400/10 dark:text-brand-200'
                    : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-300 dark:hover:bg-stone-800 dark:hover:text-white'
                }`
              }
              data-testid="manager-security-link"
            >
              <Icon name="shield" width={18} height={18} className="opacity-80" />
              {t('manager.security.header_link')}
            </NavLink>
            <button
              type="button"
              onClick={signOutNow}
              className="btn-secondary hidden min-h-10 px-4 py-1.5 lg:inline-flex"
              data-testid="manager-sign-out"
            >
              <Icon name="logout" width={18} height={18} className="opacity-80" />
              {t('manager.sign_out')}
            </button>
          </div>
        </div>
      </header>
      <div className="lg:flex">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 overflow-y-auto border-r border-stone-200 bg-white lg:block dark:border-stone-800 dark:bg-stone-900">
          {me.data ? <SectionNav sections={sections} /> : null}
        </aside>
        {drawerBuilt ? (
          <ManagerDrawer
            id={drawerId}
            open={drawerOpen}
            onClose={closeDrawer}
            me={me.data}
            sections={sections}
            onSignOut={signOutNow}
          />
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto max-w-6xl">{content}</div>
        </main>
      </div>
    </div>
  );
}
