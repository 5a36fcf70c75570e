import type { Page } from '@playwright/test';
import fs from 'node:fs';
import type { Locale } from '../common/i18n';

type Tree = { [key: string]: string | Tree };

// Read as files: Playwright's ESM loader does not take the bare JSON imports of common/i18n.ts.
const portal = (locale: Locale): Tree =>
  JSON.parse(fs.readFileSync(new URL(`../common/locales/${locale}/portal.json`, import.meta.url), 'utf8'));

/** The catalog text of a key, as the page should show it. */
export function text(locale: Locale, key: string, vars: Record<string, string> = {}): string {
  let node: string | Tree | undefined = portal(locale);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no ${locale} text for ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}

export const programName = 'Sunbite Partners';

/** Starts the page in a locale (and optionally a theme) as if the visitor had chosen it before. */
export async function prefer(page: Page, prefs: { locale?: Locale; theme?: 'light' | 'dark' }) {
  await page.addInitScript((p) => {
    if (p.locale) localStorage.setItem('locale', p.locale);
    if (p.theme) localStorage.setItem('theme', p.theme);
  }, prefs);
}
