import { describe, expect, it } from 'vitest';
import {
  applyCaptionFix,
  BRAND_HASHTAG,
  CAPTION_RULES,
  checkCaption,
  DISCLOSURE_HASHTAGS,
} from './caption-check';
import type { CaptionCheckInput, CaptionProduct, CaptionRule } from './caption-check';

const CODE = 'LEA2026';
const competitors = ['Olly', 'Goli', "Nature's Bounty", 'Nature', 'Vitafusion'];

const sleep: CaptionProduct = {
  name: 'Sleep Gummies',
  benefits: [
    { text: 'Melatonin helps you fall asleep faster', ingredient: 'Melatonin' },
    { text: 'L-theanine supports a calm, relaxed mind before bed', ingredient: 'L-theanine' },
  ],
};
const immuneFr: CaptionProduct = {
  name: 'Gummies Immunité',
  benefits: [
    {
      text: 'La vitamine C contribue au fonctionnement normal du système immunitaire',
      ingredient: 'Vitamine C',
    },
    { text: 'Le zinc soutient les défenses naturelles', ingredient: 'Zinc' },
  ],
};

type Options = Partial<Omit<CaptionCheckInput, 'text'>>;
const check = (text: string, options: Options = {}) =>
  checkCaption({ text, code: CODE, locale: 'en', competitors, ...options });
const finding = (text: string, rule: CaptionRule, options: Options = {}) => {
  const found = check(text, options).findings.find((f) => f.rule === rule);
  if (!found) throw new Error(`no finding for ${rule}`);
  return found;
};
/** The rules that fail, whatever their severity. */
const failing = (text: string, options: Options = {}) =>
  check(text, options)
    .findings.filter((f) => !f.ok)
    .map((f) => f.rule);

/** Applies the fixes one at a time, re-checking in between, as the UI's buttons do. */
function fixAll(text: string, options: Options = {}) {
  let current = text;
  for (let step = 0; step < 20; step++) {
    const next = check(current, options).findings.find((f) => !f.ok && f.fix);
    if (!next?.fix) break;
    current = applyCaptionFix(current, next.fix);
  }
  return current;
}

const good: [string, string, Options][] = [
  [
    'EN, claim tied to its ingredient',
    '#Ad Bedtime just got easier 🌙 Melatonin helps me fall asleep faster. Use code LEA2026 for 15% off! #SunbitePartner #sleepgummies',
    { product: sleep },
  ],
  [
    'EN, product name is not a claim',
    '#Sponsored My new nightly ritual: Sleep Gummies 💜 L-theanine supports a calm mind before bed. Code LEA2026 saves you 15%. #SunbitePartner',
    { product: sleep },
  ],
  [
    'EN, a sweet treat is not a treatment',
    '#Ad My favourite sweet treat after the gym 🍓 code LEA2026 #SunbitePartner',
    {},
  ],
  ['EN, treat yourself', '#Paid Treat yourself tonight, code lea2026 at checkout. #sunbitepartner', {}],
  [
    'EN, claim in the benefit’s own words without the ingredient',
    '#Ad Helps you fall asleep faster, no kidding.\nCode: LEA2026 #SunbitePartner',
    { product: sleep },
  ],
  [
    'FR, allégation liée à l’ingrédient',
    '#Ad Mes défenses, je les prends au sérieux ! La vitamine C contribue au fonctionnement normal du système immunitaire. Code LEA2026 pour 15 % de rabais. #SunbitePartner #immunité',
    { locale: 'fr', product: immuneFr },
  ],
  [
    'FR, une cure de 30 jours',
    '#Paid Je commence une cure de 30 jours avec mes gummies Sunbite 🍊 Code LEA2026 #SunbitePartner',
    { locale: 'fr' },
  ],
  [
    'FR, le zinc',
    '#Sponsored Le zinc soutient mes défenses naturelles cet hiver ❄️ Code LEA2026. #SunbitePartner',
    { locale: 'fr', product: immuneFr },
  ],
];

describe('good captions', () => {
  it.each(good)('%s passes every rule', (_name, text, options) => {
    const result = check(text, options);
    expect(result.ok).toBe(true);
    expect(result.findings.filter((f) => !f.ok).map((f) => f.rule)).toEqual([]);
  });

  it('gives one finding per rule, in a fixed order, with the media reminder always there', () => {
    for (const [, text, options] of good) {
      const { findings } = check(text, options);
      expect(findings.map((f) => f.rule)).toEqual(CAPTION_RULES);
      expect(findings.at(-1)).toEqual({ rule: 'media_reminder', ok: true, severity: 'info', matches: [] });
    }
  });

  it('locates the code and the tags it found', () => {
    const text = good[0]![1];
    expect(finding(text, 'promo_code').matches).toEqual([
      { text: CODE, start: text.indexOf(CODE), end: text.indexOf(CODE) + 7 },
    ]);
    expect(finding(text, 'brand_hashtag').matches[0]).toMatchObject({
      text: BRAND_HASHTAG,
      start: text.indexOf('#Sunbite'),
    });
    expect(finding(text, 'disclosure').matches).toEqual([{ text: '#Ad', start: 0, end: 3 }]);
  });
});

describe('each rule broken alone', () => {
  const base = '#Ad Tasty gummies, code LEA2026 #SunbitePartner';

  it('no code: an error whose fix appends the code', () => {
    const text = '#Ad Tasty gummies every morning #SunbitePartner';
    expect(failing(text)).toEqual(['promo_code']);
    const f = finding(text, 'promo_code');
    expect(f).toMatchObject({ severity: 'error', fix: { kind: 'append', text: ` ${CODE}` } });
    expect(check(applyCaptionFix(text, f.fix!)).ok).toBe(true);
  });

  it.each([
    ['inside another word', '#Ad Tasty, code XLEA2026 #SunbitePartner', false],
    ['with a suffix', '#Ad Tasty, code LEA2026X #SunbitePartner', false],
    ['lower case', '#Ad Tasty, code lea2026! #SunbitePartner', true],
    ['before punctuation', '#Ad Tasty (code: LEA2026). #SunbitePartner', true],
  ])('the code %s', (_name, text, ok) => {
    expect(finding(text, 'promo_code').ok).toBe(ok);
  });

  it('no brand hashtag: an error whose fix appends it', () => {
    const text = '#Ad Tasty gummies, code LEA2026';
    expect(failing(text)).toEqual(['brand_hashtag']);
    const f = finding(text, 'brand_hashtag');
    expect(f.fix).toEqual({ kind: 'append', text: ` ${BRAND_HASHTAG}` });
    expect(check(applyCaptionFix(text, f.fix!)).ok).toBe(true);
    expect(finding('#Ad code LEA2026 #SunbitePartners', 'brand_hashtag').ok).toBe(false);
    expect(finding('#Ad code LEA2026 #SUNBITEPARTNER', 'brand_hashtag').ok).toBe(true);
  });

  it('no disclosure: both disclosure rules fail and one insertion at the start fixes them', () => {
    const text = 'Tasty gummies, code LEA2026 #SunbitePartner';
    expect(failing(text)).toEqual(['disclosure', 'disclosure_early']);
    const f = finding(text, 'disclosure');
    expect(f.fix).toEqual({ kind: 'insert_start', text: '#Ad ' });
    expect(check(applyCaptionFix(text, f.fix!)).ok).toBe(true);
  });

  it('#Adventure, #Advertising or a glued tag is not a disclosure; any case of a real one is', () => {
    expect(failing('#Adventure awaits, code LEA2026 #SunbitePartner')).toContain('disclosure');
    expect(failing('#Advertising, code LEA2026 #SunbitePartner')).toContain('disclosure');
    expect(failing('Great#Ad code LEA2026 #SunbitePartner')).toContain('disclosure');
    for (const tag of [...DISCLOSURE_HASHTAGS, '#ad', '#SPONSORED', '#pAiD']) {
      expect(check(`${tag} code LEA2026 #SunbitePartner`).ok).toBe(true);
    }
  });

  it.each([
    ['#Pub', '#Pub'],
    ['#Publicité', '#Publicité'],
    ['#Publicite, the accent dropped', '#Publicite'],
    ['#PUBLICITÉ in capitals', '#PUBLICITÉ'],
    ['#Commandité', '#Commandité'],
    ['#commandite, lower case without the accent', '#commandite'],
    ['#Partenariat', '#Partenariat'],
    ['“Partenariat rémunéré” as words', 'Partenariat rémunéré'],
    ['“partenariat remunere” without accents', 'partenariat remunere'],
    ['“Partenariat  rémunéré” across two spaces', 'Partenariat  rémunéré'],
  ])('the French disclosure %s is accepted, in either locale', (_name, disclosure) => {
    for (const locale of ['fr', 'en'] as const) {
      const text = `${disclosure} : mes jujubes du soir, code LEA2026 #SunbitePartner`;
      const result = check(text, { locale });
      expect(result.ok, `${disclosure} (${locale})`).toBe(true);
      expect(finding(text, 'disclosure', { locale }).matches).toEqual([
        { text: disclosure, start: 0, end: disclosure.length },
      ]);
      expect(finding(text, 'disclosure_early', { locale }).ok).toBe(true);
    }
  });

  it('a decomposed accent in a French disclosure stays with its match', () => {
    const text = '#Publicite\u0301 code LEA2026 #SunbitePartner';
    expect(finding(text, 'disclosure', { locale: 'fr' }).matches).toEqual([
      { text: '#Publicite\u0301', start: 0, end: 11 },
    ]);
  });

  it('French look-alikes are not disclosures', () => {
    for (const text of [
      '#Publicitaire code LEA2026 #SunbitePartner',
      '#Pubs code LEA2026 #SunbitePartner',
      '#Partenaires code LEA2026 #SunbitePartner',
      'Un partenariat rémunérateur, code LEA2026 #SunbitePartner',
      'Mon partenariat est rémunéré, code LEA2026 #SunbitePartner',
      'Super#Pub code LEA2026 #SunbitePartner',
    ])
      expect(failing(text, { locale: 'fr' }), text).toContain('disclosure');
  });

  it('a French caption without a disclosure is fixed with #Publicité, an English one with #Ad', () => {
    const text = 'Mes jujubes du soir, code LEA2026 #SunbitePartner';
    const fr = finding(text, 'disclosure', { locale: 'fr' });
    expect(fr.fix).toEqual({ kind: 'insert_start', text: '#Publicité ' });
    expect(check(applyCaptionFix(text, fr.fix!), { locale: 'fr' }).ok).toBe(true);
    expect(finding(text, 'disclosure', { locale: 'en' }).fix).toEqual({ kind: 'insert_start', text: '#Ad ' });
  });

  it('a French disclosure past the 125th character is too late', () => {
    const late = `${'x'.repeat(110)} Partenariat rémunéré, code LEA2026 #SunbitePartner`;
    expect(failing(late, { locale: 'fr' })).toEqual(['disclosure_early']);
    expect(finding(late, 'disclosure_early', { locale: 'fr' }).matches).toEqual([
      { text: 'Partenariat rémunéré', start: 111, end: 131 },
    ]);
  });

  it('a disclosure starting at character 126 is too late; ending at 125 is in time', () => {
    const late = `${'x'.repeat(124)} #Ad code LEA2026 #SunbitePartner`;
    expect(failing(late)).toEqual(['disclosure_early']);
    const f = finding(late, 'disclosure_early');
    expect(f.matches).toEqual([{ text: '#Ad', start: 125, end: 128 }]);
    expect(f.fix).toEqual({ kind: 'insert_start', text: '#Ad ' });
    expect(check(applyCaptionFix(late, f.fix!)).ok).toBe(true);

    const inTime = `${'x'.repeat(121)} #Ad code LEA2026 #SunbitePartner`;
    expect(check(inTime).ok).toBe(true);
  });

  it('counts an emoji as one character for the 125 limit', () => {
    // 60 emojis are 120 UTF-16 units but 60 characters: the tag ends at character 125.
    const text = `${'🍓'.repeat(60)}${'y'.repeat(61)} #Ad code LEA2026 #SunbitePartner`;
    expect(text.indexOf('#Ad') + 3).toBeGreaterThan(125);
    expect(check(text).ok).toBe(true);
    expect(
      finding(`${'🍓'.repeat(61)}${'y'.repeat(61)} #Ad code LEA2026 #SunbitePartner`, 'disclosure_early').ok,
    ).toBe(false);
  });

  it('a disease word: an error at its exact place, removed by its fix without a double space', () => {
    const text = 'Elderberry cures colds! #Ad code LEA2026 #SunbitePartner';
    expect(failing(text)).toEqual(['disease_claim']);
    const f = finding(text, 'disease_claim');
    expect(f.matches).toEqual([{ text: 'cures', start: 11, end: 16 }]);
    const fixed = applyCaptionFix(text, f.fix!);
    expect(fixed).toBe('Elderberry colds! #Ad code LEA2026 #SunbitePartner');
    expect(check(fixed).ok).toBe(true);
  });

  it('a French disease word, with or without accents, in any case', () => {
    const options: Options = { locale: 'fr' };
    const text = 'Ce produit GUÉRIT le rhume et aide à la guerison. #Ad code LEA2026 #SunbitePartner';
    const f = finding(text, 'disease_claim', options);
    expect(f.matches.map((m) => m.text)).toEqual(['GUÉRIT', 'guerison']);
    for (const m of f.matches) expect(text.slice(m.start, m.end)).toBe(m.text);
    expect(check(fixAll(text, options), options).findings.find((x) => x.rule === 'disease_claim')!.ok).toBe(
      true,
    );
  });

  it('a decomposed accent stays with its word in the match', () => {
    const text = 'Il pre\u0301vient la grippe #Ad code LEA2026 #SunbitePartner';
    const f = finding(text, 'disease_claim', { locale: 'fr' });
    expect(f.matches).toEqual([{ text: 'pre\u0301vient', start: 3, end: 12 }]);
  });

  it('a health claim no benefit backs: a warning naming the sentence, not an error', () => {
    const text = '#Ad Tasty gummies. These boost your immune system overnight! Code LEA2026 #SunbitePartner';
    const result = check(text, { product: sleep });
    expect(result.ok).toBe(true);
    const f = result.findings.find((x) => x.rule === 'unapproved_claim')!;
    expect(f).toMatchObject({ ok: false, severity: 'warning' });
    expect(f.matches).toEqual([{ text: 'These boost your immune system overnight', start: 19, end: 59 }]);
    expect(f.fix).toBeUndefined();
  });

  it('without a product a claim only gets a gentle note', () => {
    const text = '#Ad These help me sleep. Code LEA2026 #SunbitePartner';
    expect(finding(text, 'unapproved_claim')).toMatchObject({ ok: false, severity: 'info' });
    expect(finding(text, 'unapproved_claim').matches.map((m) => m.text)).toEqual(['#Ad These help me sleep']);
    expect(finding(base, 'unapproved_claim').ok).toBe(true);
  });

  it('the product’s name and hashtags are not claims', () => {
    const text = '#Ad Sleep Gummies on my nightstand #sleep #energy code LEA2026 #SunbitePartner';
    expect(finding(text, 'unapproved_claim', { product: sleep }).ok).toBe(true);
    // Without the name, "Sleep" reads as a claim word.
    expect(finding(text, 'unapproved_claim', { product: { benefits: sleep.benefits } }).ok).toBe(false);
  });

  it('an ingredient named by one of its names or its first distinctive word backs the claim', () => {
    const energy: CaptionProduct = {
      name: 'Energy Bites – bouchées énergie',
      benefits: [
        {
          text: 'Les vitamines B6 et B12 contribuent à un métabolisme énergétique normal',
          ingredient: 'Vitamine B6, vitamine B12',
        },
        {
          text: 'La caféine naturelle aide à accroître la vigilance',
          ingredient: 'Grain de café vert (caféine naturelle)',
        },
      ],
    };
    const options: Options = { locale: 'fr', product: energy };
    expect(
      finding('#Ad La B12 soutient mon énergie. Code LEA2026 #SunbitePartner', 'unapproved_claim', options)
        .ok,
    ).toBe(true);
    expect(
      finding(
        '#Ad Un peu de caféine et je booste ma journée. Code LEA2026 #SunbitePartner',
        'unapproved_claim',
        options,
      ).ok,
    ).toBe(true);
    // "Energy Bites" is the name, but the claim about stress is backed by nothing.
    const text = '#Ad Mes Energy Bites réduisent mon stress. Code LEA2026 #SunbitePartner';
    expect(finding(text, 'unapproved_claim', options).matches.map((m) => m.text)).toEqual([
      '#Ad Mes Energy Bites réduisent mon stress',
    ]);
    expect(
      finding('#Ad Mes Energy Bites au bureau. Code LEA2026 #SunbitePartner', 'unapproved_claim', options).ok,
    ).toBe(true);
  });

  it('a French claim not among the benefits', () => {
    const text =
      '#Ad Ces gummies améliorent... non : ils réduisent le stress en 5 minutes ! Code LEA2026 #SunbitePartner';
    const f = finding(text, 'unapproved_claim', { locale: 'fr', product: immuneFr });
    expect(f.ok).toBe(false);
    expect(f.matches.map((m) => m.text)).toEqual([
      '#Ad Ces gummies améliorent',
      'non : ils réduisent le stress en 5 minutes',
    ]);
  });

  it('a competitor: an error at its place, removed by its fix', () => {
    const text = 'Way better than Olly! #Ad code LEA2026 #SunbitePartner';
    expect(failing(text)).toEqual(['competitor']);
    const f = finding(text, 'competitor');
    expect(f.matches).toEqual([{ text: 'Olly', start: 16, end: 20 }]);
    expect(check(applyCaptionFix(text, f.fix!)).ok).toBe(true);
  });

  it('competitor names: phrases, curly apostrophes, accents, case; not parts of words', () => {
    const text = 'Not Nature’s  Bounty, not GÓLI. #Ad code LEA2026 #SunbitePartner';
    expect(finding(text, 'competitor').matches.map((m) => m.text)).toEqual(['Nature’s  Bounty', 'GÓLI']);
    expect(finding('Golightly and naturally #Ad code LEA2026 #SunbitePartner', 'competitor').ok).toBe(true);
    expect(check(fixAll(text)).ok).toBe(true);
  });
});

describe('edge cases', () => {
  it.each([
    [
      'words that only contain a disease word',
      '#Ad Curious? Securely healthy treaty, preventive mindset. code LEA2026 #SunbitePartner',
      'en',
    ],
    [
      'a disease word inside a link',
      '#Ad code LEA2026 https://sunbite.example/cure-guide #SunbitePartner',
      'en',
    ],
    [
      'French words that only contain one',
      '#Ad Une procure, un traiteur, la soignée. code LEA2026 #SunbitePartner',
      'fr',
    ],
  ] as const)('%s is not a disease claim', (_name, text, locale) => {
    expect(finding(text, 'disease_claim', { locale }).ok).toBe(true);
  });

  it.each([
    ['upper case', 'CURES EVERYTHING #Ad code LEA2026 #SunbitePartner', 'CURES'],
    ['a hashtag', '#Ad #cure code LEA2026 #SunbitePartner', 'cure'],
    ['a cure in English', '#Ad The cure for boring mornings, code LEA2026 #SunbitePartner', 'cure'],
    ['treatment', '#Ad A natural treatment for anxiety 😌 code LEA2026 #SunbitePartner', 'treatment'],
    ['to treat', '#Ad It helps treat insomnia, code LEA2026 #SunbitePartner', 'treat'],
    ['soigner', '#Ad Pour soigner le rhume, code LEA2026 #SunbitePartner', 'soigner'],
    ['diagnostic', '#Ad Pas besoin de diagnostic, code LEA2026 #SunbitePartner', 'diagnostic'],
  ])('a disease word in %s is found', (_name, text, word) => {
    const f = finding(text, 'disease_claim', { locale: /soigner|diagnostic/.test(text) ? 'fr' : 'en' });
    expect(f.ok).toBe(false);
    expect(f.matches.map((m) => m.text.toLowerCase())).toEqual([word.toLowerCase()]);
  });

  it('a French "cure" is harmless in French only', () => {
    const text = '#Paid Une cure de 30 jours, code LEA2026 #SunbitePartner';
    expect(finding(text, 'disease_claim', { locale: 'fr' }).ok).toBe(true);
    expect(finding(text, 'disease_claim', { locale: 'en' }).ok).toBe(false);
  });

  it('an empty caption fails the required rules and its fixes build a passing one', () => {
    expect(failing('')).toEqual(['promo_code', 'brand_hashtag', 'disclosure', 'disclosure_early']);
    const fixed = fixAll('');
    expect(fixed).toBe('#Ad LEA2026 #SunbitePartner');
    expect(check(fixed).ok).toBe(true);
  });

  it('a blank partner code cannot pass and offers no fix', () => {
    const f = finding('#Ad hi #SunbitePartner', 'promo_code', { code: '  ' });
    expect(f.ok).toBe(false);
    expect(f.fix).toBeUndefined();
  });
});

describe('several rules broken together', () => {
  const cases: [string, string, Options, CaptionRule[]][] = [
    [
      'EN: no tags, no code, a cure and a competitor',
      'This cures my insomnia way better than Vitafusion ever did',
      {},
      ['promo_code', 'brand_hashtag', 'disclosure', 'disclosure_early', 'disease_claim', 'competitor'],
    ],
    [
      'EN: late disclosure, two disease words, an unbacked claim',
      `${'Morning vibes ☀️ '.repeat(8)}These prevent colds and heal you. They boost your energy all day. #Ad code LEA2026 #SunbitePartner`,
      { product: sleep },
      ['disclosure_early', 'disease_claim', 'unapproved_claim'],
    ],
    [
      'FR : sans code ni mot-clic, guérison promise',
      'Ces gummies préviennent la grippe et favorisent la guérison 🤒 #Adventure',
      { locale: 'fr', product: immuneFr },
      ['promo_code', 'brand_hashtag', 'disclosure', 'disclosure_early', 'disease_claim', 'unapproved_claim'],
    ],
    [
      'FR : concurrent et traitement',
      '#Sponsorisé Meilleur que Goli, un vrai traitement ! code LEA2026 #SunbitePartner',
      { locale: 'fr' },
      ['disclosure', 'disclosure_early', 'disease_claim', 'competitor'],
    ],
  ];

  it.each(cases)('%s', (_name, text, options, rules) => {
    const result = check(text, options);
    expect(result.ok).toBe(false);
    expect(failing(text, options).sort()).toEqual([...rules].sort());
  });

  it.each(cases)(
    '%s: every match points at its text, and the fixes clear every error',
    (_name, text, options) => {
      for (const f of check(text, options).findings) {
        for (const m of f.matches) expect(text.slice(m.start, m.end)).toBe(m.text);
      }
      const fixed = fixAll(text, options);
      const after = check(fixed, options);
      expect(after.ok).toBe(true);
      expect(after.findings.filter((f) => !f.ok && f.severity === 'error')).toEqual([]);
    },
  );
});
