// The server's side of the locale catalogs: mail text, invoice text, and the messages of API
// answers in the visitor's language. Services and schemas speak in English spec messages or
// `validation.*` keys; the error handler turns both into the request's language at the very end.
import i18next from 'i18next';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, catalogs, isLocale } from '../common/i18n';
import type { Locale } from '../common/i18n';
import { VALIDATION_KEYS } from '../common/validation';
import type { Say, ValidationKey } from '../common/validation';

export const i18n = i18next.createInstance();
void i18n.init({
  resources: catalogs,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  ns: ['portal', 'mail', 'invoice'],
  defaultNS: 'portal',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** The visitor's language: the first of en/fr named in Accept-Language (the SPA sends its own). */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const header = request.headers['accept-language'];
  for (const part of (typeof header === 'string' ? header : '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}

/**
 * A Say for schemas whose messages are translated later: it writes `key` or `key|n`, which
 * `localizeMessage` reads back in the request's language.
 */
export const sayKey: Say = (key, params) => (params?.n !== undefined ? `${key}|${params.n}` : key);

export const sayIn = (locale: Locale): Say => (key, params) => i18n.t(`validation.${key}`, { lng: locale, ...params });

const KEYED = new RegExp(`^(${VALIDATION_KEYS.join('|')})(?:\\|(\\d+))?$`);

// English API messages (the spec's wording) mapped back to their catalog keys; a capability may
// keep its messages in a subtree of its own (`api.content.text_stale`).
type MessageTree = { [key: string]: string | MessageTree };
const messageKeys = (tree: MessageTree, prefix: string): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[value, `${prefix}.${key}`] as [string, string]] : messageKeys(value, `${prefix}.${key}`),
  );
const apiKeys = new Map(messageKeys(catalogs.en.portal.api, 'api'));

/** A message from a schema or a service, in the visitor's language. */
export function localizeMessage(message: string, locale: Locale): string {
  const keyed = KEYED.exec(message);
  if (keyed) {
    const n = keyed[2] === undefined ? undefined : Number(keyed[2]);
    return sayIn(locale)(keyed[1] as ValidationKey, n === undefined ? undefined : { n });
  }
  const apiKey = apiKeys.get(message);
  return apiKey ? i18n.t(apiKey, { lng: locale, defaultValue: message }) : message;
}
