import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { simpleParser } from 'mailparser';
import fs from 'node:fs';
import type { Locale } from '../common/i18n';
import { signShopifyBody } from '../server/integrations/shopify/webhooks';
import { E2E_MAIL } from './mail-settings';

type Tree = { [key: string]: string | Tree };

// Read as files: Playwright's ESM loader does not take the bare JSON imports of common/i18n.ts.
const portal = (locale: Locale): Tree =>
  JSON.parse(fs.readFileSync(new URL(`../common/locales/${locale}/portal.json`, import.meta.url), 'utf8'));
const mailCatalog = (locale: Locale): Tree =>
  JSON.parse(fs.readFileSync(new URL(`../common/locales/${locale}/mail.json`, import.meta.url), 'utf8'));

/** The catalog text of a key, as the page should show it (or as a mail says it: `catalog` 'mail'). */
export function text(
  locale: Locale,
  key: string,
  vars: Record<string, string> = {},
  catalog: 'portal' | 'mail' = 'portal',
): string {
  let node: string | Tree | undefined = catalog === 'mail' ? mailCatalog(locale) : portal(locale);
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

export const DATA_DIR = `${process.env.E2E_TMP ?? '.tmp'}/e2e-data`;
export const DEMO = { email: 'demo.partner@sunbite.example', password: 'sunny-demo-partner' } as const;

/** The public client credential, as the served page carries it. */
export async function publicClient(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/login')).text();
  const token = /name="portal-client" content="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no public client credential in the page');
  return token;
}

export async function apiToken(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ token: string; expired: string }> {
  const res = await request.post('/api/auth/get_token', {
    headers: { authorization: `Bearer ${await publicClient(request)}` },
    data: { email, password },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  return res.json();
}

/** Starts the page signed in (the SPA's stored token), as after a sign-in. */
export async function signedIn(
  page: Page,
  request: APIRequestContext,
  who: { email: string; password: string } = DEMO,
) {
  const token = await apiToken(request, who.email, who.password);
  await page.addInitScript((t) => {
    if (!localStorage.getItem('auth_token')) localStorage.setItem('auth_token', JSON.stringify(t));
  }, token);
  return token;
}

/** How a page is seen: its language, its theme, and on a desktop or a phone. */
export interface Viewing {
  locale: Locale;
  theme?: 'light' | 'dark';
  phone?: boolean;
}

/** A phone (a small touch screen, mobile browser) and a desktop, as browser page options. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
export const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;

/** A new page (in a context of its own, closed with it) seen as `viewing` says. */
export async function pageAs(browser: Browser, viewing: Viewing): Promise<Page> {
  const page = await browser.newPage(viewing.phone ? PHONE : DESKTOP);
  await prefer(page, { locale: viewing.locale, theme: viewing.theme });
  return page;
}

/**
 * A staff member's own page, signed in through the back office's form, in a locale (the
 * project's desktop), or seen as `viewing` says (a phone's navigation is the drawer).
 */
export async function staffPage(
  browser: Browser,
  who: { email: string; password: string },
  viewing: Locale | Viewing,
): Promise<Page> {
  let page: Page;
  if (typeof viewing === 'string') {
    page = await browser.newPage();
    await prefer(page, { locale: viewing });
  } else page = await pageAs(browser, viewing);
  await page.goto('/manager/login');
  await page.getByTestId('manager-email').fill(who.email);
  await page.getByTestId('manager-password').fill(who.password);
  await page.getByTestId('manager-login-submit').click();
  if (typeof viewing !== 'string' && viewing.phone) {
    // The sections are in the drawer, closed: the first page of the back office is there instead.
    await expect(page).not.toHaveURL(/\/manager\/login/);
    await expect(page.locator('#main h1')).toBeVisible();
  } else await expect(page.getByTestId('manager-nav-payouts').first()).toBeVisible();
  return page;
}

/** The partner's unread notifications, as the bell counts them. */
export async function unreadBell(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<number> {
  const { token } = await apiToken(request, who.email, who.password);
  const answer = await request.get('/api/getBellNotifications', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as { data: { count: number } }).data.count;
}

/** A partner of the test's own, signed up through the API (the human check solved as the widget does) and confirmed from the mailed link. */
export async function registerPartner(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const client = await publicClient(request);
  const headers = { authorization: `Bearer ${client}` };
  const challenge = await (await request.get('/api/altcha/challenge', { headers })).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const body = {
    first_name: 'Test',
    last_name: 'Partner',
    email: `e2e.${unique}@example.com`,
    password: 'e2e-partner-password',
    password_confirmation: 'e2e-partner-password',
    promo_code: `E2E${unique}`.slice(0, 20).toUpperCase(),
    phone: '+1 555 010 0199',
    date_of_birth: '1990-05-05',
    country: 'US',
    category_id: 1,
    accepted_terms: true,
    locale: 'en',
    altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    ...overrides,
  };
  const res = await request.put('/api/add', { headers, data: body });
  if (res.status() !== 202) throw new Error(`registration failed: ${res.status()} ${await res.text()}`);
  // The account is made, verified, when the link mailed to the address is followed
  // (docs/decisions/060-registration-without-oracle.md).
  const email = (body.email as string).toLowerCase();
  const confirmed = await request.post('/api/auth/verify_email', {
    headers,
    data: { token: await mailedToken(email, 'verify_email'), password: body.password },
  });
  if (!confirmed.ok())
    throw new Error(`sign-up link refused: ${confirmed.status()} ${await confirmed.text()}`);
  return { email: body.email as string, password: body.password as string };
}

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** Each header as written (lower-case name). */
  headers: Map<string, string>;
}

/** The mails the SMTP stand-in received for `email`, oldest first. */
export async function mailsTo(email: string): Promise<ReceivedMail[]> {
  const dir = E2E_MAIL.dir;
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
    const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join() : (mail.to?.text ?? '');
    if (!to.includes(email)) continue;
    const headers = new Map(
      mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()]),
    );
    mails.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', headers });
  }
  return mails;
}

/** The newest link to `route` (`/verify_email?token=…`) in the mails received for `email`. */
export async function mailedLink(email: string, route: string): Promise<string> {
  for (const mail of (await mailsTo(email)).reverse()) {
    const link = mail.text.match(new RegExp(`https?://\\S+/${route}\\?token=\\S+`))?.[0];
    if (link) return link;
  }
  throw new Error(`no ${route} mail for ${email}`);
}

/** The token of the newest link to `route` in the mails received for `email`. */
export async function mailedToken(email: string, route: string): Promise<string> {
  // Mail goes out a moment after the request that caused it: look again for a few seconds.
  for (let attempt = 0; ; attempt++) {
    try {
      return new URL(await mailedLink(email, route)).searchParams.get('token')!;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The webhook secret the browser tests' server is started with (playwright.config.ts). */
export const SHOPIFY_SECRET = 'e2e-webhook-secret';

/** A Shopify webhook delivery, signed as the store signs it (or with another secret, to be refused). */
export function postShopify(
  request: APIRequestContext,
  topic: string,
  payload: unknown,
  options: { webhookId?: string; secret?: string } = {},
) {
  const body = JSON.stringify(payload);
  return request.post('/api/webhooks/shopify', {
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-webhook-id': options.webhookId ?? randomUUID(),
      'x-shopify-hmac-sha256': signShopifyBody(body, options.secret ?? SHOPIFY_SECRET),
    },
    data: body,
  });
}
