// The test reads the page files the seed will read; it runs in Node only and never ships to the SPA.
// eslint-disable-next-line no-restricted-imports -- a test of data on disk
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCaption } from './caption-check';
import { DISCLOSURE_HASHTAGS, DISCLOSURE_PHRASES } from './disclosures';
import {
  PAGE_SLUGS,
  PAGE_VARIABLES,
  hasRequiredHashtagsUpFront,
  pageContentSchema,
  productContentSchema,
} from './content';
import type { PageBlock, PageContent, PageSlug } from './content';

const root = new URL('../content/pages/', import.meta.url);
const LOCALES = ['en', 'fr'] as const;
type Locale = (typeof LOCALES)[number];

const load = (slug: string, locale: string): unknown =>
  JSON.parse(readFileSync(new URL(`${slug}/${locale}.json`, root), 'utf8'));

const pages = Object.fromEntries(
  PAGE_SLUGS.map((slug) => [
    slug,
    Object.fromEntries(LOCALES.map((locale) => [locale, pageContentSchema.parse(load(slug, locale))])),
  ]),
) as Record<PageSlug, Record<Locale, PageContent>>;

const CASES = PAGE_SLUGS.flatMap((slug) => LOCALES.map((locale) => [slug, locale] as const));

/** One piece of prose of a page and where it sits, so a failure names its place. */
interface Piece {
  section: string | null;
  kind: PageBlock['type'] | 'title' | 'lead' | 'heading' | 'group';
  text: string;
}

function piecesOf(page: PageContent): Piece[] {
  const pieces: Piece[] = [
    { section: null, kind: 'title', text: page.title },
    { section: null, kind: 'lead', text: page.lead },
  ];
  for (const section of page.sections) {
    const at = (kind: Piece['kind'], text: string) => pieces.push({ section: section.id, kind, text });
    at('heading', section.heading);
    if (section.group) at('group', section.group);
    for (const block of section.blocks) {
      if ('items' in block) for (const item of block.items) at(block.type, item);
      else at(block.type, block.text);
    }
  }
  return pieces;
}

const sectionText = (page: PageContent, id: string) =>
  piecesOf(page)
    .filter((p) => p.section === id)
    .map((p) => p.text)
    .join('\n');

const variablesIn = (page: PageContent) =>
  new Set(piecesOf(page).flatMap((p) => [...p.text.matchAll(/\{\{([^}]*)\}\}/g)].map((m) => m[1])));

// Disease-claim words (docs/product/content.md#caption-check): the same patterns as content.test.ts uses on the talking
// points, word-bounded so "health", "treaty" or "extrait" do not count.
const DISEASE_WORDS: Record<Locale, RegExp> = {
  en: /\b(cur(e|es|ed|ing)|treat(s|ed|ing|ment|ments)?|prevent(s|ed|ing|ion|ive)?|diagnos(e|es|ed|ing|is)|heal(s|ed|ing)?)\b/i,
  fr: /(?<![\p{L}])(guéri\p{L}*|trait(er|e|es|é|ée|és|ement|ements)|préven\p{L}*|prévien\p{L}*|diagnosti\p{L}*|soign\p{L}*)(?![\p{L}])/iu,
};

// A sentence that names the words only to rule them out ("Never say a product cures…").
const FORBIDDING: Record<Locale, RegExp> = {
  en: /\b(never|not|no|don[’']t|avoid|forbidden)\b/i,
  fr: /(?<![\p{L}])(jamais|pas|aucune?|interdit\p{L}*|évitez)(?![\p{L}])/iu,
};

// The pages have to tell partners which words are off limits, so those words appear in the
// rule that forbids them. Only these sections may name them, and only in a sentence that
// forbids them (or as an item of a "don't" list): anywhere else, a disease word is a claim.
const DISEASE_RULE_SECTIONS: Partial<Record<PageSlug, readonly string[]>> = {
  terms: ['content-and-disclosure'],
  post_guidelines: ['use-approved-claims'],
  crafting_perfect_post: ['dos-and-donts'],
};

const sentencesOf = (text: string) => text.split(/(?<=[.!?…])\s+/);

/** The places where a disease word stands outside a sentence that forbids it. */
function diseaseClaims(slug: PageSlug, locale: Locale, page: PageContent): string[] {
  const allowed = DISEASE_RULE_SECTIONS[slug] ?? [];
  const claims: string[] = [];
  for (const piece of piecesOf(page)) {
    for (const sentence of sentencesOf(piece.text)) {
      if (!DISEASE_WORDS[locale].test(sentence)) continue;
      const forbids = piece.kind === 'dont' || FORBIDDING[locale].test(sentence);
      if (!(piece.section !== null && allowed.includes(piece.section) && forbids))
        claims.push(`${piece.section ?? piece.kind}: ${sentence}`);
    }
  }
  return claims;
}

describe('pages on disk', () => {
  it('has exactly one folder per page slug, each with both locales', () => {
    expect(readdirSync(root).sort()).toEqual([...PAGE_SLUGS].sort());
    for (const slug of PAGE_SLUGS)
      expect(readdirSync(new URL(slug, root)).sort()).toEqual(['en.json', 'fr.json']);
  });

  it.each(CASES)('%s/%s passes the schema', (slug, locale) => {
    const result = pageContentSchema.safeParse(load(slug, locale));
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it.each(CASES)('%s/%s names only program values the server fills in', (slug, locale) => {
    const page = pages[slug][locale];
    for (const name of variablesIn(page)) expect(PAGE_VARIABLES as readonly string[]).toContain(name);
    // A stray or half-typed brace would reach the partner as is.
    for (const { text } of piecesOf(page)) {
      const withoutVariables = text.replace(/\{\{[a-z_]+\}\}/g, '');
      expect(withoutVariables, text).not.toMatch(/[{}]/);
    }
  });

  it.each(CASES)('%s/%s: holding_days is a bare number, so the text writes its unit', (slug, locale) => {
    // The server fills {{holding_days}} with the number of days only; "30 days" comes from here.
    const unit = locale === 'en' ? 'days' : 'jours';
    for (const { text } of piecesOf(pages[slug][locale]))
      for (const m of text.matchAll(/\{\{holding_days\}\}(.{0,6})/g))
        expect(m[1], text).toMatch(new RegExp(`^ ${unit}\\b`));
  });

  it.each(CASES)('%s/%s is plain text with balanced **bold** as the only mark', (slug, locale) => {
    for (const { text } of piecesOf(pages[slug][locale])) {
      expect(text.split('**').length % 2, text).toBe(1);
      expect(text, text).not.toMatch(/<\/?[a-z]|\]\(|(^|\s)#{1,6}\s|__/i);
    }
  });

  it.each(PAGE_SLUGS)(
    '%s: English and French share their section ids, in the same order (anchors match)',
    (slug) => {
      expect(pages[slug].fr.sections.map((s) => s.id)).toEqual(pages[slug].en.sections.map((s) => s.id));
    },
  );

  it.each(PAGE_SLUGS)('%s: French keeps the program values English names', (slug) => {
    const en = variablesIn(pages[slug].en);
    // The French FAQ writes the commission range out ("de 10 % à 25 %"), as the spec asks.
    if (slug === 'faq') for (const name of ['commission_min', 'commission_max']) en.delete(name);
    const fr = variablesIn(pages[slug].fr);
    for (const name of en) expect(fr, `${slug}/fr lacks {{${name}}}`).toContain(name);
  });

  it.each(CASES)('%s/%s has no disease claim outside the rule that forbids it', (slug, locale) => {
    expect(diseaseClaims(slug, locale, pages[slug][locale])).toEqual([]);
  });
});

describe('faq', () => {
  it.each(LOCALES)('%s: 16 to 24 questions, each in a group, groups kept together', (locale) => {
    const { sections } = pages.faq[locale];
    expect(sections.length).toBeGreaterThanOrEqual(16);
    expect(sections.length).toBeLessThanOrEqual(24);
    for (const s of sections) {
      expect(s.group, s.id).toBeTruthy();
      expect(s.heading, s.id).toMatch(/\?$/);
    }
    const runs = sections.map((s) => s.group).filter((g, i, all) => g !== all[i - 1]);
    expect(new Set(runs).size, 'a group appears in two places').toBe(runs.length);
  });

  it('groups the same questions together in both languages', () => {
    const pairs = new Set(
      pages.faq.en.sections.map((s, i) => `${s.group}→${pages.faq.fr.sections[i]?.group}`),
    );
    const groups = new Set(pages.faq.en.sections.map((s) => s.group));
    expect(pairs.size).toBe(groups.size);
  });

  it('answers the questions the program needs answered', () => {
    const ids = pages.faq.en.sections.map((s) => s.id);
    for (const id of [
      'how-much-do-i-earn',
      'when-does-a-sale-count',
      'holding-period',
      'refunds-and-cancellations',
      'how-to-cash-out',
      'paypal-only',
      'how-long-does-a-payout-take',
      'invoices',
      'change-my-code',
      'who-to-contact',
      'caption-check',
      'grab-and-go-images',
      'delete-my-account',
    ])
      expect(ids).toContain(id);
    const en = sectionText(pages.faq.en, 'how-to-cash-out');
    expect(en).toContain('{{minimum_payout}}');
    expect(en).toMatch(/PayPal/);
    expect(sectionText(pages.faq.en, 'how-much-do-i-earn')).toMatch(
      /\{\{commission_min\}\}.*\{\{commission_max\}\}/,
    );
    expect(sectionText(pages.faq.en, 'how-long-does-a-payout-take')).toContain('{{manager_threshold}}');
  });

  it('states the commission range in French as the spec words it: from 10 % to 25 % by number of sales', () => {
    const answer = sectionText(pages.faq.fr, 'how-much-do-i-earn');
    expect(answer).toMatch(/de 10[\s\u00a0\u202f]%[\s\u00a0\u202f]à 25[\s\u00a0\u202f]%/);
    expect(answer).toMatch(/selon le nombre de ventes/);
  });

  it('only terms and policy carry an effective date, the same in both languages', () => {
    for (const slug of PAGE_SLUGS) {
      const { en, fr } = pages[slug];
      if (slug === 'terms' || slug === 'policy') {
        expect(en.effective_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(fr.effective_date).toBe(en.effective_date);
      } else {
        expect(en.effective_date).toBeUndefined();
        expect(fr.effective_date).toBeUndefined();
      }
      if (slug !== 'faq')
        for (const s of [...en.sections, ...fr.sections]) expect(s.group, `${slug}#${s.id}`).toBeUndefined();
    }
  });
});

describe('terms and policy', () => {
  it.each(LOCALES)(
    '%s: the terms cover eligibility, payouts and disclosure with the program values',
    (locale) => {
      const terms = pages.terms[locale];
      expect(sectionText(terms, 'eligibility')).toMatch(/18/);
      const payouts = sectionText(terms, 'payouts');
      for (const v of ['{{minimum_payout}}', '{{manager_threshold}}']) expect(payouts).toContain(v);
      expect(payouts).toMatch(/PayPal/);
      expect(sectionText(terms, 'commissions')).toContain('{{holding_days}}');
      const disclosure = sectionText(terms, 'content-and-disclosure');
      for (const tag of ['#Ad', '#Sponsored', '#Paid', '#SunbitePartner', '125'])
        expect(disclosure).toContain(tag);
    },
  );

  it.each(LOCALES)('%s: the policy names its contact and no other address than the brand’s', (locale) => {
    const text = piecesOf(pages.policy[locale])
      .map((p) => p.text)
      .join('\n');
    expect(text).toContain('privacy@sunbite.example');
    for (const page of PAGE_SLUGS) {
      const all = piecesOf(pages[page][locale])
        .map((p) => p.text)
        .join('\n');
      for (const [address] of all.matchAll(/[\w.+-]+@[\w.-]+\w/g))
        expect(address).toMatch(/^(partners|privacy)@sunbite\.example$/);
    }
  });
});

describe('post_guidelines', () => {
  // The eight rules of docs/product/content.md#post-rules, in its order; each heading must say its rule.
  const RULES: readonly { id: string; en: RegExp; fr: RegExp }[] = [
    { id: 'include-your-promo-code', en: /promo code/i, fr: /code promo/i },
    { id: 'include-the-required-hashtags', en: /required hashtags/i, fr: /mots-clics obligatoires/i },
    { id: 'follow-the-ftc-disclosure-rules', en: /FTC disclosure/, fr: /divulgation de la FTC/ },
    {
      id: 'use-approved-claims',
      en: /approved health claims.*ingredient/i,
      fr: /allégations santé approuvées.*ingrédient/i,
    },
    {
      id: 'no-competitor-names-or-logos',
      en: /competitor names or logos/i,
      fr: /nom ni logo de concurrent/i,
    },
    {
      id: 'do-not-disparage-other-brands',
      en: /disparage other brands/i,
      fr: /dénigrez pas les autres marques/i,
    },
    { id: 'include-a-photo-or-video', en: /photo or video/i, fr: /photo ou une vidéo/i },
    { id: 'respond-to-followers', en: /respond to followers/i, fr: /répondez à vos abonnés/i },
  ];

  it.each(LOCALES)('%s: an intro, then the 8 rules in order, numbered', (locale) => {
    const { sections } = pages.post_guidelines[locale];
    expect(sections.map((s) => s.id)).toEqual(['before-you-post', ...RULES.map((r) => r.id)]);
    RULES.forEach((rule, i) => {
      const heading = sections[i + 1]?.heading;
      expect(heading).toMatch(new RegExp(`^${i + 1}\\. `));
      expect(heading).toMatch(rule[locale]);
    });
  });

  it.each(LOCALES)(
    '%s: the hashtag rule names the brand tag and every disclosure the check accepts',
    (locale) => {
      const text = sectionText(pages.post_guidelines[locale], 'include-the-required-hashtags');
      for (const tag of ['#SunbitePartner', ...DISCLOSURE_HASHTAGS, ...DISCLOSURE_PHRASES, '125'])
        expect(text).toContain(tag);
    },
  );
});

describe('crafting_perfect_post', () => {
  // docs/product/content.md#posting-times: about 9am, 1pm and 6–11pm Monday to Friday; Instagram 12:00–13:00 on weekdays.
  const TIMES: Record<Locale, RegExp[]> = {
    // Written as the chart writes them (Intl's en-US "9 AM", Quebec's "9 h"), never broken across lines.
    en: [
      /\b9\u202FAM\b/,
      /\b1\u202FPM\b/,
      /\b6\u202FPM to 11\u202FPM\b/,
      /Monday to Friday/,
      /Instagram[^.]*12\u202FPM to 1\u202FPM on weekdays/,
    ],
    fr: [
      /\b9\u00A0h\b/,
      /\b13\u00A0h\b/,
      /De 18\u00A0h à 23\u00A0h/,
      /Du lundi au vendredi/,
      /Instagram[^.]*en semaine va de 12\u00A0h à 13\u00A0h/,
    ],
  };

  it.each(LOCALES)('%s: times the post with the spec’s posting times', (locale) => {
    const text = sectionText(pages.crafting_perfect_post[locale], 'time-your-post');
    for (const pattern of TIMES[locale]) expect(text).toMatch(pattern);
  });

  it.each(LOCALES)('%s: the scene, the caption, and do and don’t lists', (locale) => {
    const page = pages.crafting_perfect_post[locale];
    expect(page.sections.map((s) => s.id)).toEqual(
      expect.arrayContaining(['time-your-post', 'set-the-scene', 'craft-your-caption', 'dos-and-donts']),
    );
    const types = page.sections.find((s) => s.id === 'dos-and-donts')!.blocks.map((b) => b.type);
    expect(types).toEqual(expect.arrayContaining(['do', 'dont']));
    const caption = sectionText(page, 'craft-your-caption');
    for (const word of [
      '#SunbitePartner',
      '125',
      locale === 'en' ? 'caption check' : 'vérification de légende',
    ])
      expect(caption).toContain(word);
  });

  // The sample caption the guide holds up as the model must itself pass the caption check.
  it.each(LOCALES)('%s: the sample caption passes the caption check with no warning', (locale) => {
    const text = sectionText(pages.crafting_perfect_post[locale], 'craft-your-caption');
    const sample = [...text.matchAll(/[“«]\s*([^”»]*#SunbitePartner[^”»]*?)\s*[”»]/g)].map((m) => m[1]);
    expect(sample).toHaveLength(1);
    const product = productContentSchema.parse(
      JSON.parse(readFileSync(new URL(`../content/products/ashwa/${locale}.json`, import.meta.url), 'utf8')),
    );
    const result = checkCaption({ text: sample[0]!, code: 'MAYA15', locale, product, competitors: [] });
    const alarms = result.findings.filter((f) => !f.ok && f.severity !== 'info').map((f) => f.rule);
    expect(alarms).toEqual([]);
  });
});

describe('example captions', () => {
  // Any quoted example carrying the brand tag, outside a "don't" list, shows the disclosure up front.
  it.each(CASES)('%s/%s: examples with #SunbitePartner disclose before the cut', (slug, locale) => {
    for (const piece of piecesOf(pages[slug][locale])) {
      if (piece.kind === 'dont') continue;
      for (const [, quoted = ''] of piece.text.matchAll(/[“«]\s*([^”»]*)[”»]/g))
        if (quoted.includes('#SunbitePartner')) expect(hasRequiredHashtagsUpFront(quoted), quoted).toBe(true);
    }
  });
});

describe('the disease-claim guard', () => {
  const page = (section: string, text: string, type: 'p' | 'dont' = 'p'): PageContent => ({
    title: 'T',
    lead: 'L',
    sections: [
      { id: section, heading: 'H', blocks: [type === 'dont' ? { type, items: [text] } : { type, text }] },
    ],
  });

  it('flags a claim, and a forbidding sentence outside the rule sections', () => {
    expect(diseaseClaims('faq', 'en', page('caption-check', 'These gummies cure colds.'))).toHaveLength(1);
    expect(diseaseClaims('faq', 'en', page('caption-check', 'Never say they cure colds.'))).toHaveLength(1);
    expect(diseaseClaims('faq', 'fr', page('caption-check', 'Ces jujubes soignent le rhume.'))).toHaveLength(
      1,
    );
  });

  it('flags a claim inside a rule section when its sentence does not forbid it', () => {
    expect(
      diseaseClaims('post_guidelines', 'en', page('use-approved-claims', 'Never lie. These gummies heal.')),
    ).toEqual(['use-approved-claims: These gummies heal.']);
    expect(
      diseaseClaims('post_guidelines', 'fr', page('use-approved-claims', 'Ce jujube prévient la fatigue.')),
    ).toHaveLength(1);
  });

  it('lets the rule name the words it forbids', () => {
    expect(
      diseaseClaims(
        'post_guidelines',
        'en',
        page('use-approved-claims', 'Never say a product cures anything.'),
      ),
    ).toEqual([]);
    expect(
      diseaseClaims(
        'post_guidelines',
        'fr',
        page('use-approved-claims', 'Ne dites jamais qu’un produit guérit.'),
      ),
    ).toEqual([]);
    expect(
      diseaseClaims(
        'crafting_perfect_post',
        'en',
        page('dos-and-donts', 'Claims that it treats anything.', 'dont'),
      ),
    ).toEqual([]);
  });
});
