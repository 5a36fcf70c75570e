// The Grab and Go images the seed puts in the gallery: for each product one square post and one
// story, in two different compositions, with tags and alt texts in both languages that say what
// a reader would see.
import type { GalleryFormat } from '../../../../common/content';
import { PRODUCT_CODES, type ProductCode } from '../../../../common/products';
import { THEMES, type Theme } from './themes';

export type Layout = 'flatlay' | 'routine' | 'scatter' | 'poster';
export const LAYOUTS: readonly Layout[] = ['flatlay', 'routine', 'scatter', 'poster'];

export interface SeedGalleryItem {
  ref: string;
  product: ProductCode | null;
  format: GalleryFormat;
  tags: string[];
  alt: { en: string; fr: string };
}

/** Square and story of one product never share a composition, and each is used equally. */
export function layoutOf(code: ProductCode, format: GalleryFormat): Layout {
  const index = PRODUCT_CODES.indexOf(code);
  return LAYOUTS[(index + (format === 'story' ? 2 : 0)) % LAYOUTS.length]!;
}

export function galleryRef(code: ProductCode, format: GalleryFormat, n = 1): string {
  return `gallery:${code}:${format}:${n}`;
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

/** The drink in the scene, as scenes.ts draws it. */
function drinkWords(theme: Theme): { en: string; fr: string } {
  if (theme.code === 'matcha') return { en: 'a matcha latte', fr: 'un matcha latte' };
  if (theme.mood === 'night') return { en: 'a cup of herbal tea', fr: 'une tisane' };
  return { en: 'a cup of coffee', fr: 'une tasse de café' };
}

function altText(theme: Theme, layout: Layout, format: GalleryFormat): { en: string; fr: string } {
  const pack = packWords(theme);
  const drink = drinkWords(theme);
  const night = theme.mood === 'night';
  const storyEn = format === 'story' ? ' Vertical 9:16 format for stories.' : '';
  const storyFr = format === 'story' ? ' Format vertical 9:16 pour les stories.' : '';
  const gummiesFr = theme.gummies.fr.replace(/^des /, 'de ');
  // « Bouchées » is feminine, « jujubes » masculine: the participle agrees.
  const scatteredFr = theme.gummies.fr.startsWith('des bouchées') ? 'éparpillées' : 'éparpillés';
  switch (layout) {
    case 'flatlay':
      return {
        en: `Flat lay seen from above: a ${pack.en} of Sunbite ${theme.name.en} on a ${theme.colour.en} linen cloth, with a small dish of ${theme.gummies.en} and ${drink.en}, surrounded by ${theme.props.en}.${storyEn}`,
        fr: `Mise à plat vue de dessus : un ${pack.fr} de ${theme.name.fr} Sunbite sur un linge ${theme.colour.fr}, avec une coupelle remplie ${gummiesFr}, ${drink.fr} et, tout autour, ${theme.props.fr}.${storyFr}`,
      };
    case 'routine':
      return night
        ? {
            en: `Evening routine on a bedside table: a ${pack.en} of Sunbite ${theme.name.en} beside ${drink.en} and a lit candle, ${theme.gummies.en} on a saucer, a night sky in the window.${storyEn}`,
            fr: `Rituel du soir sur une table de chevet : un ${pack.fr} de ${theme.name.fr} Sunbite à côté d’une tisane et d’une bougie allumée, ${theme.gummies.fr} sur une soucoupe, un ciel de nuit à la fenêtre.${storyFr}`,
          }
        : {
            en: `Morning routine on a sunny kitchen table: a ${pack.en} of Sunbite ${theme.name.en} next to a mug and a potted plant, ${theme.gummies.en} on a saucer, morning light through the window.${storyEn}`,
            fr: `Routine du matin sur une table de cuisine ensoleillée : un ${pack.fr} de ${theme.name.fr} Sunbite à côté d’une tasse et d’une plante en pot, ${theme.gummies.fr} sur une soucoupe, la lumière du matin par la fenêtre.${storyFr}`,
          };
    case 'scatter':
      return {
        en: `A ${pack.en} of Sunbite ${theme.name.en} in the centre of a ${theme.colour.en} background, with ${theme.gummies.en} scattered all around it, along with ${theme.props.en}.${storyEn}`,
        fr: `Un ${pack.fr} de ${theme.name.fr} Sunbite au centre d’un fond ${theme.colour.fr}, entouré ${gummiesFr} ${scatteredFr}, ainsi que ${theme.props.fr}.${storyFr}`,
      };
    case 'poster':
      return {
        en: `Graphic poster in ${theme.colour.en}: a ${pack.en} of Sunbite ${theme.name.en} on a round podium, framed by a large arch and circles, with ${theme.props.en}, and ${theme.gummies.en} in the foreground.${storyEn}`,
        fr: `Affiche graphique aux tons ${theme.colour.fr} : un ${pack.fr} de ${theme.name.fr} Sunbite sur un podium rond, encadré d’une grande arche et de cercles, avec ${theme.props.fr} ; ${theme.gummies.fr} au premier plan.${storyFr}`,
      };
  }
}

export const SEED_GALLERY: readonly SeedGalleryItem[] = PRODUCT_CODES.flatMap((code) =>
  (['square', 'story'] as const).map((format): SeedGalleryItem => {
    const theme = THEMES[code];
    const layout = layoutOf(code, format);
    const tags = [LAYOUT_TAGS[layout], format === 'story' ? 'story' : 'square', ...theme.themeTags];
    if (layout === 'routine') tags.push(theme.mood === 'night' ? 'evening routine' : 'morning routine');
    return {
      ref: galleryRef(code, format),
      product: code,
      format,
      tags: [...new Set(tags)],
      alt: altText(theme, layout, format),
    };
  }),
);
