// The Grab and Go images the seed puts in the gallery: for each product one square post and one
// story, in two different compositions, with tags and alt texts in both languages that say what
// a reader would see.
import type { GalleryFormat } from '../../common/content';
import { PRODUCT_CODES, type ProductCode } from '../../common/products';
import { galleryRef, layoutOf, LINEUP, propsShown, type Layout } from './layouts';
import { LINEUP_SHELVES } from './scenes';
import { THEMES, type PropName, type Theme } from './themes';

export interface SeedGalleryItem {
  ref: string;
  product: ProductCode | null;
  format: GalleryFormat;
  tags: string[];
  alt: { en: string; fr: string };
}

const LAYOUT_TAGS: Record<Layout, string> = {
  flatlay: 'flat lay',
  routine: 'routine',
  scatter: 'product shot',
  poster: 'poster',
};

function packWords(theme: Theme) {
  return theme.pack === 'jar' ? { en: 'jar', fr: 'pot' } : { en: 'pouch', fr: 'sachet' };
}

const PROP_WORDS: Record<PropName, { en: string; fr: string }> = {
  greenApple: { en: 'green apples', fr: 'des pommes vertes' },
  redApple: { en: 'red apples', fr: 'des pommes rouges' },
  appleSlice: { en: 'a halved apple', fr: 'une demi-pomme' },
  cherry: { en: 'ashwagandha berries in their papery husks', fr: 'des baies d’ashwagandha dans leur calice' },
  blueberry: { en: 'blueberries', fr: 'des myrtilles' },
  raspberry: { en: 'raspberries', fr: 'des framboises' },
  strawberry: { en: 'strawberries', fr: 'des fraises' },
  kale: { en: 'kale leaves', fr: 'des feuilles de chou kale' },
  spinach: { en: 'spinach leaves', fr: 'des feuilles d’épinard' },
  orangeSlice: { en: 'orange slices', fr: 'des rondelles d’orange' },
  lemonSlice: { en: 'lemon slices', fr: 'des rondelles de citron' },
  moon: { en: 'a crescent moon with stars', fr: 'un croissant de lune étoilé' },
  chamomile: { en: 'chamomile flowers', fr: 'des fleurs de camomille' },
  lavender: { en: 'lavender sprigs', fr: 'des brins de lavande' },
  star: { en: 'yellow stars', fr: 'des étoiles jaunes' },
  rainbow: { en: 'a rainbow with clouds', fr: 'un arc-en-ciel et ses nuages' },
  blossom: { en: 'pastel blossoms', fr: 'des fleurs pastel' },
  cocoaBeans: { en: 'cocoa beans', fr: 'des fèves de cacao' },
  chocolate: { en: 'a square of chocolate', fr: 'un carré de chocolat' },
  bolt: { en: 'lightning bolts', fr: 'des éclairs' },
  sun: { en: 'little suns', fr: 'de petits soleils' },
  beet: { en: 'beetroots with their leaves', fr: 'des betteraves avec leurs fanes' },
  chasteberry: { en: 'chasteberry sprigs', fr: 'des brins de gattilier' },
  cells: { en: 'capsule-shaped cultures and bubbles', fr: 'des cultures en forme de gélule et des bulles' },
  matchaBowl: { en: 'a bowl of matcha', fr: 'un bol de matcha' },
  whisk: { en: 'a bamboo whisk', fr: 'un fouet en bambou' },
  teaLeaf: { en: 'green leaves', fr: 'des feuilles vertes' },
};

function listOf(words: string[], and: string): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}`;
}

/** The objects an image shows, as a phrase: "orange slices and lemon slices". */
function propPhrase(theme: Theme, layout: Layout, format: GalleryFormat): { en: string; fr: string } {
  const shown = propsShown(theme, layout, format).map((name) =>
    name === 'teaLeaf' && theme.code === 'matcha'
      ? { en: 'tea leaves', fr: 'des feuilles de thé' }
      : PROP_WORDS[name],
  );
  return {
    en: listOf(
      shown.map((w) => w.en),
      'and',
    ),
    fr: listOf(
      shown.map((w) => w.fr),
      'et',
    ),
  };
}

/** The drink in the scene, as scenes.ts draws it. */
function drinkWords(theme: Theme): { en: string; fr: string } {
  if (theme.code === 'kids') return { en: 'a glass of orange juice', fr: 'un verre de jus d’orange' };
  if (theme.code === 'matcha') return { en: 'a matcha latte', fr: 'un matcha latte' };
  if (theme.mood === 'night') return { en: 'a cup of herbal tea', fr: 'une tisane' };
  return { en: 'a cup of coffee', fr: 'une tasse de café' };
}

function altText(theme: Theme, layout: Layout, format: GalleryFormat): { en: string; fr: string } {
  const pack = packWords(theme);
  const drink = drinkWords(theme);
  const props = propPhrase(theme, layout, format);
  const night = theme.mood === 'night';
  const storyEn = format === 'story' ? ' Vertical 9:16 format for stories.' : '';
  const storyFr = format === 'story' ? ' Format vertical 9:16 pour les stories.' : '';
  const gummiesFr = theme.gummies.fr.replace(/^des /, 'de ');
  // « Bouchées » is feminine, « jujubes » masculine: the participle agrees.
  const scatteredFr = theme.gummies.fr.startsWith('des bouchées') ? 'éparpillées' : 'éparpillés';
  switch (layout) {
    case 'flatlay':
      return {
        en: `Flat lay seen from above: a ${pack.en} of Sunbite ${theme.name.en} on a ${theme.colour.en} linen cloth, with a small dish of ${theme.gummies.en} and ${drink.en}, surrounded by ${props.en}.${storyEn}`,
        fr: `Mise à plat vue de dessus : un ${pack.fr} de ${theme.name.fr} Sunbite sur un linge ${theme.colour.fr}, avec une coupelle remplie ${gummiesFr}, ${drink.fr} et, tout autour, ${props.fr}.${storyFr}`,
      };
    case 'routine':
      return night
        ? {
            en: `Evening routine on a bedside table: a ${pack.en} of Sunbite ${theme.name.en} beside ${drink.en} and a lit candle, ${theme.gummies.en} on a saucer and ${props.en} on the table, a night sky in the window.${storyEn}`,
            fr: `Rituel du soir sur une table de chevet : un ${pack.fr} de ${theme.name.fr} Sunbite à côté d’une tisane et d’une bougie allumée, ${theme.gummies.fr} sur une soucoupe et ${props.fr} sur la table, un ciel de nuit à la fenêtre.${storyFr}`,
          }
        : {
            en: `Morning routine on a sunny kitchen table: a ${pack.en} of Sunbite ${theme.name.en} next to a mug and a potted plant, ${theme.gummies.en} on a saucer and ${props.en} on the table, morning light through the window.${storyEn}`,
            fr: `Routine du matin sur une table de cuisine ensoleillée : un ${pack.fr} de ${theme.name.fr} Sunbite à côté d’une tasse et d’une plante en pot, ${theme.gummies.fr} sur une soucoupe et ${props.fr} sur la table, la lumière du matin par la fenêtre.${storyFr}`,
          };
    case 'scatter':
      return {
        en: `A ${pack.en} of Sunbite ${theme.name.en} in the centre of a ${theme.colour.en} background, with ${theme.gummies.en} scattered all around it, along with ${props.en}.${storyEn}`,
        fr: `Un ${pack.fr} de ${theme.name.fr} Sunbite au centre d’un fond ${theme.colour.fr}, entouré ${gummiesFr} ${scatteredFr}, ainsi que ${props.fr}.${storyFr}`,
      };
    case 'poster':
      return {
        en: `Graphic poster in ${theme.colour.en}: a ${pack.en} of Sunbite ${theme.name.en} on a round podium, framed by a large arch and circles, with ${props.en}, and ${theme.gummies.en} in the foreground.${storyEn}`,
        fr: `Affiche graphique aux tons ${theme.colour.fr} : un ${pack.fr} de ${theme.name.fr} Sunbite sur un podium rond, encadré d’une grande arche et de cercles, avec ${props.fr} ; ${theme.gummies.fr} au premier plan.${storyFr}`,
      };
  }
}

/** The program-wide shelfie: which products it shows, named as people know them. */
function lineupAlt(format: GalleryFormat): { en: string; fr: string } {
  const shelves = LINEUP_SHELVES[format];
  const codes = shelves.flat();
  const en = listOf(
    codes.map((code) => THEMES[code].name.en),
    'and',
  );
  const fr = listOf(
    codes.map((code) => THEMES[code].name.fr),
    'et',
  );
  const count = {
    en: ['', '', 'two', 'three'][shelves.length],
    fr: ['', '', 'deux', 'trois'][shelves.length],
  };
  return {
    en: `The Sunbite family on ${count.en} wooden shelves under the Sunbite sun: ${en}, each with a gummy in front of it.${format === 'story' ? ' Vertical 9:16 format for stories.' : ''}`,
    fr: `La gamme Sunbite sur ${count.fr} étagères en bois, sous le soleil Sunbite : ${fr}, chacun avec un jujube devant lui.${format === 'story' ? ' Format vertical 9:16 pour les stories.' : ''}`,
  };
}

const LINEUP_ITEMS: SeedGalleryItem[] = (['square', 'story'] as const).map((format) => ({
  ref: galleryRef(LINEUP, format),
  product: null,
  format,
  tags: ['shelfie', 'Sunbite family'],
  alt: lineupAlt(format),
}));

export const SEED_GALLERY: readonly SeedGalleryItem[] = [
  ...LINEUP_ITEMS,
  ...PRODUCT_CODES.flatMap((code) =>
    (['square', 'story'] as const).map((format): SeedGalleryItem => {
      const theme = THEMES[code];
      const layout = layoutOf(code, format);
      // The format has its own label beside the tags: the tags say what the picture is about, in short
      // English keywords shared by both languages. A routine picture names its time of day, unless
      // the product's own words already name a routine.
      const routine = theme.mood === 'night' ? 'evening routine' : 'morning routine';
      const namesRoutine = theme.themeTags.some((tag) => tag.includes('routine'));
      const composition = layout === 'routine' ? (namesRoutine ? [] : [routine]) : [LAYOUT_TAGS[layout]];
      const tags = [...composition, ...theme.themeTags];
      return {
        ref: galleryRef(code, format),
        product: code,
        format,
        tags: [...new Set(tags)],
        alt: altText(theme, layout, format),
      };
    }),
  ),
];
