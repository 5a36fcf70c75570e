// Compositions: the pack shot of each product and the four Grab and Go layouts (flat lay,
// morning or evening routine, product with gummies scattered, graphic poster), each for a
// square post (1080 × 1080) and a story (1080 × 1920). Random placement comes from a PRNG
// seeded by the ref, so an image never changes between renders.
import type { GalleryFormat } from '../../../../common/content';
import type { Layout } from './gallery';
import { pack } from './packs';
import { gummy, motif, softShadow } from './shapes';
import { between, darken, lighten, num, place, seededRng, SvgDoc, type Rng } from './svg';
import type { Theme } from './themes';

function pickColor(theme: Theme, i: number): string {
  return theme.gummyColors[i % theme.gummyColors.length]!;
}

function backdrop(doc: SvgDoc, theme: Theme): string {
  const { width: W, height: H } = doc;
  const fill = doc.radial(
    'backdrop',
    [
      [0, lighten(theme.background, 0.55)],
      [0.6, theme.background],
      [1, darken(theme.background, 0.07)],
    ],
    0.5,
    0.35,
    0.8,
  );
  return `<rect width="${W}" height="${H}" fill="${fill}"/>`;
}

/** A round podium (a short cylinder) whose top is at `y`. */
function podium(doc: SvgDoc, theme: Theme, cx: number, y: number, rx: number, depth: number, color: string): string {
  const ry = rx * 0.16;
  const side = doc.linear(
    `podium${color.slice(1)}`,
    [
      [0, darken(color, 0.12)],
      [0.35, lighten(color, 0.12)],
      [1, darken(color, 0.16)],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    softShadow(doc, cx, y + depth, rx * 1.08, ry * 1.3, 0.22) +
    `<path d="M${cx - rx} ${y}V${y + depth}A${rx} ${ry} 0 0 0 ${cx + rx} ${y + depth}V${y}Z" fill="${side}"/>` +
    `<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="${ry}" fill="${lighten(color, 0.18)}"/>` +
    `<ellipse cx="${cx}" cy="${y}" rx="${rx * 0.9}" ry="${ry * 0.8}" fill="${lighten(color, 0.26)}" opacity=".5"/>` +
    (theme.mood === 'night' ? '' : '')
  );
}

function sparkles(rng: Rng, doc: SvgDoc, color: string, count: number, area: [number, number, number, number]): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = between(rng, area[0], area[2]);
    const y = between(rng, area[1], area[3]);
    const s = between(rng, 0.8, 2);
    out += rng() < 0.5 ? `<circle cx="${num(x)}" cy="${num(y)}" r="${num(s * 4)}" fill="${color}" opacity=".7"/>` : `<path transform="${place(x, y, s)}" d="M0 -10C1.2 -2.4 2.4 -1.2 10 0C2.4 1.2 1.2 2.4 0 10C-1.2 2.4 -2.4 1.2 -10 0C-2.4 -1.2 -1.2 -2.4 0 -10Z" fill="${color}"/>`;
  }
  void doc;
  return out;
}

export function drawPackShot(theme: Theme): SvgDoc {
  const doc = new SvgDoc(1080, 1080);
  const rng = seededRng(`product:${theme.code}`);
  doc.add(backdrop(doc, theme));
  doc.add(`<circle cx="540" cy="500" r="380" fill="${lighten(theme.primary, 0.72)}"/>`);
  doc.add(`<circle cx="540" cy="500" r="300" fill="${lighten(theme.primary, 0.6)}" opacity=".55"/>`);
  doc.add(sparkles(rng, doc, lighten(theme.accent, 0.2), 7, [120, 120, 960, 520]));
  doc.add(motif(doc, theme, 250, 640, 230, -12));
  doc.add(motif(doc, theme, 850, 700, 180, 14));
  doc.add(podium(doc, theme, 540, 870, 330, 90, lighten(theme.primary, 0.45)));
  const s = theme.pack === 'jar' ? 1.05 : 0.95;
  doc.add(softShadow(doc, 540, 870, 210 * s, 30 * s, 0.35));
  doc.add(`<g transform="${place(540, 872, s)}">${pack(doc, theme)}</g>`);
  const front: [number, number, number][] = [
    [300, 905, 96],
    [410, 935, 86],
    [700, 930, 92],
    [800, 900, 80],
    [560, 955, 70],
  ];
  front.forEach(([x, y, size], i) => doc.add(gummy(doc, theme.gummy, pickColor(theme, i), x, y, size, { rotate: between(rng, -30, 30), shadow: 'side' })));
  return doc;
}

export function drawGalleryImage(theme: Theme, _layout: Layout, format: GalleryFormat, ref: string): SvgDoc {
  const doc = new SvgDoc(1080, format === 'story' ? 1920 : 1080);
  const rng = seededRng(ref);
  doc.add(backdrop(doc, theme));
  doc.add(sparkles(rng, doc, theme.accent, 5, [100, 100, 980, 400]));
  doc.add(`<g transform="${place(540, doc.height * 0.75)}">${pack(doc, theme)}</g>`);
  return doc;
}
