import { describe, expect, it } from 'vitest';
import { compareCatalogs, flatten, hasKey, keysUsedIn } from './locale-check';

describe('the locale check', () => {
  it('reports a key missing in one locale, an empty text and mismatched placeholders', () => {
    const problems = compareCatalogs('portal', {
      en: { a: { b: 'Hi {{name}}', c: 'x' }, d: 'only en', e: 'ok' },
      fr: { a: { b: 'Salut {{nom}}', c: ' ' }, e: 'ok' },
    });
    expect(problems).toEqual([
      "fr/portal: 'a.b' has placeholders {nom} but en has {name}",
      "fr/portal: empty text for 'a.c'",
      "fr/portal: missing key 'd'",
    ]);
  });

  it('accepts plural forms that differ between locales', () => {
    expect(
      compareCatalogs('portal', {
        en: { n_one: '{{count}} sale', n_other: '{{count}} sales' },
        fr: { n_one: '{{count}} vente', n_many: '{{count}} ventes', n_other: '{{count}} ventes' },
      }),
    ).toEqual([]);
    expect(hasKey(flatten({ n_one: 'a', n_other: 'b' }), 'n')).toBe(true);
  });

  it('finds the keys the code names', () => {
    const src = `t('nav.sales'); t("a.b", { x }); <Trans i18nKey="c.d" />; const r = { titleKey: 'titles.login' }; other('x.y')`;
    expect(keysUsedIn(src).sort()).toEqual(['a.b', 'c.d', 'nav.sales', 'titles.login']);
  });
});
