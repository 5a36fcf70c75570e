// The back office's sections (docs/product/back-office.md#staff-roles), declared once: the shell's navigation, the
// `/manager` index, the role gate and the routes are all built from this list. A section is
// added by one entry here (see ARCHITECTURE.md, "Adding a back-office section"); nothing else
// lists sections, so the navigation never shows one that does not exist yet.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { catalogs } from '../../../common/i18n';
import { hasRole, type StaffRole } from '../../../common/staff-roles';
import type { IconName } from '../../components/icons';
import { loadCatalogPart } from '../../lib/i18n';
import { loadPartnerViews } from '../../lib/partner-views';

/** One page of a section: its path below the section ('' for the section's own page). */
export interface SectionPage {
  path: string;
  /** Loads the page's code on first visit (the back office is never in a partner's download). */
  load: () => Promise<ComponentType>;
}

export interface ManagerSection {
  id: string;
  /** Below /manager, without slashes: `payouts` is /manager/payouts. */
  path: string;
  /** A key of `manager.sections` in the catalogs: a section without its label does not compile. */
  labelKey: `manager.sections.${keyof (typeof catalogs)['en']['portal']['manager']['sections']}`;
  icon: IconName;
  /** The lowest role that sees the section; the server's requireStaff roles must agree. */
  minRole: StaffRole;
  pages: readonly SectionPage[];
}

export const MANAGER_SECTIONS: readonly ManagerSection[] = [
  {
    // First for every role: `/manager` opens it (the program at a glance, issue 13).
    id: 'overview',
    path: 'overview',
    labelKey: 'manager.sections.overview',
    icon: 'home',
    minRole: 'reviewer',
    pages: [
      { path: '', load: async () => (await import('./overview/OverviewPage')).OverviewPage },
      // What "needs a look" counts, each in full (docs/decisions/039).
      { path: 'deliveries', load: async () => (await import('./overview/DeliveriesPage')).DeliveriesPage },
      {
        path: 'store-pushes',
        load: async () => (await import('./overview/StorePushesPage')).StorePushesPage,
      },
      // Orders kept apart from the figures: waiting for a rate, and the store's tests (docs/product/commissions.md#test-orders).
      {
        path: 'orders-waiting',
        load: async () => (await import('./overview/OrdersApartPage')).OrdersWaitingPage,
      },
      { path: 'test-orders', load: async () => (await import('./overview/OrdersApartPage')).TestOrdersPage },
    ],
  },
  {
    id: 'payouts',
    path: 'payouts',
    labelKey: 'manager.sections.payouts',
    icon: 'wallet',
    minRole: 'reviewer',
    pages: [
      { path: '', load: async () => (await import('./payouts/PayoutsQueuePage')).PayoutsQueuePage },
      { path: ':id', load: async () => (await import('./payouts/PayoutPage')).PayoutPage },
    ],
  },
  {
    id: 'partners',
    path: 'partners',
    labelKey: 'manager.sections.partners',
    icon: 'users',
    minRole: 'reviewer',
    pages: [
      { path: '', load: async () => (await import('./partners/PartnersPage')).PartnersPage },
      { path: ':uuid', load: async () => (await import('./partners/PartnerPage')).PartnerPage },
    ],
  },
  {
    // White-label agencies and retailers (docs/product/partners-and-accounts.md#white-label-sub-partners): reviewers read, managers and admins edit.
    id: 'subpartners',
    path: 'subpartners',
    labelKey: 'manager.sections.subpartners',
    icon: 'globe',
    minRole: 'reviewer',
    pages: [
      { path: '', load: async () => (await import('./subpartners/SubpartnersPage')).SubpartnersPage },
      { path: 'new', load: async () => (await import('./subpartners/NewSubpartnerPage')).NewSubpartnerPage },
      { path: ':id', load: async () => (await import('./subpartners/SubpartnerPage')).SubpartnerPage },
    ],
  },
  {
    id: 'marketplace',
    path: 'marketplace',
    labelKey: 'manager.sections.marketplace',
    icon: 'receipt',
    minRole: 'manager',
    pages: [{ path: '', load: async () => (await import('./marketplace/MarketplacePage')).MarketplacePage }],
  },
  {
    id: 'content',
    path: 'content',
    labelKey: 'manager.sections.content',
    icon: 'pen',
    minRole: 'manager',
    pages: [
      {
        path: '',
        load: async () => (await import('./content/EntryListPages')).ProductsListPage,
      },
      {
        path: 'products/:code/:locale',
        // The preview draws the partner's own product view (lib/partner-views.ts), whose words are
        // the content part.
        load: async () =>
          (
            await Promise.all([
              import('./content/ProductEditorPage'),
              loadCatalogPart('content'),
              loadPartnerViews(),
            ])
          )[0].ProductEditorPage,
      },
      { path: 'pages', load: async () => (await import('./content/EntryListPages')).PagesListPage },
      {
        path: 'pages/:slug/:locale',
        load: async () =>
          (
            await Promise.all([
              import('./content/PageEditorPage'),
              loadCatalogPart('content'),
              loadPartnerViews(),
            ])
          )[0].PageEditorPage,
      },
      { path: 'gallery', load: async () => (await import('./content/GalleryPage')).GalleryPage },
      {
        path: 'competitors',
        load: async () => (await import('./content/CompetitorsPage')).CompetitorsPage,
      },
    ],
  },
  {
    id: 'announcements',
    path: 'announcements',
    labelKey: 'manager.sections.announcements',
    icon: 'megaphone',
    minRole: 'manager',
    pages: [
      {
        path: '',
        load: async () => (await import('./announcements/AnnouncementsPage')).AnnouncementsPage,
      },
    ],
  },
  {
    id: 'notifications',
    path: 'notifications',
    labelKey: 'manager.sections.notifications',
    icon: 'bell',
    minRole: 'manager',
    pages: [
      {
        path: '',
        load: async () => (await import('./notifications/NotificationsPage')).NotificationsPage,
      },
    ],
  },
  {
    id: 'promotions',
    path: 'promotions',
    labelKey: 'manager.sections.promotions',
    icon: 'gift',
    minRole: 'manager',
    pages: [{ path: '', load: async () => (await import('./promotions/PromotionsPage')).PromotionsPage }],
  },
  {
    id: 'challenges',
    path: 'challenges',
    labelKey: 'manager.sections.challenges',
    icon: 'target',
    minRole: 'manager',
    pages: [
      { path: '', load: async () => (await import('./challenges/ChallengesPage')).ChallengesPage },
      { path: ':id', load: async () => (await import('./challenges/ChallengePage')).ChallengePage },
    ],
  },
  {
    id: 'survey',
    path: 'survey',
    labelKey: 'manager.sections.survey',
    icon: 'chart',
    minRole: 'manager',
    pages: [
      { path: '', load: async () => (await import('./survey/SurveyPage')).SurveyPage },
      { path: 'claims', load: async () => (await import('./survey/ClaimsPage')).ClaimsPage },
    ],
  },
  {
    id: 'audit',
    path: 'audit',
    labelKey: 'manager.sections.audit',
    icon: 'history',
    minRole: 'manager',
    pages: [{ path: '', load: async () => (await import('./audit/AuditPage')).AuditPage }],
  },
  {
    id: 'settings',
    path: 'settings',
    labelKey: 'manager.sections.settings',
    icon: 'settings',
    minRole: 'admin',
    pages: [{ path: '', load: async () => (await import('./settings/SettingsPage')).SettingsPage }],
  },
  {
    id: 'staff',
    path: 'staff',
    labelKey: 'manager.sections.staff',
    icon: 'user',
    minRole: 'admin',
    pages: [{ path: '', load: async () => (await import('./staff/StaffPage')).StaffPage }],
  },
];

/** The sections `role` may open, in navigation order. */
export function sectionsFor(role: string | undefined, sections = MANAGER_SECTIONS): ManagerSection[] {
  return sections.filter((section) => hasRole(role, section.minRole));
}

/** The section a back-office path belongs to (by its first segment below /manager). */
export function sectionOf(pathname: string, sections = MANAGER_SECTIONS): ManagerSection | undefined {
  const segment = pathname.replace(/^\/manager\/?/, '').split('/')[0];
  return sections.find((section) => section.path === segment);
}

/** The routes of every section, children of the back-office shell (which gates them by role). */
export function sectionRoutes(sections = MANAGER_SECTIONS): RouteObject[] {
  return sections.map((section) => ({
    path: section.path,
    children: section.pages.map((page) => {
      const lazy = async () => ({ Component: await page.load() });
      return page.path ? { path: page.path, lazy } : { index: true, lazy };
    }),
  }));
}
