// The words of a notification the program writes itself (a sale, a badge, a cash-out, a challenge
// met, a test), kept as catalog keys and their facts rather than as sentences: the portal shows
// them in the language of the interface it is read in, the mail in the mail language
// (docs/decisions/069-notification-words.md). A staff message's copy needs none: its words are
// the message's own, in both languages.
import { isLocale, type Locale } from '../../../common/i18n';
import { i18n, type PortalKey } from '../../i18n';

/** A fact a sentence takes: as it is, an amount, percent points, another key's words, or a text written in each language. */
export type WordParam =
  | string
  | number
  | { money: number; currency: string }
  | { percent: number }
  | { key: PortalKey }
  | { text: Partial<Record<Locale, string>> };

export interface Phrase {
  key: PortalKey;
  params?: Record<string, WordParam>;
}

/** The title, and the body as sentences joined by a space. */
export interface NotificationWords {
  title: Phrase;
  body: Phrase[];
}

// A formatter costs far more to build than to use: one per language and style.
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(lng: Locale, style: string, build: () => Intl.NumberFormat): Intl.NumberFormat {
  const key = `${lng}:${style}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = build()));
  return format;
}

const tagOf = (lng: Locale) => (lng === 'fr' ? 'fr-CA' : 'en-US');

/** An amount as a partner reads it in their language (notifications, e-mails). */
export const formatMoney = (cents: number, locale: string, currency: string) => {
  const lng: Locale = locale === 'fr' ? 'fr' : 'en';
  return formatter(
    lng,
    currency,
    () => new Intl.NumberFormat(tagOf(lng), { style: 'currency', currency }),
  ).format(cents / 100);
};

/** Percent points as a partner reads them (20 %, 12,5 % in French). */
export const formatPercent = (points: number, locale: string) => {
  const lng: Locale = locale === 'fr' ? 'fr' : 'en';
  return formatter(
    lng,
    '%',
    () => new Intl.NumberFormat(tagOf(lng), { style: 'percent', maximumFractionDigits: 2 }),
  ).format(points / 100);
};

function sayParam(param: WordParam, lng: Locale): string | number {
  if (typeof param === 'string' || typeof param === 'number') return param;
  if ('money' in param) return formatMoney(param.money, lng, param.currency);
  if ('percent' in param) return formatPercent(param.percent, lng);
  if ('key' in param) return i18n.t(param.key, { lng });
  // A text written in one language only is read in that one.
  return param.text[lng] ?? param.text.en ?? param.text.fr ?? '';
}

const sayPhrase = (phrase: Phrase, lng: Locale) =>
  i18n.t(phrase.key, {
    lng,
    ...Object.fromEntries(Object.entries(phrase.params ?? {}).map(([name, p]) => [name, sayParam(p, lng)])),
  });

/** The words in `locale`'s language (English for any other). */
export function sayWords(words: NotificationWords, locale: string): { title: string; body: string } {
  const lng: Locale = isLocale(locale) ? locale : 'en';
  return { title: sayPhrase(words.title, lng), body: words.body.map((p) => sayPhrase(p, lng)).join(' ') };
}

const phraseKnown = (phrase: Phrase) =>
  i18n.exists(phrase.key) &&
  Object.values(phrase.params ?? {}).every(
    (param) => typeof param !== 'object' || !('key' in param) || i18n.exists(param.key),
  );

/**
 * Stored words read back; undefined for a row written before they were kept, or not by the
 * program, and for words naming a key the catalog no longer has (the stored sentences are shown).
 */
export function storedWords(json: string | null): NotificationWords | undefined {
  if (json === null) return undefined;
  const words = JSON.parse(json) as NotificationWords;
  return phraseKnown(words.title) && words.body.every(phraseKnown) ? words : undefined;
}
