// The server's side of the locale catalogs: mail text, invoice text, and the messages of API
// answers in the visitor's language. Services and schemas speak in catalog keys (`api.*` as an
// `ApiMessageKey`, `validation.*` as `sayKey` writes them); the error handler turns them into the
// request's language at the very end (docs/decisions/064-errors-by-key.md).
import i18next from 'i18next';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, catalogs, isLocale } from '../common/i18n';
import type { Locale } from '../common/i18n';
import { statusLabelKey } from '../common/statuses';
import type { Status } from '../common/statuses';
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

/** A validation key as `sayKey` writes it: `required`, or `max|100` with its number. */
export type ValidationRef = ValidationKey | `${ValidationKey}|${number}`;

/**
 * A Say for schemas whose messages are translated later: it writes `key` or `key|n`, which
 * `localizeMessage` reads back in the request's language.
 */
export const sayKey = (key: ValidationKey, params?: { n?: number }): ValidationRef =>
  params?.n !== undefined ? `${key}|${params.n}` : key;

export const sayIn =
  (locale: Locale): Say =>
  (key, params) =>
    i18n.t(`validation.${key}`, { lng: locale, ...params });

const KEYED = new RegExp(`^(${VALIDATION_KEYS.join('|')})(?:\\|(\\d+))?$`);

// Every dotted path to a message under the catalog's `api` section: 'not_found',
// 'content.upload_type', 'two_factor.wrong_code'. A capability may keep its messages in a
// subtree of its own.
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type ApiMessageKey = Leaves<(typeof catalogs)['en']['portal']['api']>;
/** Every dotted path to a message of the portal's catalog. */
export type PortalKey = Leaves<(typeof catalogs)['en']['portal']>;
/** Values a message names between double braces (`{{value}}`). */
export type MessageParams = Record<string, string | number>;

type MessageTree = { [key: string]: string | MessageTree };
const leafKeys = (tree: MessageTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
const apiKeys: ReadonlySet<string> = new Set(leafKeys(catalogs.en.portal.api));

export const isApiMessageKey = (value: string): value is ApiMessageKey => apiKeys.has(value);

/** An API message in a language, its params filled in. */
export function sayApi(key: ApiMessageKey, locale: Locale, params?: MessageParams): string {
  return i18n.t(`api.${key}`, { lng: locale, ...params });
}

// Status labels come from a fixed catalog: each is looked up once per language, not once per row.
const statusLabels = new Map<string, string>();

/** A payout's or an earning's status in a language, as lists, mail and invoices show it. */
export function statusLabel(status: Status, locale: Locale): string {
  const key = `${locale}:${status}`;
  let text = statusLabels.get(key);
  if (text === undefined) statusLabels.set(key, (text = i18n.t(statusLabelKey(status), { lng: locale })));
  return text;
}

/**
 * A field's message in the visitor's language: a validation key (`max|100`) or an API message
 * key is translated; any other text (a message already in its final words) is answered as it is.
 */
export function localizeMessage(message: string, locale: Locale): string {
  const keyed = KEYED.exec(message);
  if (keyed) {
    const n = keyed[2] === undefined ? undefined : Number(keyed[2]);
    return sayIn(locale)(keyed[1] as ValidationKey, n === undefined ? undefined : { n });
  }
  return isApiMessageKey(message) ? sayApi(message, locale) : message;
}
