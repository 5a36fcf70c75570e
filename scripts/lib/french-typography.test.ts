// French typography (docs/product/errors-and-languages.md#french-typography): the rule, and every
// French text a reader sees following it.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { frenchFiles, frenchTypography, notProse, strings, typographyProblems } from './french-typography';

const visible = (text: string) => text.replace(/\u00a0/g, '⍽').replace(/\u202f/g, '·');

describe('French typography', () => {
  it('puts a no-break space before : and inside « », a narrow one before ; ! ?', () => {
    const cases: [string, string][] = [
      ['Déjà partenaire ?', 'Déjà partenaire·?'],
      ['Déjà partenaire?', 'Déjà partenaire·?'],
      ["ID de l'erreur : {{id}}", 'ID de l’erreur⍽: {{id}}'],
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

  it('writes the apostrophe ’, never the straight one, in the prose', () => {
    const cases: [string, string][] = [
      ["L'équipe {{program}}", 'L’équipe {{program}}'],
      ["Aujourd'hui, jusqu'au {{date}}", 'Aujourd’hui, jusqu’au {{date}}'],
      ["Women's Multi", 'Women’s Multi'],
      ["Le lien d'{{name}}", 'Le lien d’{{name}}'],
      ["qu'il y a : l'adresse", 'qu’il y a⍽: l’adresse'],
      ["<a href='https://sunbite.example'>l'offre</a>", "<a href='https://sunbite.example'>l’offre</a>"],
    ];
    for (const [text, wanted] of cases) expect(visible(frenchTypography(text))).toBe(wanted);
    expect(typographyProblems("Préférences d'e-mail")).toEqual([
      '"Préférences d\'e-mail" should be "Préférences d’e-mail"',
    ]);
  });

  it('leaves the straight quote of markup, addresses and placeholders alone', () => {
    for (const text of [
      "<a href='https://sunbite.example/l'offre'>l’offre</a>",
      "Voir https://sunbite.example/?q=l'offre",
      "<p style='margin:0'>Bonjour</p>",
      "`l'id` du champ",
    ]) {
      expect(frenchTypography(text)).toBe(text);
      expect(typographyProblems(text)).toEqual([]);
    }
  });

  it('fails a straight quote it cannot set right', () => {
    expect(typographyProblems("Le statut 'Refusé'")).toEqual([
      `"Le statut 'Refusé'" should be "Le statut 'Refusé’"`,
      `"Le statut 'Refusé’" keeps a straight ': write ’ or « »`,
    ]);
  });

  it('checks every string of a catalog, the not-prose paths only in the content kit', () => {
    expect(notProse('common/locales/fr/invoice.json', 'parties.email')).toBe(false);
    expect(notProse('common/locales/fr/portal.json', 'api.content.kit.code')).toBe(false);
    expect(notProse('content/pages/faq/fr.json', 'sections[0].id')).toBe(true);
    expect(notProse('content/products/acv/fr.json', 'name')).toBe(false);
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
        notProse(file, at) ? [] : typographyProblems(text).map((p) => `${file} ${at}: ${visible(p)}`),
      ),
    );
    // `npx tsx scripts/french-typography.ts` sets them right.
    expect(problems).toEqual([]);
  });
});
