// What the screenshot scripts share (engineering guide, "Look and feel"): the demo program's
// accounts, signing them in over the API as the SPA does (with the public client credential the
// page carries), the two looks every page is shown in, and a browser context that opens already
// signed in, in a given language and theme.
import type { Browser, BrowserContext } from '@playwright/test';
import type { Locale } from '../../common/i18n';

/** The demo program's accounts (server/seed/demo.ts). */
export const DEMO_ACCOUNTS = {
  partner: { email: 'demo.partner@sunbite.example', password: 'sunny-demo-partner' },
  admin: { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' },
  manager: { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' },
  reviewer: { email: 'demo.reviewer@sunbite.example', password: 'sunny-demo-reviewer' },
} as const;

export type Theme = 'light' | 'dark';
export interface Look {
  locale: Locale;
  theme: Theme;
}
/** Every page is looked at in English light and in French dark. */
export const LOOKS: readonly Look[] = [
  { locale: 'en', theme: 'light' },
  { locale: 'fr', theme: 'dark' },
];
/** A phone and a desktop. */
export const WIDTHS = [390, 1280] as const;

export interface Session {
  token: string;
  expired: string;
}

/** The public client credential a page of the portal carries in its `portal-client` meta tag. */
export async function publicClient(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/login`)).text();
  const client = /name="portal-client" content="([^"]+)"/.exec(html)?.[1];
  if (!client) throw new Error('no public client credential in the page');
  return client;
}

/** Signs a partner or a staff member in; a refusal stops the script with its status. */
export async function signIn(
  baseUrl: string,
  kind: 'partner' | 'staff',
  who: { email: string; password: string },
): Promise<Session> {
  const route = kind === 'staff' ? '/api/manager/auth/get_token' : '/api/auth/get_token';
  const answer = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await publicClient(baseUrl)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!answer.ok) throw new Error(`sign-in of ${who.email} failed: ${answer.status}`);
  return (await answer.json()) as Session;
}

/**
 * A context in `look`, at `viewport` (pixel ratio 1 unless it says), with the given sessions already stored as the SPA keeps
 * them (`auth_token` for a partner, `manager_token` for staff).
 */
export async function lookContext(
  browser: Browser,
  viewport: { width: number; height: number; deviceScaleFactor?: number },
  look: Look,
  sessions: { auth_token?: Session; manager_token?: Session } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    colorScheme: look.theme,
    deviceScaleFactor: viewport.deviceScaleFactor ?? 1,
    locale: look.locale === 'fr' ? 'fr-CA' : 'en-US',
  });
  await context.addInitScript(
    ({ locale, theme, stored }) => {
      localStorage.setItem('locale', locale);
      localStorage.setItem('theme', theme);
      for (const [key, value] of Object.entries(stored))
        if (value) localStorage.setItem(key, JSON.stringify(value));
    },
    { locale: look.locale, theme: look.theme, stored: sessions },
  );
  return context;
}
