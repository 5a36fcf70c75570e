// The two ways each back-office flow of issue 13 is tried ("EN and FR, light and dark, phone and
// desktop"): in English, light, on a desktop, and in French, dark, on a phone. Together they cover
// every dimension; a flow runs once per variant (`for (const variant of VARIANTS) test(...)`),
// with data of its own (the variant's tag is in every code, e-mail and name it makes), so the two
// can run side by side on the shared server. The words a page should show come from the catalogs
// in the variant's language, and its numbers are written as that language writes them. A page is
// opened in a variant with `pageAs(browser, variant)`, a staff member's with
// `staffPage(browser, who, variant)` (both in support.ts).
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { text, type Viewing } from './support';

export interface Variant extends Required<Viewing> {
  /** In the test's title. */
  name: string;
  /** Short, upper-case, in the codes, e-mails and names the variant makes. */
  tag: string;
}

export const VARIANTS: readonly Variant[] = [
  { name: 'EN, light, desktop', tag: 'EN', locale: 'en', theme: 'light', phone: false },
  { name: 'FR, dark, phone', tag: 'FR', locale: 'fr', theme: 'dark', phone: true },
];

/** The catalog's words in the variant's language. */
export const say = (variant: Variant, key: string, vars: Record<string, string> = {}) =>
  text(variant.locale, key, vars);

/** A value of this variant's own, for codes, e-mails and names no other test (or variant) uses. */
export const uniqueTo = (variant: Variant) =>
  `${variant.tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** Money, numbers and percentages as the portal writes them in the variant's language (Intl's). */
export function formats(variant: Variant) {
  const locale = variant.locale === 'fr' ? 'fr-CA' : 'en-US';
  return {
    money: (amount: number, currency = 'USD') =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount),
    percent: (value: number) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100),
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
  };
}

/** What the user does to press something: a tap on a phone, a click on a desktop. */
export async function press(variant: Variant, target: Locator) {
  if (variant.phone) await target.tap();
  else await target.click();
}

/** The drawer a phone's back office opens from its menu button. */
export const drawer = (page: Page, variant: Variant) =>
  page.getByRole('dialog', { name: say(variant, 'manager.shell.menu') });

/** The back office's navigation, ready to use: the drawer, opened, on a phone; the sidebar on a desktop. */
export async function openMenu(page: Page, variant: Variant) {
  if (!variant.phone) return page.locator('aside');
  await press(variant, page.getByTestId('manager-open-menu'));
  await expect(drawer(page, variant)).toBeVisible();
  return drawer(page, variant);
}

/** Opens a back-office section as its user would: the sidebar on a desktop, the drawer on a phone. */
export async function openSection(page: Page, variant: Variant, section: string) {
  const nav = await openMenu(page, variant);
  await press(variant, nav.getByTestId(`manager-nav-${section}`));
  if (variant.phone) await expect(drawer(page, variant)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/manager/${section}(\\?|$)`));
}

/**
 * The audit log (/manager/audit), narrowed to one item as its "History of this item" link narrows
 * it, lists exactly `actions` (newest first), in the variant's words. The item is the flow's own,
 * so no other test's changes are among its lines. Answers the lines, to look closer.
 */
export async function expectAudited(
  page: Page,
  variant: Variant,
  item: { entity: string; id: string | number },
  actions: string[],
) {
  await page.goto(`/manager/audit?entity=${item.entity}&entity_id=${encodeURIComponent(String(item.id))}`);
  await expect(
    page.getByRole('heading', { level: 1, name: say(variant, 'titles.manager_audit') }),
  ).toBeVisible();
  const lines = page.getByTestId('audit-row');
  await expect(lines.getByTestId('audit-action')).toHaveText(
    actions.map((action) => say(variant, `manager.audit.actions.${action}`)),
  );
  return lines;
}

/** The page is in the variant's language and theme. */
export async function expectSeenAs(page: Page, variant: Variant) {
  const root = page.locator('html');
  await expect(root).toHaveAttribute('lang', variant.locale);
  if (variant.theme === 'dark') await expect(root).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(root).not.toHaveClass(/(^|\s)dark(\s|$)/);
}

/**
 * The time a whole back-office flow may take (its several sign-ins, pages and checks; a phone
 * variant runs beside the desktop one): more than a single page's test.
 */
export const FLOW_TIMEOUT = 60_000;
