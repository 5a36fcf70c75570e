// The test reads the files the seed will read; it runs in Node only and never ships to the SPA.
// eslint-disable-next-line no-restricted-imports -- a test of data on disk
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCaption } from './caption-check';
import { HASHTAG_RULES, hasRequiredHashtagsUpFront, productContentSchema } from './content';
import type { ProductContent } from './content';
import { PRODUCT_CODES } from './products';
import type { ProductCode } from './products';

const root = new URL('../content/products/', import.meta.url);
const LOCALES = ['en', 'fr'] as const;
type Locale = (typeof LOCALES)[number];

const load = (code: string, locale: string): unknown =>
  JSON.parse(readFileSync(new URL(`${code}/${locale}.json`, root), 'utf8'));

// Disease-claim words (docs/product/content.md#caption-check) in the forms copy would use; word-bounded so "health" or
// "extrait" do not count.
const DISEASE_WORDS: Record<Locale, RegExp> = {
  en: /\b(cur(e|es|ed|ing)|treat(s|ed|ing|ment|ments)?|prevent(s|ed|ing|ion|ive)?|diagnos(e|es|ed|ing|is)|heal(s|ed|ing)?)\b/i,
  fr: /(?<![\p{L}])(guéri\p{L}*|trait(er|e|es|é|ée|és|ement|ements)|préven\p{L}*|prévien\p{L}*|diagnosti\p{L}*|soign\p{L}*)(?![\p{L}])/iu,
};

const parsed = Object.fromEntries(
  PRODUCT_CODES.map((code) => [
    code,
    Object.fromEntries(LOCALES.map((locale) => [locale, productContentSchema.parse(load(code, locale))])),
  ]),
) as Record<ProductCode, Record<Locale, ProductContent>>;

describe('product talking points on disk', () => {
  it('has exactly the 16 product folders, each with both locales and its pack shot', () => {
    expect(readdirSync(root).sort()).toEqual([...PRODUCT_CODES].sort());
    for (const code of PRODUCT_CODES) {
      expect(readdirSync(new URL(code, root)).sort()).toEqual(['artwork.webp', 'en.json', 'fr.json']);
    }
  });

  it.each(PRODUCT_CODES.flatMap((code) => LOCALES.map((locale) => [code, locale] as const)))(
    '%s/%s passes the schema',
    (code, locale) => {
      const result = productContentSchema.safeParse(load(code, locale));
      expect(result.error?.issues ?? []).toEqual([]);
    },
  );

  it.each(PRODUCT_CODES)('%s: every caption has {code} once and both hashtags before the cut', (code) => {
    for (const locale of LOCALES) {
      for (const caption of parsed[code][locale].captions) {
        expect(caption.split(HASHTAG_RULES.codePlaceholder)).toHaveLength(2);
        const head = caption.slice(0, HASHTAG_RULES.disclosureWithin);
        expect(head).toContain(HASHTAG_RULES.brand);
        expect(
          HASHTAG_RULES.disclosures.some((tag) => head.includes(tag)),
          caption,
        ).toBe(true);
      }
    }
  });

  it.each(PRODUCT_CODES)('%s: no disease words in benefits or captions', (code) => {
    for (const locale of LOCALES) {
      const content = parsed[code][locale];
      const texts = [
        content.subtitle,
        ...content.benefits.map((b) => b.text),
        ...content.captions,
        ...content.caption_ideas,
      ];
      for (const text of texts) expect(text).not.toMatch(DISEASE_WORDS[locale]);
    }
  });

  it.each(PRODUCT_CODES)('%s: English and French carry the same number of benefits and captions', (code) => {
    expect(parsed[code].fr.benefits).toHaveLength(parsed[code].en.benefits.length);
    expect(parsed[code].fr.captions).toHaveLength(parsed[code].en.captions.length);
  });

  it('states the spec facts in both languages', () => {
    for (const code of ['kids', 'womens'] as const) {
      for (const locale of LOCALES) {
        const benefits = parsed[code][locale].benefits.map((b) => b.text).join(' ');
        expect(benefits).toMatch(/\b13\b/);
        expect(benefits).toMatch(/\b18\b/);
        expect(parsed[code][locale].subtitle).toMatch(/13 .*18 /);
      }
    }
    expect(parsed.xsleep.en.benefits.map((b) => b.text).join(' ')).toMatch(/10 mg melatonin per serving/);
    expect(parsed.xsleep.fr.benefits.map((b) => b.text).join(' ')).toMatch(/10 mg de mélatonine par portion/);
  });
});

describe('disease-word patterns', () => {
  it('catch the claims they are meant for and leave ordinary words alone', () => {
    for (const bad of ['cures colds', 'treats', 'prevention', 'diagnose', 'heals'])
      expect(bad).toMatch(DISEASE_WORDS.en);
    for (const fine of ['healthy', 'health', 'treaty', 'alertness'])
      expect(fine).not.toMatch(DISEASE_WORDS.en);
    for (const bad of ['guérit', 'traiter', 'traitement', 'prévient', 'prévenir', 'diagnostiquer', 'soigne'])
      expect(bad).toMatch(DISEASE_WORDS.fr);
    for (const fine of ['extrait', 'santé', 'soin']) expect(fine).not.toMatch(DISEASE_WORDS.fr);
  });
});

describe('productContentSchema', () => {
  const good = () => structuredClone(parsed.acv.en);

  it('refuses a caption without the code, with it twice, or with the disclosure past the cut', () => {
    const noCode = good();
    noCode.captions[0] = '#Ad #SunbitePartner no code here';
    expect(productContentSchema.safeParse(noCode).success).toBe(false);
    const twice = good();
    twice.captions[0] = '#Ad #SunbitePartner {code} and {code}';
    expect(productContentSchema.safeParse(twice).success).toBe(false);
    const late = good();
    late.captions[0] = `${'x'.repeat(HASHTAG_RULES.disclosureWithin)} #Ad #SunbitePartner {code}`;
    expect(productContentSchema.safeParse(late).success).toBe(false);
  });

  it('refuses required hashtags without a disclosure, and unknown fields', () => {
    const promo = good();
    promo.required_hashtags = ['#SunbitePartner', '#Promo'];
    expect(productContentSchema.safeParse(promo).success).toBe(false);
    // The French disclosures are disclosures, in any case, the accent optional.
    for (const tag of ['#Pub', '#Publicité', '#publicite', '#Commandité', '#Partenariat']) {
      const french = good();
      french.required_hashtags = ['#SunbitePartner', tag];
      expect(productContentSchema.safeParse(french).success, tag).toBe(true);
    }
    expect(productContentSchema.safeParse({ ...good(), extra: 1 }).success).toBe(false);
  });

  it('reads a disclosure only as a whole tag', () => {
    expect(hasRequiredHashtagsUpFront('#Ad #SunbitePartner')).toBe(true);
    expect(hasRequiredHashtagsUpFront('#Adventure #SunbitePartner')).toBe(false);
    expect(hasRequiredHashtagsUpFront('#Paid #SunbitePartners')).toBe(false);
    expect(hasRequiredHashtagsUpFront('#Commandité #SunbitePartner')).toBe(true);
    expect(hasRequiredHashtagsUpFront('Partenariat rémunéré #SunbitePartner')).toBe(true);
    expect(hasRequiredHashtagsUpFront('#Publicitaire #SunbitePartner')).toBe(false);
  });
});

// The caption check (docs/product/content.md#caption-check) must not raise an alarm on the program's own ready captions.
describe('the ready captions under the caption check', () => {
  for (const code of PRODUCT_CODES) {
    for (const locale of ['en', 'fr'] as const) {
      it(`${code} (${locale}) pass every rule, with no warning`, () => {
        const product = productContentSchema.parse(load(code, locale));
        for (const caption of product.captions) {
          const text = caption.replace('{code}', 'MAYA15');
          const result = checkCaption({
            text,
            code: 'MAYA15',
            locale,
            product,
            competitors: ['Gummyco', 'Vitaburst'],
          });
          const alarms = result.findings
            .filter((f) => !f.ok && f.severity !== 'info')
            .map((f) => `${f.rule}: ${f.matches.map((m) => m.text).join(', ')}`);
          expect(alarms, text).toEqual([]);
          expect(result.ok).toBe(true);
        }
      });
    }
  }
});
