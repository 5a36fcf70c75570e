// French typography (docs/product/errors-and-languages.md#french-typography): the rule, and every
// French text a reader sees following it.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { frenchFiles, frenchTypography, NOT_PROSE, strings, typographyProblems } from './french-typography';

const visible = (text: string) => text.replace(/\u00a0/g, '⍽').replace(/\u202f/g, '·');

describe('French typography', () => {
  it('puts a no-break space before : and inside « », a narrow one before ; ! ?', () => {
    const cases: [string, string][] = [
      ['Déjà partenaire ?', 'Déjà partenaire·?'],
      ['Déjà partenaire?', 'Déjà partenaire·?'],
      ["ID de l'erreur : {{id}}", "ID de l'erreur⍽: {{id}}"],
      ['Images: dans', 'Images⍽: dans'],
      ['{{product}} : votre kit', '{{product}}⍽: votre kit'],
      ['Bravo !', 'Bravo·!'],
      ['Quoi ?!', 'Quoi·?!'],
      ['oui ; non', 'oui·; non'],
      ['le champ « picture »', 'le champ «⍽picture⍽»'],
      ['le champ «picture»', 'le champ «⍽picture⍽»'],
      ['Voir (facultatif):', 'Voir (facultatif)⍽:'],
    ];
    for (const [text, wanted] of cases) expect(visible(frenchTypography(text))).toBe(wanted);
  });

  it('leaves addresses, times, queries and text already right alone', () => {
    for (const text of [
      'https://sunbite.example/a?b=c',
      'mailto:partners@sunbite.example',
      'à 14:30',
      'Page 2 sur 34',
      'Déjà partenaire\u202f?',
      'Code\u00a0: MAYA15',
      '«\u00a0Refusé\u00a0»',
    ])
      expect(typographyProblems(text)).toEqual([]);
  });

  it('holds in every French text a reader sees: the catalogs and the content kit', () => {
    const problems = frenchFiles().flatMap((file) =>
      [...strings(JSON.parse(fs.readFileSync(file, 'utf8')))].flatMap(([at, text]) =>
        NOT_PROSE.test(at) ? [] : typographyProblems(text).map((p) => `${file} ${at}: ${visible(p)}`),
      ),
    );
    // `npx tsx scripts/french-typography.ts` sets them right.
    expect(problems).toEqual([]);
  });
});
