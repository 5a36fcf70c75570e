// The gummies and the motifs, each drawn around (0, 0) in a box of about 100 units and placed
// by the caller with a transform. Shading is done with a handful of shared gradients (one per
// colour, object-bounding-box units) instead of filters: librsvg draws them far faster than a
// blur, and the images must render in well under 300 ms.
import { darken, lighten, mix, num, place, type SvgDoc } from './svg';
import type { GummyShape, PropName, Theme } from './themes';

const hexId = (color: string) => color.replace('#', '');
/** Three decimals, for scale factors. */
const fine = (value: number) => String(Math.round(value * 1000) / 1000);

/** A lit sphere-like fill: light from the top left. */
export function shade(doc: SvgDoc, color: string): string {
  return doc.radial(
    `sh${hexId(color)}`,
    [
      [0, lighten(color, 0.35)],
      [0.55, color],
      [1, darken(color, 0.18)],
    ],
    0.35,
    0.3,
    0.8,
  );
}

/** A gummy's fill: brighter and glassier than shade(), like a sugared jelly. */
function jelly(doc: SvgDoc, color: string): string {
  return doc.radial(
    `gm${hexId(color)}`,
    [
      [0, lighten(color, 0.6)],
      [0.35, lighten(color, 0.12)],
      [0.75, color],
      [1, darken(color, 0.25)],
    ],
    0.38,
    0.32,
    0.75,
  );
}

/** A soft contact shadow (an ellipse fading out), used under everything that stands. */
export function softShadow(
  doc: SvgDoc,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  strength = 0.28,
): string {
  const id = `shadow${Math.round(strength * 100)}`;
  const fill = doc.radial(id, [
    [0, '#2a1a10', strength],
    [0.55, '#2a1a10', strength * 0.45],
    [1, '#2a1a10', 0],
  ]);
  return `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${fill}"/>`;
}

/** A closed path through `points`, each corner rounded by `round` of the way to its neighbours. */
export function roundedPolygon(points: [number, number][], round: number): string {
  const n = points.length;
  let d = '';
  for (let i = 0; i < n; i++) {
    const [x, y] = points[i]!;
    const [px, py] = points[(i + n - 1) % n]!;
    const [nx, ny] = points[(i + 1) % n]!;
    const ax = x + (px - x) * round;
    const ay = y + (py - y) * round;
    const bx = x + (nx - x) * round;
    const by = y + (ny - y) * round;
    d += `${i === 0 ? 'M' : 'L'}${num(ax)} ${num(ay)}Q${num(x)} ${num(y)} ${num(bx)} ${num(by)}`;
  }
  return `${d}Z`;
}

export function starPoints(points: number, outer: number, inner: number, turn = -90): [number, number][] {
  const list: [number, number][] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((turn + (i * 180) / points) * Math.PI) / 180;
    list.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return list;
}

/**
 * A crescent: the part of the circle (0,0,r1) outside the circle (dx,dy,r2). The two
 * intersection points are computed so the horns are sharp and exact.
 */
export function crescentPath(r1: number, dx: number, dy: number, r2: number): string {
  const d = Math.hypot(dx, dy);
  const a = (r1 * r1 - r2 * r2 + d * d) / (2 * d);
  const h = Math.sqrt(Math.max(r1 * r1 - a * a, 0));
  const px = (a * dx) / d;
  const py = (a * dy) / d;
  const ux = -dy / d;
  const uy = dx / d;
  const p1 = [px + h * ux, py + h * uy];
  const p2 = [px - h * ux, py - h * uy];
  return `M${num(p1[0]!)} ${num(p1[1]!)}A${r1} ${r1} 0 1 1 ${num(p2[0]!)} ${num(p2[1]!)}A${r2} ${r2} 0 0 0 ${num(p1[0]!)} ${num(p1[1]!)}Z`;
}

/** A 4-point sparkle star, radius 10. */
export const SPARKLE =
  'M0 -10C1.2 -2.4 2.4 -1.2 10 0C2.4 1.2 1.2 2.4 0 10C-1.2 2.4 -2.4 1.2 -10 0C-2.4 -1.2 -1.2 -2.4 0 -10Z';

const LEAF = 'M0 50C-30 30 -36 -14 0 -52C36 -14 30 30 0 50Z';

const GUMMY_PATHS: Record<GummyShape, { d: string; shine: string }> = {
  round: { d: 'M-48 0A48 40 0 1 0 48 0A48 40 0 1 0 -48 0Z', shine: 'M-32 -10C-28 -20 -20 -26 -10 -28' },
  apple: {
    d: 'M0 -28C-12 -40 -46 -40 -46 -4C-46 26 -24 48 -10 48C-4 48 -3 45 0 45C3 45 4 48 10 48C24 48 46 26 46 -4C46 -40 12 -40 0 -28Z',
    shine: 'M-32 -10C-32 -20 -26 -26 -18 -28',
  },
  heart: {
    d: 'M0 44C-30 22 -50 4 -50 -16C-50 -36 -34 -46 -22 -46C-10 -46 -3 -38 0 -30C3 -38 10 -46 22 -46C34 -46 50 -36 50 -16C50 4 30 22 0 44Z',
    shine: 'M-36 -18C-36 -28 -30 -34 -22 -35',
  },
  star: { d: roundedPolygon(starPoints(5, 52, 26), 0.28), shine: 'M-20 -12L-8 -16' },
  leaf: { d: LEAF, shine: 'M-14 -18C-12 -28 -8 -36 -2 -42' },
  moon: { d: crescentPath(48, 22, -16, 40), shine: 'M-34 6C-34 -8 -28 -20 -18 -28' },
  square: {
    d: 'M-30 -42H30Q42 -42 42 -30V30Q42 42 30 42H-30Q-42 42 -42 30V-30Q-42 -42 -30 -42Z',
    shine: 'M-28 -10V-22Q-28 -28 -22 -28H-8',
  },
  segment: { d: 'M-50 16A50 50 0 0 1 50 16C30 28 -30 28 -50 16Z', shine: 'M-30 -6C-24 -20 -12 -26 0 -28' },
  drop: {
    d: 'M0 -50C16 -26 40 -6 40 16C40 38 22 50 0 50C-22 50 -40 38 -40 16C-40 -6 -16 -26 0 -50Z',
    shine: 'M-24 10C-24 -2 -18 -12 -10 -20',
  },
};

/** Sugar crystals on a coated gummy: tiny dots inside every shape's core, one path. */
const SUGAR = [
  [-18, 8],
  [6, 18],
  [20, -4],
  [-4, -6],
  [12, 30],
  [-22, 26],
  [26, 14],
  [-10, 32],
  [2, 4],
]
  .map(([x, y]) => `M${x} ${y}a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0 -4.4 0`)
  .join('');

export interface GummyOptions {
  rotate?: number;
  /** `side`: a contact shadow below; `top`: seen from above, a shadow falling down-right. */
  shadow?: 'side' | 'top' | 'none';
}

/** One gummy of `shape` and `color`, centred on (x, y), about `size` across. */
export function gummy(
  doc: SvgDoc,
  shape: GummyShape,
  color: string,
  x: number,
  y: number,
  size: number,
  options: GummyOptions = {},
): string {
  const { d, shine } = GUMMY_PATHS[shape];
  const s = size / 100;
  const rotate = options.rotate ?? 0;
  let out = '';
  if (options.shadow === 'side') out += softShadow(doc, x, y + size * 0.42, size * 0.5, size * 0.13);
  if (options.shadow === 'top') {
    out += `<path transform="${place(x + size * 0.07, y + size * 0.1, s, rotate)}" d="${d}" fill="#2a1a10" opacity=".16"/>`;
  }
  let details = '';
  if (shape === 'square') {
    // A bite has a soft top face: an inset lighter square.
    details = `<path d="M-24 -32H24Q32 -32 32 -24V24Q32 32 24 32H-24Q-32 32 -32 24V-24Q-32 -32 -24 -32Z" fill="#ffffff" opacity=".12"/>`;
  } else if (shape === 'segment') {
    details = `<path d="M-40 14A40 40 0 0 1 40 14" fill="none" stroke="#fff6d8" stroke-width="5" opacity=".7"/>`;
  } else if (shape === 'leaf') {
    details = `<path d="M0 44V-40" stroke="${darken(color, 0.25)}" stroke-width="4" opacity=".45" stroke-linecap="round"/>`;
  } else if (shape === 'apple') {
    details = `<path d="M0 -28C0 -36 2 -42 6 -46" stroke="${darken(color, 0.45)}" stroke-width="5" stroke-linecap="round" fill="none"/>`;
  }
  out +=
    `<g transform="${place(x, y, s, rotate)}"><path d="${d}" fill="${jelly(doc, color)}"/>` +
    `<path d="${d}" fill="none" stroke="${darken(color, 0.12)}" stroke-width="2.5" opacity=".5"/>${details}` +
    `<path d="${SUGAR}" fill="#ffffff" opacity=".55" clip-path="${doc.define(`gclip${shape}`, `<clipPath id="gclip${shape}"><path d="${d}"/></clipPath>`)}"/>` +
    `<path d="${shine}" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" opacity=".6"/>` +
    `<circle cx="${shape === 'star' ? 8 : 14}" cy="${shape === 'segment' ? -14 : -24}" r="3.5" fill="#ffffff" opacity=".5"/></g>`;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Motifs and props, in a box of about 100 units around (0, 0).

const stroke = (color: string, width: number, extra = '') =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}`;

export function apple(doc: SvgDoc, color = '#8cc63f'): string {
  return (
    `<path d="M0 -28C-12 -40 -46 -40 -46 -4C-46 26 -24 48 -10 48C-4 48 -3 45 0 45C3 45 4 48 10 48C24 48 46 26 46 -4C46 -40 12 -40 0 -28Z" fill="${shade(doc, color)}"/>` +
    `<path d="M0 -28C0 -38 2 -44 6 -50" ${stroke('#6b4226', 5)}/>` +
    `<path d="M4 -40C12 -56 30 -58 38 -52C30 -40 16 -37 4 -40Z" fill="${shade(doc, '#4f9d3a')}"/>` +
    `<path d="M-32 -12C-32 -22 -26 -28 -18 -30" ${stroke('#ffffff', 6, ' opacity=".5"')}/>`
  );
}

/** Half an apple, cut face up: cream flesh, a star of pips. */
export function appleSlice(doc: SvgDoc, skin = '#e5483a'): string {
  const body =
    'M0 -30C-12 -42 -46 -40 -46 -4C-46 26 -24 48 -10 48C-4 48 -3 45 0 45C3 45 4 48 10 48C24 48 46 26 46 -4C46 -40 12 -42 0 -30Z';
  return (
    `<path d="${body}" fill="${skin}"/>` +
    `<path transform="scale(.9) translate(0 1)" d="${body}" fill="${doc.radial('appleFlesh', [
      [0, '#fffbe6'],
      [1, '#f3e4b0'],
    ])}"/>` +
    `<path d="M0 -22C-10 -8 -12 10 0 26C12 10 10 -8 0 -22Z" fill="none" stroke="#e9d08a" stroke-width="2.5"/>` +
    `<g fill="#5b3a1e"><ellipse cx="-5" cy="2" rx="2.6" ry="5" transform="rotate(20 -5 2)"/><ellipse cx="5" cy="2" rx="2.6" ry="5" transform="rotate(-20 5 2)"/></g>` +
    `<path d="M0 -30C0 -38 2 -42 5 -46" ${stroke('#6b4226', 4)}/>`
  );
}

export function leaf(doc: SvgDoc, color: string, veins = true): string {
  const vein = lighten(color, 0.45);
  return (
    `<path d="${LEAF}" fill="${shade(doc, color)}"/>` +
    `<path d="M0 48V-44" ${stroke(vein, 3, ' opacity=".7"')}/>` +
    (veins
      ? `<path d="M0 22L-18 6M0 2L-17 -14M0 -18L-10 -30M0 22L18 6M0 2L17 -14M0 -18L10 -30" ${stroke(vein, 2.2, ' opacity=".55"')}/>`
      : '')
  );
}

/** A kale leaf: a leaf outline whose edge is a run of small scallops. */
export function kale(doc: SvgDoc, color: string): string {
  const bumps = 9;
  const halfWidth = (t: number) => Math.sin(Math.PI * Math.min(1, 0.08 + t)) * 34 * (1 - t * 0.3) + 3;
  const left: [number, number][] = [];
  for (let i = 0; i <= bumps; i++) {
    const t = i / bumps;
    left.push([-halfWidth(t), 48 - t * 100]);
  }
  // Up the left edge, over the tip, down the right edge: clockwise, so sweep 1 bulges outwards.
  const outline = [
    ...left,
    [0, -56] as [number, number],
    ...left.map(([x, y]) => [-x, y] as [number, number]).reverse(),
  ];
  let d = 'M0 50';
  for (const [x, y] of outline) d += `A7 7 0 0 1 ${num(x)} ${num(y)}`;
  d += 'A7 7 0 0 1 0 50Z';
  const vein = lighten(color, 0.5);
  return (
    `<path d="${d}" fill="${shade(doc, color)}"/>` +
    `<path d="M0 58V-46" ${stroke(vein, 4, ' opacity=".75"')}/>` +
    `<path d="M0 26L-20 10M0 6L-20 -10M0 -14L-13 -28M0 26L20 10M0 6L20 -10M0 -14L13 -28" ${stroke(vein, 2.4, ' opacity=".6"')}/>`
  );
}

export function blueberry(doc: SvgDoc): string {
  return (
    `<circle r="26" fill="${shade(doc, '#4b4fae')}"/>` +
    `<path transform="translate(6 -14) scale(.55)" d="${roundedPolygon(starPoints(5, 16, 7), 0.2)}" fill="#2c2d6e"/>` +
    `<path d="M-16 -6C-14 -14 -8 -18 -2 -19" ${stroke('#ffffff', 4, ' opacity=".35"')}/>`
  );
}

export function raspberry(doc: SvgDoc): string {
  const fill = shade(doc, '#e0245e');
  const rows: [number, number, number][] = [
    [-12, -14, 3],
    [-15, -2, 4],
    [-12, 10, 3],
    [-6, 21, 2],
  ];
  let out = '';
  for (const [ox, y, count] of rows) {
    for (let i = 0; i < count; i++)
      out += `<circle cx="${num(ox + i * 10 + (count === 2 ? 1 : 0))}" cy="${y}" r="7.4" fill="${fill}"/>`;
  }
  return `<g transform="translate(0 -2)">${out}</g><path d="M-8 -24L0 -18L8 -24M0 -18V-28" ${stroke('#4f9d3a', 3.5)}/>`;
}

export function strawberry(doc: SvgDoc): string {
  let seeds = '';
  const spots: [number, number][] = [
    [-14, -6],
    [0, -10],
    [14, -6],
    [-8, 6],
    [8, 6],
    [0, 18],
    [-18, -16],
    [18, -16],
  ];
  for (const [x, y] of spots) seeds += `<ellipse cx="${x}" cy="${y}" rx="1.8" ry="3" fill="#ffe9a8"/>`;
  return (
    `<path d="M0 34C-20 22 -32 2 -30 -14C-28 -28 -14 -30 0 -26C14 -30 28 -28 30 -14C32 2 20 22 0 34Z" fill="${shade(doc, '#e8333f')}"/>` +
    seeds +
    `<path d="M0 -24L-18 -32L-6 -30L-10 -40L0 -32L10 -40L6 -30L18 -32Z" fill="#4f9d3a" stroke="#4f9d3a" stroke-width="3" stroke-linejoin="round"/>`
  );
}

export function citrusSlice(doc: SvgDoc, color = '#f7931e'): string {
  let segments = '';
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4 + Math.PI / 8;
    segments += `M0 0L${num(Math.cos(a) * 34)} ${num(Math.sin(a) * 34)}`;
  }
  return (
    `<circle r="46" fill="${color}"/><circle r="40" fill="#fff4dc"/>` +
    `<circle r="36" fill="${doc.radial(`pulp${hexId(color)}`, [
      [0, lighten(color, 0.45)],
      [1, color],
    ])}"/>` +
    `<path d="${segments}" ${stroke('#fff4dc', 3.5)}/><circle r="4" fill="#fff4dc"/>`
  );
}

function cloud(fill: string): string {
  return `<g fill="${fill}"><circle cx="-12" cy="2" r="11"/><circle cx="2" cy="-4" r="14"/><circle cx="15" cy="3" r="10"/><rect x="-22" y="2" width="46" height="11" rx="5.5"/></g>`;
}

export function moonAndStars(doc: SvgDoc, moon = '#f6d67a', star = '#ffffff'): string {
  return (
    `<path transform="translate(-6 4)" d="${crescentPath(40, 20, -14, 34)}" fill="${shade(doc, moon)}"/>` +
    `<path transform="translate(30 -30) scale(1.2)" d="${SPARKLE}" fill="${star}"/>` +
    `<path transform="translate(40 12) scale(.7)" d="${SPARKLE}" fill="${star}"/>` +
    `<circle cx="18" cy="36" r="3" fill="${star}"/>`
  );
}

function drawMotif(doc: SvgDoc, theme: Theme): string {
  switch (theme.motif) {
    case 'apple':
      return `<g transform="translate(-10 4) scale(.78)">${apple(doc, '#8cc63f')}</g><g transform="translate(26 18) scale(.5) rotate(14)">${apple(doc, '#e5483a')}</g>`;
    case 'cherry': {
      let petals = '';
      for (let i = 0; i < 5; i++) {
        petals += `<g transform="rotate(${i * 72 + 36})"><path d="M0 0C14 -10 16 -34 0 -52C-16 -34 -14 -10 0 0Z" fill="${shade(doc, '#e6c283')}"/><path d="M0 -6V-44" ${stroke('#b98a48', 2)}/></g>`;
      }
      return (
        `<g transform="translate(0 4) scale(.9)">${petals}<circle r="24" fill="${shade(doc, '#e8572c')}"/>` +
        `<path d="M-14 -8C-12 -14 -7 -18 -2 -19" ${stroke('#ffffff', 4, ' opacity=".55"')}/></g>`
      );
    }
    case 'berries':
      return `<g transform="translate(22 -6) scale(.95)">${raspberry(doc)}</g><g transform="translate(-20 12)">${blueberry(doc)}</g><g transform="translate(-4 -30) rotate(-40) scale(.28)">${leaf(doc, '#4f9d3a', false)}</g>`;
    case 'greens':
      return `<g transform="translate(-16 4) rotate(-28) scale(.8)">${kale(doc, '#2e7d4f')}</g><g transform="translate(16 6) rotate(22) scale(.74)">${leaf(doc, '#6db33f')}</g>`;
    case 'shield':
      return (
        `<path d="M0 -50C16 -40 32 -38 46 -38C46 4 34 34 0 52C-34 34 -46 4 -46 -38C-32 -38 -16 -40 0 -50Z" fill="${shade(doc, theme.primary)}"/>` +
        `<path transform="scale(.8)" d="M0 -50C16 -40 32 -38 46 -38C46 4 34 34 0 52C-34 34 -46 4 -46 -38C-32 -38 -16 -40 0 -50Z" ${stroke('#fff4dc', 3.5, ' opacity=".8"')}/>` +
        `<g transform="translate(0 -2) scale(.5)">${citrusSlice(doc, '#ffb020')}</g>`
      );
    case 'moon':
      return moonAndStars(doc, '#f6d67a', '#ffffff');
    case 'rainbow': {
      const colors = ['#ff6b6b', '#ffcc33', '#4cc38a', '#3ea6e8'];
      const arcs = colors.map((c, i) => {
        const r = 44 - i * 9;
        return `<path d="M${-r} 16A${r} ${r} 0 0 1 ${r} 16" fill="none" stroke="${c}" stroke-width="9.5"/>`;
      });
      return `${arcs.join('')}<g transform="translate(-36 18) scale(.8)">${cloud('#ffffff')}</g><g transform="translate(38 20) scale(.7)">${cloud('#ffffff')}</g>`;
    }
    case 'flower':
      return flower(doc, lighten(theme.primary, 0.2), theme.accent);
    case 'cocoa':
      return (
        `<path d="M-48 30C-32 18 -16 18 0 30C16 42 32 42 48 30" ${stroke(lighten(theme.primary, 0.25), 5)}/>` +
        `<g transform="translate(-14 -4) rotate(-24)">${cocoaBean(doc)}</g><g transform="translate(18 -2) rotate(20) scale(.9)">${cocoaBean(doc)}</g>` +
        `<g transform="translate(2 -34) rotate(10) scale(.3)">${leaf(doc, '#7fae8f', false)}</g>`
      );
    case 'bolt':
      return (
        `<circle r="42" fill="${shade(doc, '#fff0a8')}"/>` +
        `<path d="M8 -44L-22 6H-2L-10 44L24 -10H4L14 -44Z" fill="${shade(doc, theme.accent)}" stroke="${theme.accent}" stroke-width="5" stroke-linejoin="round"/>`
      );
    case 'sunburst':
      return sun(doc, theme.accent, theme.primary);
    case 'beet':
      return beet(doc);
    case 'cycle':
      return cycle(doc, theme);
    case 'nightsky':
      return (
        `<path transform="translate(-4 4)" d="${crescentPath(42, 20, -16, 36)}" fill="${shade(doc, '#f3c969')}"/>` +
        `<path transform="translate(32 -30) scale(1.1)" d="${SPARKLE}" fill="#fff4cf"/><path transform="translate(-36 -36) scale(.6)" d="${SPARKLE}" fill="#fff4cf"/>` +
        `<path transform="translate(38 24) scale(.8)" d="${SPARKLE}" fill="#f3c969"/><circle cx="-30" cy="38" r="3" fill="#fff4cf"/><circle cx="44" cy="-6" r="2.4" fill="#fff4cf"/>`
      );
    case 'cells':
      return cells(doc, theme);
    case 'matcha':
      return `<g transform="translate(30 -26) rotate(30) scale(.42)">${leaf(doc, '#6f8f35')}</g>${matchaBowl(doc)}`;
  }
}

export function flower(doc: SvgDoc, petal: string, heart: string): string {
  let petals = '';
  for (let i = 0; i < 5; i++)
    petals += `<ellipse transform="rotate(${i * 72}) translate(0 -24)" rx="17" ry="25" fill="${shade(doc, petal)}"/>`;
  return `${petals}<circle r="13" fill="${shade(doc, heart)}"/><circle cx="-4" cy="-4" r="3" fill="#ffffff" opacity=".5"/>`;
}

export function cocoaBean(doc: SvgDoc): string {
  // Almond-shaped and reddish, with fine ridges along its length (a coffee bean has one groove).
  return (
    `<path d="M0 -30C14 -22 18 -6 16 8C14 22 6 30 0 32C-6 30 -14 22 -16 8C-18 -6 -14 -22 0 -30Z" fill="${shade(doc, '#8a5236')}"/>` +
    `<path d="M-7 -20C-11 -6 -11 10 -6 24M7 -20C11 -6 11 10 6 24" ${stroke('#5e3322', 1.8, ' opacity=".55"')}/>` +
    `<path d="M-9 -12C-8 -18 -5 -22 -2 -24" ${stroke('#ffffff', 3, ' opacity=".35"')}/>`
  );
}

export function sun(doc: SvgDoc, ray: string, disc: string): string {
  let rays = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    rays += `M${num(Math.cos(a) * 36)} ${num(Math.sin(a) * 36)}L${num(Math.cos(a) * 47)} ${num(Math.sin(a) * 47)}`;
  }
  return `<path d="${rays}" ${stroke(ray, 7)}/><circle r="28" fill="${shade(doc, mix(disc, ray, 0.35))}"/><path d="M-16 -8C-14 -16 -8 -20 -2 -21" ${stroke('#ffffff', 4.5, ' opacity=".5"')}/>`;
}

export function beet(doc: SvgDoc): string {
  const leafAt = (x: number, y: number, rot: number, s: number) =>
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})">${leaf(doc, '#4f9d3a')}</g>`;
  return (
    `<path d="M-4 -14C-10 -26 -18 -36 -26 -44M2 -14C2 -30 4 -40 6 -50M6 -14C14 -26 22 -32 30 -38" ${stroke('#b3245a', 3.5)}/>` +
    leafAt(-30, -50, -38, 0.3) +
    leafAt(8, -58, 6, 0.32) +
    leafAt(34, -44, 40, 0.28) +
    `<path d="M0 -16C24 -18 38 -2 34 18C30 34 14 42 4 48C2 54 0 60 -2 64C-2 56 -4 50 -6 48C-18 42 -34 32 -34 14C-34 -4 -22 -16 0 -16Z" fill="${shade(doc, '#a3204f')}"/>` +
    `<path d="M-20 4C-14 10 -6 12 2 12M-14 22C-8 26 0 28 8 26" ${stroke('#d65a86', 2.5, ' opacity=".6"')}/>` +
    `<path d="M-24 -2C-22 -8 -16 -12 -10 -13" ${stroke('#ffffff', 4, ' opacity=".35"')}/>`
  );
}

function cycle(doc: SvgDoc, theme: Theme): string {
  const light = lighten(theme.accent, 0.35);
  const dark = theme.deep;
  let phases = '';
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4 - Math.PI / 2;
    const x = Math.cos(a) * 40;
    const y = Math.sin(a) * 40;
    let shape: string;
    if (i === 0) shape = `<circle r="8" fill="${light}"/>`;
    else if (i === 4) shape = `<circle r="7" fill="none" stroke="${light}" stroke-width="2"/>`;
    else {
      const lit = i < 4 ? 1 : -1;
      const bulge = [0, 0.5, 0, -0.5][i % 4]!;
      shape =
        `<circle r="8" fill="${mix(dark, light, 0.25)}"/>` +
        `<path d="M0 -8A8 8 0 0 ${lit > 0 ? 1 : 0} 0 8A${num(Math.abs(bulge) * 8 + 0.01)} 8 0 0 ${bulge > 0 === lit > 0 ? 0 : 1} 0 -8Z" fill="${light}"/>`;
    }
    phases += `<g transform="translate(${num(x)} ${num(y)})">${shape}</g>`;
  }
  return `${phases}<g transform="scale(.52)">${flower(doc, lighten(theme.primary, 0.25), theme.accent)}</g>`;
}

function cells(doc: SvgDoc, theme: Theme): string {
  const rod = (x: number, y: number, rot: number, color: string, len = 40) =>
    `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="${-len / 2}" y="-11" width="${len}" height="22" rx="11" fill="${shade(doc, color)}"/><path d="M${-len / 2 + 8} -4H${len / 2 - 14}" ${stroke('#ffffff', 3.5, ' opacity=".5"')}/></g>`;
  return (
    rod(-16, -18, -30, theme.primary) +
    rod(20, 20, 24, lighten(theme.primary, 0.3), 34) +
    `<circle cx="22" cy="-22" r="13" fill="${shade(doc, theme.accent)}"/><circle cx="-22" cy="22" r="10" fill="${shade(doc, theme.accent)}"/>` +
    `<circle cx="-38" cy="-40" r="5" fill="${lighten(theme.primary, 0.4)}"/><circle cx="42" cy="-46" r="4" fill="${lighten(theme.accent, 0.3)}"/>` +
    `<path d="M0 -10V10M-10 0H10" ${stroke(theme.deep, 6)}/>`
  );
}

export function matchaBowl(doc: SvgDoc): string {
  const clay = '#efe6d2';
  return (
    `<path d="M-46 -2H46C46 26 26 44 0 44C-26 44 -46 26 -46 -2Z" fill="${shade(doc, clay)}"/>` +
    `<rect x="-16" y="42" width="32" height="7" rx="3" fill="${darken(clay, 0.15)}"/>` +
    `<ellipse cy="-2" rx="46" ry="11" fill="${darken(clay, 0.06)}"/>` +
    `<ellipse cy="-1" rx="40" ry="8" fill="${doc.radial('matchaFoam', [
      [0, '#b8cf6d'],
      [1, '#7a9a3a'],
    ])}"/>` +
    `<path d="M-20 -2C-12 -5 -2 -5 6 -2" ${stroke('#d9e7a8', 2.5, ' opacity=".8"')}/>`
  );
}

export function whisk(doc: SvgDoc): string {
  let tines = '';
  for (let i = -5; i <= 5; i++) tines += `M${i * 1.2} -6C${i * 3} 10 ${i * 4.4} 26 ${i * 3.6} 40`;
  return `<rect x="-6" y="-50" width="12" height="46" rx="5" fill="${shade(doc, '#d8c08e')}"/><path d="${tines}" ${stroke('#d8c08e', 1.8)}/><path d="M-18 40C-8 46 8 46 18 40" ${stroke('#c6aa72', 2.5)}/>`;
}

export function chamomile(doc: SvgDoc): string {
  let petals = '';
  for (let i = 0; i < 14; i++)
    petals += `<ellipse transform="rotate(${num((i * 360) / 14)}) translate(0 -26)" rx="7" ry="17" fill="#ffffff"/>`;
  return (
    `<path d="M4 10C10 30 6 44 -6 56" ${stroke('#6b9e4a', 4)}/>` +
    `<g fill="#ffffff" stroke="#e6e0d4" stroke-width="1">${petals}</g>` +
    `<circle r="14" fill="${shade(doc, '#f6c433')}"/>`
  );
}

/** A flowering sprig (lavender, chasteberry): a stem with small buds up its tip. */
export function sprig(doc: SvgDoc, bud: string): string {
  let buds = '';
  for (let i = 0; i < 9; i++) {
    const y = -8 - i * 6.4;
    const side = i % 2 ? 1 : -1;
    const spread = 7 - i * 0.45;
    buds += `<ellipse cx="${num(side * spread * 0.7)}" cy="${num(y)}" rx="${num(spread)}" ry="${num(spread * 0.72)}" fill="${shade(doc, i % 3 ? bud : lighten(bud, 0.25))}"/>`;
  }
  return (
    `<path d="M0 56C-2 30 0 10 0 -62" ${stroke('#6f8f55', 3.5)}/>` +
    `<g transform="translate(0 22) rotate(-30) scale(.22)">${leaf(doc, '#7a9f5c', false)}</g>` +
    `<g transform="translate(0 30) rotate(34) scale(.2)">${leaf(doc, '#7a9f5c', false)}</g>` +
    buds
  );
}

/** A square of chocolate with its four raised pieces. */
export function chocolate(doc: SvgDoc): string {
  const piece = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="34" height="34" rx="5" fill="${shade(doc, '#6b4330')}"/><path d="M${x + 6} ${y + 28}V${y + 7}H${x + 28}" fill="none" stroke="#a8775a" stroke-width="2.5" opacity=".6"/>`;
  return `<rect x="-44" y="-44" width="88" height="88" rx="9" fill="#4a2c1e"/>${piece(-39, -39)}${piece(5, -39)}${piece(-39, 5)}${piece(5, 5)}`;
}

export function fivePointStar(doc: SvgDoc, color: string): string {
  return `<path d="${roundedPolygon(starPoints(5, 48, 22), 0.22)}" fill="${shade(doc, color)}"/><path d="M-14 -12L-4 -16" ${stroke('#ffffff', 5, ' opacity=".6"')}/>`;
}

function drawProp(doc: SvgDoc, name: PropName, theme: Theme): string {
  switch (name) {
    case 'greenApple':
      return apple(doc, '#8cc63f');
    case 'redApple':
      return apple(doc, '#e5483a');
    case 'appleSlice':
      return appleSlice(doc, '#8cc63f');
    case 'cherry':
    case 'cells':
      return drawMotif(doc, { ...theme, motif: name });
    case 'blueberry':
      return `<g transform="translate(-16 8)">${blueberry(doc)}</g><g transform="translate(18 -10) scale(.8)">${blueberry(doc)}</g><g transform="translate(20 22) scale(.7)">${blueberry(doc)}</g>`;
    case 'raspberry':
      return `<g transform="scale(1.4)">${raspberry(doc)}</g>`;
    case 'strawberry':
      return `<g transform="scale(1.3)">${strawberry(doc)}</g>`;
    case 'kale':
      return kale(doc, '#2e7d4f');
    case 'spinach':
      return leaf(doc, '#3f9b4a');
    case 'orangeSlice':
      return citrusSlice(doc, '#f7931e');
    case 'lemonSlice':
      return citrusSlice(doc, '#f5c518');
    case 'moon':
      return moonAndStars(doc, '#f6d67a', '#ffffff');
    case 'chamomile':
      return chamomile(doc);
    case 'lavender':
      return `<g transform="rotate(-10)">${sprig(doc, '#8e7cc3')}</g><g transform="translate(14 6) rotate(12)">${sprig(doc, '#a08ed6')}</g>`;
    case 'star':
      return fivePointStar(doc, theme.accent);
    case 'rainbow':
      return drawMotif(doc, { ...theme, motif: 'rainbow' });
    case 'blossom':
      return flower(doc, lighten(theme.primary, 0.25), theme.accent);
    case 'cocoaBeans':
      return `<g transform="translate(-16 -2) rotate(-24)">${cocoaBean(doc)}</g><g transform="translate(18 6) rotate(20) scale(.9)">${cocoaBean(doc)}</g>`;
    case 'chocolate':
      return chocolate(doc);
    case 'bolt':
      return drawMotif(doc, { ...theme, motif: 'bolt' });
    case 'sun':
      return sun(doc, '#fbbf24', '#f97316');
    case 'beet':
      return beet(doc);
    case 'chasteberry':
      return `<g transform="rotate(-8)">${sprig(doc, '#8f6bb3')}</g><g transform="translate(16 8) rotate(16) scale(.85)">${sprig(doc, '#a987c9')}</g>`;
    case 'matchaBowl':
      return `<g transform="scale(1.05)">${matchaBowl(doc)}</g>`;
    case 'whisk':
      return `<g transform="scale(1.1)">${whisk(doc)}</g>`;
    case 'teaLeaf':
      return `<g transform="rotate(-20) scale(.9)">${leaf(doc, theme.code === 'matcha' ? '#6f8f35' : '#5c9e57')}</g>`;
  }
}

/** Long things that lie on a table rather than stand on it. */
const LONG_PROPS: ReadonlySet<PropName> = new Set([
  'kale',
  'spinach',
  'lavender',
  'chasteberry',
  'teaLeaf',
  'whisk',
]);
/** Flat things that lie face up: from the side they are foreshortened ellipses. */
const FLAT_PROPS: ReadonlySet<PropName> = new Set([
  'chamomile',
  'blossom',
  'orangeSlice',
  'lemonSlice',
  'appleSlice',
  'chocolate',
]);

/**
 * The theme's `index`-th object (cycling), centred on (x, y), `size` across. `onTable`: seen
 * from the side lying on a table, so a leaf or a slice is laid down and foreshortened.
 */
export function prop(
  doc: SvgDoc,
  theme: Theme,
  index: number,
  x: number,
  y: number,
  size: number,
  rotate = 0,
  onTable = false,
): string {
  const name = theme.objects[index % theme.objects.length]!;
  const s = size / 100;
  if (onTable && LONG_PROPS.has(name)) {
    return `<g transform="${place(x, y)} scale(${fine(s)} ${fine(s * 0.55)}) rotate(${num(78 + rotate / 4)})">${drawProp(doc, name, theme)}</g>`;
  }
  if (onTable && FLAT_PROPS.has(name)) {
    return `<g transform="${place(x, y)} scale(${fine(s)} ${fine(s * 0.42)})">${drawProp(doc, name, theme)}</g>`;
  }
  return `<g transform="${place(x, y, s, rotate)}">${drawProp(doc, name, theme)}</g>`;
}

/** The product's motif, centred on (x, y), `size` across. */
export function motif(doc: SvgDoc, theme: Theme, x: number, y: number, size: number, rotate = 0): string {
  return `<g transform="${place(x, y, size / 100, rotate)}">${drawMotif(doc, theme)}</g>`;
}

/** The Sunbite mark (the logo's gummy-shaped sun), centred, about 48 units across. */
export function brandMark(ray: string, gummyFill: string, outline: string): string {
  return (
    `<g transform="translate(-24 -24)"><path d="M24 3v5M24 40v5M3 24h5M40 24h5M9.2 9.2l3.5 3.5M35.3 35.3l3.5 3.5M9.2 38.8l3.5-3.5M35.3 12.7l3.5-3.5" ${stroke(ray, 3.2)}/>` +
    `<path d="M16 13h10.5a5.5 5.5 0 0 0 8.5 5.3V29a6 6 0 0 1-6 6H16a6 6 0 0 1-6-6V19a6 6 0 0 1 6-6Z" fill="${gummyFill}" stroke="${outline}" stroke-width="1.6"/>` +
    `<path d="M16.5 19.5c1.5-1.6 3.5-2 5.5-1.6" ${stroke('#fff7ed', 2)}/></g>`
  );
}
