// Locale catalogs: one per locale, split into namespaces. `portal` holds what the SPA shows,
// `mail` what the e-mails say, `invoice` what the payout invoice PDFs say (the server's alone:
// the SPA loads only `portal`). Both sides read the same files.
import enPortal from './locales/en/portal.json';
import frPortal from './locales/fr/portal.json';
import enMail from './locales/en/mail.json';
import frMail from './locales/fr/mail.json';
import enInvoice from './locales/en/invoice.json';
import frInvoice from './locales/fr/invoice.json';

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const NAMESPACES = ['portal', 'mail', 'invoice'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const catalogs = {
  en: { portal: enPortal, mail: enMail, invoice: enInvoice },
  fr: { portal: frPortal, mail: frMail, invoice: frInvoice },
} as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
