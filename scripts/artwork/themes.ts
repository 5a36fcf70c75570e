// Each product's look: its palette, the shape of its gummies, the motif on its label and the
// props around it, and the words the alt texts and tags use. Colours sit beside the brand's
// sunny orange (web/styles.css: brand #f97316, sun #fbbf24, deep #c2410c) without copying it.
import type { ProductCode } from '../../common/products';

export type GummyShape =
  'round' | 'apple' | 'heart' | 'star' | 'leaf' | 'moon' | 'square' | 'segment' | 'drop';
export type Motif =
  | 'apple'
  | 'cherry'
  | 'berries'
  | 'greens'
  | 'shield'
  | 'moon'
  | 'rainbow'
  | 'flower'
  | 'cocoa'
  | 'bolt'
  | 'sunburst'
  | 'beet'
  | 'cycle'
  | 'nightsky'
  | 'cells'
  | 'matcha';

/** Real things laid around the pack in the scenes (the motif is the label's icon). */
export type PropName =
  | 'greenApple'
  | 'redApple'
  | 'appleSlice'
  | 'cherry'
  | 'blueberry'
  | 'raspberry'
  | 'strawberry'
  | 'kale'
  | 'spinach'
  | 'orangeSlice'
  | 'lemonSlice'
  | 'moon'
  | 'chamomile'
  | 'lavender'
  | 'star'
  | 'rainbow'
  | 'blossom'
  | 'cocoaBeans'
  | 'chocolate'
  | 'bolt'
  | 'sun'
  | 'beet'
  | 'chasteberry'
  | 'cells'
  | 'matchaBowl'
  | 'whisk'
  | 'teaLeaf';

interface Words {
  en: string;
  fr: string;
}

export interface Theme {
  code: ProductCode;
  /** The label's lettering: the product's short name on one or two lines. */
  label: [string] | [string, string];
  /** The label's colour. */
  primary: string;
  /** Lid, lettering and the darkest shading. */
  deep: string;
  /** A second colour for shapes and details. */
  accent: string;
  /** The soft background. */
  background: string;
  /** The bottle or pouch itself. */
  pack: 'jar' | 'pouch';
  packColor: string;
  gummy: GummyShape;
  gummyColors: string[];
  motif: Motif;
  /** What lies around the pack in the scenes, used in this order. */
  objects: PropName[];
  /** The label's lettering when white would not stand out from `primary`. */
  ink?: string;
  /** A seal on the jar's shoulder with a key figure, in stroked lettering. */
  seal?: string;
  /** Night products get an evening routine and a dusk palette. */
  mood: 'day' | 'night';
  /** Alt-text pieces: the product as people name it, its gummies, its colour. */
  name: Words;
  gummies: Words;
  colour: Words;
  /** Tag words that say what the image is about. */
  themeTags: string[];
}

const jar = { pack: 'jar' as const, packColor: '#fbf8f3' };

export const THEMES: Record<ProductCode, Theme> = {
  acv: {
    code: 'acv',
    label: ['ACV'],
    primary: '#6fae3f',
    deep: '#2f5d1d',
    accent: '#e5483a',
    background: '#eef6df',
    ...jar,
    gummy: 'apple',
    gummyColors: ['#8cc63f', '#e5483a', '#a9d35a'],
    motif: 'apple',
    objects: ['redApple', 'appleSlice', 'greenApple'],
    mood: 'day',
    name: { en: 'ACV Gummies', fr: 'jujubes ACV' },
    gummies: {
      en: 'apple-shaped green and red gummies',
      fr: 'des jujubes verts et rouges en forme de pomme',
    },
    colour: { en: 'fresh apple green', fr: 'vert pomme' },
    themeTags: ['apple cider vinegar', 'digestion', 'green apple'],
  },
  ashwa: {
    code: 'ashwa',
    label: ['ASHWA', 'CALM'],
    primary: '#d9825b',
    deep: '#6b3424',
    accent: '#e9b949',
    background: '#f8ebe1',
    ...jar,
    gummy: 'round',
    gummyColors: ['#e8925e', '#f0b36f', '#d4704a'],
    motif: 'cherry',
    objects: ['cherry', 'teaLeaf', 'cherry'],
    mood: 'day',
    name: { en: 'Ashwa Calm Gummies', fr: 'jujubes Ashwa Calm' },
    gummies: { en: 'round amber gummies', fr: 'des jujubes ronds couleur ambre' },
    colour: { en: 'warm terracotta', fr: 'terre cuite' },
    themeTags: ['ashwagandha', 'stress', 'calm'],
  },
  sf: {
    code: 'sf',
    label: ['SUPER', 'FRUITS'],
    primary: '#b8326e',
    deep: '#4e1438',
    accent: '#5b5fc7',
    background: '#fbe6ef',
    ...jar,
    gummy: 'heart',
    gummyColors: ['#d6437f', '#7d4cc2', '#ef6f8e'],
    motif: 'berries',
    objects: ['strawberry', 'blueberry', 'raspberry'],
    mood: 'day',
    name: { en: 'Superfruits Gummies', fr: 'jujubes Superfruits' },
    gummies: {
      en: 'heart-shaped berry-red and purple gummies',
      fr: 'des jujubes en forme de cœur, rouge baie et violets',
    },
    colour: { en: 'berry pink', fr: 'rose baie' },
    themeTags: ['superfruits', 'berries', 'vitamin C'],
  },
  sg: {
    code: 'sg',
    label: ['SUPER', 'GREENS'],
    primary: '#2f8f5b',
    deep: '#163f2b',
    accent: '#b7d94c',
    background: '#e4f3e8',
    ...jar,
    gummy: 'leaf',
    gummyColors: ['#4caf50', '#8bc34a', '#2e9360'],
    motif: 'greens',
    objects: ['kale', 'spinach', 'kale'],
    mood: 'day',
    name: { en: 'Supergreens Gummies', fr: 'jujubes Supergreens' },
    gummies: { en: 'leaf-shaped green gummies', fr: 'des jujubes verts en forme de feuille' },
    colour: { en: 'leafy green', fr: 'vert feuillage' },
    themeTags: ['greens', 'spinach', 'kale'],
  },
  immune: {
    code: 'immune',
    label: ['IMMUNE'],
    primary: '#f08a24',
    deep: '#7a3410',
    accent: '#ffd23f',
    background: '#fff1dc',
    ...jar,
    gummy: 'segment',
    gummyColors: ['#f7931e', '#ffc233', '#f26b1d'],
    motif: 'shield',
    objects: ['orangeSlice', 'lemonSlice', 'orangeSlice'],
    mood: 'day',
    name: { en: 'Triple Action Immune Gummies', fr: 'jujubes Triple Action Immune' },
    gummies: { en: 'orange-segment gummies', fr: 'des jujubes en quartiers d’orange' },
    colour: { en: 'sunny citrus orange', fr: 'orange agrume' },
    themeTags: ['immune support', 'vitamin C', 'zinc', 'citrus'],
  },
  sleep: {
    code: 'sleep',
    label: ['DREAMY', 'SLEEP'],
    primary: '#7b6fd0',
    deep: '#2c2563',
    accent: '#f6d67a',
    background: '#ebe8fb',
    ...jar,
    gummy: 'star',
    gummyColors: ['#9b8cf0', '#c3a8f5', '#7a6ae0'],
    motif: 'moon',
    objects: ['chamomile', 'lavender', 'moon'],
    mood: 'night',
    name: { en: 'Dreamy Sleep Gummies', fr: 'jujubes Dreamy Sleep' },
    gummies: { en: 'star-shaped lilac gummies', fr: 'des jujubes lilas en forme d’étoile' },
    colour: { en: 'soft lavender', fr: 'lavande pâle' },
    themeTags: ['sleep', 'melatonin', 'night routine'],
  },
  kids: {
    code: 'kids',
    label: ['KIDS', 'MULTI'],
    primary: '#2f9bd8',
    deep: '#163f6b',
    accent: '#ffcc33',
    background: '#e3f3fc',
    ...jar,
    gummy: 'star',
    gummyColors: ['#ff6b6b', '#ffcc33', '#4cc38a', '#3ea6e8'],
    motif: 'rainbow',
    objects: ['rainbow', 'star', 'star'],
    mood: 'day',
    name: { en: 'Kids Multi Gummies', fr: 'jujubes Kids Multi' },
    gummies: {
      en: 'star-shaped gummies in red, yellow, green and blue',
      fr: 'des jujubes étoilés rouges, jaunes, verts et bleus',
    },
    colour: { en: 'sky blue', fr: 'bleu ciel' },
    themeTags: ['kids', 'family', 'multivitamin'],
  },
  womens: {
    code: 'womens',
    label: ["WOMEN'S", 'MULTI'],
    primary: '#e2738f',
    deep: '#6e2138',
    accent: '#f5b971',
    background: '#fdebef',
    ...jar,
    gummy: 'heart',
    gummyColors: ['#ef8aa2', '#f7b3c2', '#e0607f'],
    motif: 'flower',
    objects: ['blossom', 'blossom', 'teaLeaf'],
    mood: 'day',
    name: { en: 'Women’s Multi Gummies', fr: 'jujubes Women’s Multi' },
    gummies: { en: 'heart-shaped pink gummies', fr: 'des jujubes roses en forme de cœur' },
    colour: { en: 'blush pink', fr: 'rose poudré' },
    themeTags: ['women', 'multivitamin', 'self care'],
  },
  calm: {
    code: 'calm',
    label: ['CALM', 'BITES'],
    primary: '#5f9c92',
    deep: '#3b2418',
    accent: '#8a5a3c',
    background: '#e6f0ec',
    pack: 'pouch',
    packColor: '#5f9c92',
    gummy: 'square',
    gummyColors: ['#6b4330', '#7d5038', '#5a3626'],
    motif: 'cocoa',
    objects: ['cocoaBeans', 'chocolate', 'lavender'],
    mood: 'night',
    name: { en: 'Calm Bites', fr: 'bouchées Calm Bites' },
    gummies: { en: 'square chocolate bites', fr: 'des bouchées carrées au chocolat' },
    colour: { en: 'sage and cocoa', fr: 'sauge et cacao' },
    themeTags: ['chocolate', 'magnesium', 'unwind'],
  },
  energy: {
    code: 'energy',
    label: ['ENERGY', 'BITES'],
    primary: '#f5b700',
    deep: '#5a3a00',
    ink: '#4a2f00',
    accent: '#ff6a3d',
    background: '#fff6d6',
    pack: 'pouch',
    packColor: '#f5b700',
    gummy: 'square',
    gummyColors: ['#f9a825', '#ffca28', '#ff8f3d'],
    motif: 'bolt',
    objects: ['orangeSlice', 'bolt', 'lemonSlice', 'sun'],
    mood: 'day',
    name: { en: 'Energy Bites', fr: 'bouchées Energy Bites' },
    gummies: { en: 'golden square bites', fr: 'des bouchées carrées dorées' },
    colour: { en: 'bright sunshine yellow', fr: 'jaune soleil' },
    themeTags: ['energy', 'focus', 'busy day'],
  },
  multi: {
    code: 'multi',
    label: ['MULTI', 'BITES'],
    primary: '#f26b3a',
    deep: '#6e2410',
    accent: '#fbbf24',
    background: '#fff0e6',
    pack: 'pouch',
    packColor: '#f26b3a',
    gummy: 'square',
    gummyColors: ['#ff8a4c', '#fbbf24', '#f25f5c', '#ffb38a'],
    motif: 'sunburst',
    objects: ['sun', 'strawberry', 'orangeSlice', 'blueberry'],
    mood: 'day',
    name: { en: 'Multi Bites', fr: 'bouchées Multi Bites' },
    gummies: {
      en: 'soft square bites in orange, coral and gold',
      fr: 'des bouchées carrées orange, corail et dorées',
    },
    colour: { en: 'Sunbite orange', fr: 'orange Sunbite' },
    themeTags: ['multivitamin', 'daily', 'no pills'],
  },
  beets: {
    code: 'beets',
    label: ['BEETS', 'CARDIO'],
    primary: '#a3204f',
    deep: '#4a0c23',
    accent: '#6aa84f',
    background: '#f8e4ea',
    ...jar,
    gummy: 'heart',
    gummyColors: ['#b3245a', '#8e1a45', '#d13b6f'],
    motif: 'beet',
    objects: ['beet', 'beet', 'teaLeaf'],
    mood: 'day',
    name: { en: 'Beets Cardio Gummies', fr: 'jujubes Beets Cardio' },
    gummies: { en: 'deep red heart-shaped gummies', fr: 'des jujubes rouge profond en forme de cœur' },
    colour: { en: 'deep beet red', fr: 'rouge betterave' },
    themeTags: ['beetroot', 'heart health', 'workout'],
  },
  pms: {
    code: 'pms',
    label: ['PMS', 'RELIEF'],
    primary: '#9a5fa8',
    deep: '#3e1f48',
    accent: '#f2a68a',
    background: '#f3e8f5',
    ...jar,
    gummy: 'drop',
    gummyColors: ['#b67ac4', '#e49a86', '#9a5fa8'],
    motif: 'cycle',
    objects: ['chasteberry', 'blossom', 'chasteberry'],
    mood: 'day',
    name: { en: 'Women’s PMS Relief Gummies', fr: 'jujubes Women’s PMS Relief' },
    gummies: { en: 'plum and peach drop-shaped gummies', fr: 'des jujubes en goutte, prune et pêche' },
    colour: { en: 'soft plum', fr: 'prune tendre' },
    themeTags: ['cycle', 'womens health', 'self care'],
  },
  xsleep: {
    code: 'xsleep',
    label: ['EXTRA', 'SLEEP'],
    primary: '#2f4a9a',
    deep: '#0e1633',
    seal: '10MG',
    accent: '#f3c969',
    background: '#1d2650',
    pack: 'jar',
    packColor: '#1a2247',
    gummy: 'moon',
    gummyColors: ['#5b63c9', '#3d4aa8', '#8a7fe0'],
    motif: 'nightsky',
    objects: ['lavender', 'chamomile', 'moon'],
    mood: 'night',
    name: { en: 'Extra Strength Sleep Gummies', fr: 'jujubes Extra Strength Sleep' },
    gummies: { en: 'indigo crescent-moon gummies', fr: 'des jujubes indigo en croissant de lune' },
    colour: { en: 'midnight blue and gold', fr: 'bleu nuit et or' },
    themeTags: ['sleep', 'melatonin', 'extra strength', 'night routine'],
  },
  pbio: {
    code: 'pbio',
    label: ['PROBIOTIC+'],
    primary: '#1fa3a0',
    deep: '#0d4745',
    accent: '#ff9e7a',
    background: '#e0f4f2',
    ...jar,
    gummy: 'round',
    gummyColors: ['#3cbcb4', '#ffb199', '#7fd6cf'],
    motif: 'cells',
    objects: ['cells'],
    mood: 'day',
    name: { en: 'Probiotic+ Gummies', fr: 'jujubes Probiotic+' },
    gummies: { en: 'round teal and peach gummies', fr: 'des jujubes ronds turquoise et pêche' },
    colour: { en: 'fresh teal', fr: 'turquoise frais' },
    themeTags: ['gut health', 'probiotics', 'travel'],
  },
  matcha: {
    code: 'matcha',
    label: ['MATCHA', 'MIND'],
    primary: '#7a9a3a',
    deep: '#2f3d14',
    accent: '#e8dcc0',
    background: '#eef2e0',
    ...jar,
    gummy: 'square',
    gummyColors: ['#8aa84a', '#a4bf5f', '#6f8f35'],
    motif: 'matcha',
    objects: ['matchaBowl', 'whisk', 'teaLeaf'],
    mood: 'day',
    name: { en: 'Matcha Mind Gummies', fr: 'jujubes Matcha Mind' },
    gummies: { en: 'square matcha-green gummies', fr: 'des jujubes carrés vert matcha' },
    colour: { en: 'matcha green and cream', fr: 'vert matcha et crème' },
    themeTags: ['matcha', 'focus', 'calm energy'],
  },
};
