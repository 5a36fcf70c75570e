// What staff write for partners in both languages (announcements, custom notifications, promos,
// challenges): a title and a text per language; a language left out is no version at all.
import { z } from 'zod';
import { MESSAGE_LIMITS } from '../../common/contracts/notifications';
import { noNul } from '../../common/validation';
import type { Locale } from '../../common/i18n';
import { sayKey } from '../i18n';

const required = sayKey('required');
// PostgreSQL's text cannot hold a NUL character: refused as input, not a 500 from the database.
const text = (max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, sayKey('max', { n: max }))
    .refine(noNul, sayKey('wrong_value'));

const version = z.object({ title: text(MESSAGE_LIMITS.title), body: text(MESSAGE_LIMITS.body) });

export const bilingualContent = z
  .object({ en: version.optional(), fr: version.optional() }, { error: required })
  .describe('In English and in French; a language left out is not a version (at least one is needed)');

export interface BilingualText {
  title: string;
  body: string;
}
export type BilingualContent = Partial<Record<Locale, BilingualText>>;

/** Only the languages written, in a fixed order (what is stored). */
export const writtenContent = (content: BilingualContent): BilingualContent =>
  Object.fromEntries(
    (['en', 'fr'] as const).filter((locale) => content[locale]).map((locale) => [locale, content[locale]]),
  );

export const hasSomeText = (content: BilingualContent) => Boolean(content.en || content.fr);

/** The version a reader of `locale` sees (French readers French, everyone else English), if any. */
export const versionFor = (content: BilingualContent, locale: string): BilingualText | undefined =>
  content[locale === 'fr' ? 'fr' : 'en'];
