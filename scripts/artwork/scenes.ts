// Compositions: the pack shot of each product and the four Grab and Go layouts (flat lay,
// morning or evening routine, product with gummies scattered, graphic poster), each for a
// square post (1080 × 1080) and a story (1080 × 1920). Random placement comes from a PRNG
// seeded by the ref, so an image never changes between renders.
import type { GalleryFormat } from '../../common/content';
import type { ProductCode } from '../../common/products';
import { propSlots, type Layout } from './layouts';
import { pack, packSize } from './packs';
import { candle, cupTop, dishTop, glassTop, linen, mug, plant, squiggle, teacup, windowFrame } from './props';
import { brandMark, gummy, motif, prop, softShadow, SPARKLE } from './shapes';
import { between, darken, lighten, mix, num, place, seededRng, SvgDoc, type Rng } from './svg';
import { THEMES, type Theme } from './themes';

interface Spot {
  x: number;
  y: number;
  r: number;
}

function pickColor(theme: Theme, i: number): string {
  return theme.gummyColors[i % theme.gummyColors.length]!;
}

function backdrop(doc: SvgDoc, theme: Theme, cy = 0.35): string {
  const { width: W, height: H } = doc;
  const fill = doc.radial(
    'backdrop',
    [
      [0, lighten(theme.background, 0.55)],
      [0.6, theme.background],
      [1, darken(theme.background, 0.07)],
    ],
    0.5,
    cy,
    0.8,
  );
  return `<rect width="${W}" height="${H}" fill="${fill}"/>`;
}

/** A round podium (a short cylinder) whose top is at `y`. */
function podium(doc: SvgDoc, cx: number, y: number, rx: number, depth: number, color: string): string {
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
    `<path d="M${num(cx - rx)} ${num(y)}V${num(y + depth)}A${num(rx)} ${num(ry)} 0 0 0 ${num(cx + rx)} ${num(y + depth)}V${num(y)}Z" fill="${side}"/>` +
    `<ellipse cx="${num(cx)}" cy="${num(y)}" rx="${num(rx)}" ry="${num(ry)}" fill="${lighten(color, 0.18)}"/>` +
    `<ellipse cx="${num(cx)}" cy="${num(y)}" rx="${num(rx * 0.9)}" ry="${num(ry * 0.8)}" fill="${lighten(color, 0.26)}" opacity=".5"/>`
  );
}

function sparkles(rng: Rng, color: string, count: number, area: [number, number, number, number]): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = between(rng, area[0], area[2]);
    const y = between(rng, area[1], area[3]);
    const s = between(rng, 0.8, 2);
    out +=
      rng() < 0.45
        ? `<circle cx="${num(x)}" cy="${num(y)}" r="${num(s * 4)}" fill="${color}" opacity=".7"/>`
        : `<path transform="${place(x, y, s)}" d="${SPARKLE}" fill="${color}"/>`;
  }
  return out;
}

/** The pack standing with its base centred on (x, baseY). */
function standing(doc: SvgDoc, theme: Theme, x: number, baseY: number, scale: number): string {
  const { width } = packSize(theme);
  return (
    softShadow(doc, x, baseY, width * 0.62 * scale, 26 * scale, 0.36) +
    `<g transform="${place(x, baseY, scale)}">${pack(doc, theme)}</g>`
  );
}

/** The pack lying on its back, seen from above, centred on (x, y), with its shadow. */
function lying(doc: SvgDoc, theme: Theme, x: number, y: number, scale: number, rotate: number): string {
  const { width, height } = packSize(theme);
  return (
    `<g transform="${place(x + 16, y + 22, scale, rotate)}"><rect x="${-width / 2}" y="${-height / 2 + 6}" width="${width}" height="${height - 6}" rx="40" fill="#2a1a10" opacity=".16"/></g>` +
    `<g transform="${place(x, y, scale, rotate)}"><g transform="translate(0 ${height / 2})">${pack(doc, theme)}</g></g>`
  );
}

/** Up to `count` spots inside `bounds` that overlap neither `taken` nor one another. */
function freeSpots(
  rng: Rng,
  taken: Spot[],
  bounds: [number, number, number, number],
  count: number,
  size: [number, number],
): Spot[] {
  const found: Spot[] = [];
  for (let tries = 0; tries < count * 40 && found.length < count; tries++) {
    const r = between(rng, size[0], size[1]) / 2;
    const spot = {
      x: between(rng, bounds[0] + r, bounds[2] - r),
      y: between(rng, bounds[1] + r, bounds[3] - r),
      r,
    };
    if ([...taken, ...found].every((o) => Math.hypot(o.x - spot.x, o.y - spot.y) > o.r + spot.r + 12))
      found.push(spot);
  }
  return found;
}

function gummiesAt(
  doc: SvgDoc,
  theme: Theme,
  rng: Rng,
  spots: Spot[],
  shadow: 'side' | 'top' | 'none',
  offset = 0,
): string {
  return spots
    .map((s, i) =>
      gummy(doc, theme.gummy, pickColor(theme, i + offset), s.x, s.y, s.r * 2, {
        rotate: between(rng, -40, 40),
        shadow,
      }),
    )
    .join('');
}

/** A small pile of gummies in a dish seen from above. */
function dishOfGummies(doc: SvgDoc, theme: Theme, rng: Rng, x: number, y: number, r: number): string {
  let out = `<g transform="${place(x, y)}">${dishTop(doc, r)}`;
  const inner: Spot[] = [];
  const size = r * 0.46;
  // A heap: a ring of gummies around one in the middle, slightly jittered.
  inner.push({ x: between(rng, -4, 4), y: between(rng, -4, 4), r: size / 2 });
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2 + between(rng, -0.15, 0.15);
    const d = r * 0.42 + between(rng, -6, 6);
    inner.push({ x: Math.cos(a) * d, y: Math.sin(a) * d, r: size / 2 });
  }
  inner.reverse();
  out += gummiesAt(doc, theme, rng, inner, 'top');
  return `${out}</g>`;
}

/** Gummies on a saucer seen from the side, base centred on (x, y). */
function saucerOfGummies(doc: SvgDoc, theme: Theme, rng: Rng, x: number, y: number, scale: number): string {
  let out = `<g transform="${place(x, y, scale)}">${softShadow(doc, 0, 0, 130, 16, 0.3)}`;
  out += `<ellipse cy="-10" rx="122" ry="24" fill="${darken('#fbf7f1', 0.1)}"/><ellipse cy="-14" rx="112" ry="18" fill="#fbf7f1"/>`;
  const row: [number, number, number][] = [
    [-62, -40, 66],
    [0, -50, 70],
    [58, -38, 66],
    [-28, -24, 68],
    [34, -22, 66],
  ];
  row.forEach(([gx, gy, size], i) => {
    out += gummy(doc, theme.gummy, pickColor(theme, i), gx, gy, size, { rotate: between(rng, -25, 25) });
  });
  return `${out}</g>`;
}

/** What is in the cup: gallery.ts's drinkWords() names the same drinks. */
function drinkOf(theme: Theme): { drink: string; foam: boolean; glass: boolean } {
  if (theme.code === 'kids') return { drink: '#ffa630', foam: false, glass: true };
  if (theme.code === 'matcha') return { drink: '#8aa84a', foam: true, glass: false };
  if (theme.mood === 'night') return { drink: '#d9a441', foam: false, glass: false };
  return { drink: '#8a5a3a', foam: true, glass: false };
}

// ---------------------------------------------------------------------------------------------

export function drawPackShot(theme: Theme): SvgDoc {
  const doc = new SvgDoc(1080, 1080);
  const rng = seededRng(`product:${theme.code}`);
  doc.add(backdrop(doc, theme));
  doc.add(`<circle cx="540" cy="500" r="380" fill="${lighten(theme.primary, 0.72)}"/>`);
  doc.add(`<circle cx="540" cy="500" r="300" fill="${lighten(theme.primary, 0.6)}" opacity=".55"/>`);
  doc.add(sparkles(rng, lighten(theme.accent, 0.2), 7, [120, 120, 960, 520]));
  doc.add(prop(doc, theme, 0, 250, 650, 220, -12));
  doc.add(prop(doc, theme, 1, 845, 705, 170, 14));
  doc.add(podium(doc, 540, 870, 330, 90, lighten(theme.primary, 0.45)));
  doc.add(standing(doc, theme, 540, 872, theme.pack === 'jar' ? 1.05 : 0.95));
  const front: [number, number, number][] = [
    [300, 905, 96],
    [410, 935, 86],
    [700, 930, 92],
    [800, 900, 80],
    [560, 955, 70],
  ];
  front.forEach(([x, y, size], i) =>
    doc.add(
      gummy(doc, theme.gummy, pickColor(theme, i), x, y, size, {
        rotate: between(rng, -30, 30),
        shadow: 'side',
      }),
    ),
  );
  return doc;
}

function flatLay(doc: SvgDoc, theme: Theme, rng: Rng): void {
  const story = doc.height > doc.width;
  const night = theme.mood === 'night';
  const surface = night ? mix(theme.background, theme.deep, 0.15) : mix(theme.background, '#efe4d6', 0.45);
  doc.add(
    `<rect width="${doc.width}" height="${doc.height}" fill="${doc.linear(
      'surface',
      [
        [0, lighten(surface, 0.25)],
        [1, darken(surface, 0.05)],
      ],
      0,
      0,
      1,
      1,
    )}"/>`,
  );
  const cloth = story
    ? { x: 540, y: 980, w: 880, h: 1380, r: -5 }
    : { x: 560, y: 560, w: 820, h: 760, r: -7 };
  doc.add(
    `<g transform="${place(cloth.x, cloth.y, 1, cloth.r)}">${linen(doc, cloth.w, cloth.h, lighten(theme.primary, 0.78), theme.primary)}</g>`,
  );
  const p = story ? { x: 500, y: 990, s: 1.08, r: -10 } : { x: 470, y: 560, s: 0.92, r: -14 };
  const dish = story ? { x: 810, y: 470, r: 140 } : { x: 840, y: 250, r: 122 };
  const cup = story ? { x: 290, y: 1610 } : { x: 850, y: 855 };
  const props: [number, number, number, number][] = story
    ? [
        [250, 420, 230, -18],
        [830, 1580, 210, 16],
        [900, 1110, 130, 30],
      ]
    : [
        [190, 200, 190, -20],
        [200, 880, 160, 18],
      ];
  const { drink, foam, glass } = drinkOf(theme);
  doc.add(
    `<g transform="${place(cup.x, cup.y, story ? 1.05 : 0.95)}">${glass ? glassTop(doc, drink) : cupTop(doc, '#fbf7f1', drink, foam)}</g>`,
  );
  const slots = propSlots(theme, 'flatlay', story ? 'story' : 'square');
  props.forEach(([x, y, size, rot], i) => doc.add(prop(doc, theme, slots[i]!, x, y, size, rot)));
  doc.add(lying(doc, theme, p.x, p.y, p.s, p.r));
  doc.add(dishOfGummies(doc, theme, rng, dish.x, dish.y, dish.r));
  const { width, height } = packSize(theme);
  const taken: Spot[] = [
    { x: p.x, y: p.y, r: (Math.max(width, height) * p.s) / 2 - 10 },
    { x: dish.x, y: dish.y, r: dish.r + 6 },
    { x: cup.x, y: cup.y, r: 130 },
    ...props.map(([x, y, size]) => ({ x, y, r: size * 0.5 })),
  ];
  doc.add(
    gummiesAt(
      doc,
      theme,
      rng,
      freeSpots(rng, taken, [30, 30, doc.width - 30, doc.height - 30], story ? 14 : 8, [60, 86]),
      'top',
    ),
  );
}

function routine(doc: SvgDoc, theme: Theme, rng: Rng): void {
  const story = doc.height > doc.width;
  const night = theme.mood === 'night';
  const tableY = story ? 1250 : 700;
  const wall = night ? mix(theme.deep, '#3a3466', 0.45) : lighten(theme.background, 0.3);
  doc.add(
    `<rect width="${doc.width}" height="${tableY}" fill="${doc.linear('wall', [
      [0, night ? darken(wall, 0.2) : lighten(wall, 0.3)],
      [1, wall],
    ])}"/>`,
  );
  const win = story ? { x: 560, y: 250, w: 400, h: 620 } : { x: 590, y: 80, w: 360, h: 420 };
  doc.add(windowFrame(doc, win.x, win.y, win.w, win.h, night));
  if (!night) {
    // Morning light: the window's shape thrown across the wall and the table.
    doc.add(
      `<path d="M${win.x - 40} ${win.y + win.h + 40}L${win.x + win.w} ${win.y + win.h + 40}L${win.x + win.w - 300} ${doc.height}L${win.x - 420} ${doc.height}Z" fill="#fff8e1" opacity=".22"/>`,
    );
  } else {
    doc.add(
      `<circle cx="${win.x + win.w / 2}" cy="${win.y + win.h / 2}" r="${win.h * 0.75}" fill="${doc.radial(
        'nightGlow',
        [
          [0, '#8a86d6', 0.22],
          [1, '#8a86d6', 0],
        ],
      )}"/>`,
    );
  }
  if (story) {
    // A framed print of the product's motif on the wall.
    doc.add(
      `<rect x="96" y="330" width="330" height="420" rx="8" fill="${night ? '#d9cdb8' : '#ffffff'}"/><rect x="122" y="356" width="278" height="368" fill="${lighten(theme.primary, night ? 0.3 : 0.75)}"/>`,
    );
    doc.add(motif(doc, theme, 261, 540, 220));
  }
  const tableTop = night ? '#6b4e3d' : '#ecd8bd';
  doc.add(
    `<rect y="${tableY}" width="${doc.width}" height="${doc.height - tableY}" fill="${doc.linear('table', [
      [0, lighten(tableTop, 0.12)],
      [1, darken(tableTop, 0.1)],
    ])}"/><rect y="${tableY}" width="${doc.width}" height="6" fill="#ffffff" opacity=".35"/>`,
  );
  const k = story ? 1.22 : 1;
  const base = tableY + 100 * k;
  if (night) doc.add(`<g transform="${place(170 * (story ? 1 : 1), base - 20 * k, k)}">${candle(doc)}</g>`);
  else
    doc.add(
      `<g transform="${place(150, base - 20 * k, k)}">${plant(doc, lighten(theme.accent, 0.45), '#5c9e57')}</g>`,
    );
  doc.add(standing(doc, theme, 450, base, (theme.pack === 'jar' ? 0.95 : 0.88) * k));
  const { drink } = drinkOf(theme);
  if (night)
    doc.add(
      `<g transform="${place(800, base + 20 * k, k)}">${teacup(doc, lighten(theme.primary, 0.55), drink)}</g>`,
    );
  else
    doc.add(
      `<g transform="${place(790, base + 10 * k, k)}">${mug(doc, lighten(theme.accent, 0.35), drink)}</g>`,
    );
  doc.add(saucerOfGummies(doc, theme, rng, 800, base + 190 * k, 0.95 * k));
  doc.add(
    prop(
      doc,
      theme,
      propSlots(theme, 'routine', story ? 'story' : 'square')[0]!,
      230,
      base + 170 * k,
      170 * k,
      -10,
      true,
    ),
  );
  doc.add(
    gummy(doc, theme.gummy, pickColor(theme, 1), 470, base + 150 * k, 80 * k, { rotate: 12, shadow: 'side' }),
  );
  doc.add(
    gummy(doc, theme.gummy, pickColor(theme, 2), 580, base + 200 * k, 72 * k, {
      rotate: -20,
      shadow: 'side',
    }),
  );
  if (story) {
    // The table's front edge and the floor below it, so the tall frame ends on something.
    const edge = 1690;
    doc.add(
      `<rect y="${edge}" width="${doc.width}" height="${doc.height - edge}" fill="${night ? '#1f1a33' : mix(theme.background, '#b9a58c', 0.55)}"/>` +
        `<rect y="${edge}" width="${doc.width}" height="46" fill="${darken(tableTop, 0.18)}"/>` +
        `<rect y="${edge}" width="${doc.width}" height="5" fill="#ffffff" opacity=".3"/>` +
        `<rect y="${edge + 46}" width="${doc.width}" height="26" fill="#000000" opacity=".12"/>`,
    );
  }
  if (night) {
    // Lamp-lit corners: the room falls off into the dark around the table.
    doc.add(
      `<rect width="${doc.width}" height="${doc.height}" fill="${doc.radial(
        'vignette',
        [
          [0, '#000000', 0],
          [0.65, '#000000', 0],
          [1, '#0b0820', 0.45],
        ],
        0.45,
        0.55,
        0.75,
      )}"/>`,
    );
  }
}

function scatter(doc: SvgDoc, theme: Theme, rng: Rng): void {
  const story = doc.height > doc.width;
  const cx = 540;
  const k = story ? 1.25 : 0.95;
  const base = story ? 1260 : 790;
  const { height } = packSize(theme);
  const cy = base - (height * k) / 2;
  doc.add(backdrop(doc, theme, cy / doc.height));
  doc.add(`<circle cx="${cx}" cy="${num(cy)}" r="${num(340 * k)}" fill="${lighten(theme.primary, 0.66)}"/>`);
  for (const r of [430, 540, 660])
    doc.add(
      `<circle cx="${cx}" cy="${num(cy)}" r="${num(r * k)}" fill="none" stroke="#ffffff" stroke-width="3" opacity=".5"/>`,
    );
  doc.add(sparkles(rng, lighten(theme.accent, 0.15), story ? 12 : 8, [60, 60, 1020, doc.height - 60]));
  const slots = propSlots(theme, 'scatter', story ? 'story' : 'square');
  // One object after every three gummies, all the way round.
  const count = slots.length * 4;
  const rx = story ? 430 : 410;
  const ry = story ? 700 : 400;
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + between(rng, -0.12, 0.12);
    const d = between(rng, 0.85, 1.12);
    const x = cx + Math.cos(a) * rx * d;
    const y = cy + Math.sin(a) * ry * d;
    if (i % 4 === 1)
      items.push(
        prop(
          doc,
          theme,
          slots[(i - 1) / 4]!,
          x,
          y,
          between(rng, 150, 190) * (story ? 1.1 : 1),
          between(rng, -25, 25),
        ),
      );
    else
      items.push(
        gummy(doc, theme.gummy, pickColor(theme, i), x, y, between(rng, 80, 140) * (story ? 1.15 : 1), {
          rotate: between(rng, -50, 50),
        }),
      );
  }
  // Gummies nearer the centre, half hidden by the pack, give the burst its depth.
  const inner: string[] = [];
  for (let i = 0; i < 4; i++) {
    const a = ((i + 0.5) / 4) * Math.PI * 2;
    inner.push(
      gummy(
        doc,
        theme.gummy,
        pickColor(theme, i + 1),
        cx + Math.cos(a) * 250 * k,
        cy + Math.sin(a) * 250 * k,
        70 * k,
        { rotate: between(rng, -40, 40) },
      ),
    );
  }
  doc.add(inner.join(''));
  doc.add(standing(doc, theme, cx, base, k));
  doc.add(items.join(''));
}

function poster(doc: SvgDoc, theme: Theme, rng: Rng): void {
  const story = doc.height > doc.width;
  const H = doc.height;
  const night = theme.mood === 'night' && theme.code === 'xsleep';
  const top = night ? lighten(theme.primary, 0.1) : lighten(theme.primary, 0.5);
  const bottom = night ? theme.deep : lighten(theme.primary, 0.15);
  doc.add(
    `<rect width="1080" height="${H}" fill="${doc.linear('posterBg', [
      [0, top],
      [1, bottom],
    ])}"/>`,
  );
  const archTop = story ? 560 : 150;
  const podiumY = story ? 1470 : 880;
  const arch = lighten(theme.primary, night ? 0.2 : 0.72);
  doc.add(
    `<circle cx="${story ? 860 : 850}" cy="${archTop + 60}" r="${story ? 150 : 120}" fill="${shadeFlat(theme.accent)}"/>`,
  );
  doc.add(
    `<path d="M250 ${podiumY}V${archTop + 290}A290 290 0 0 1 830 ${archTop + 290}V${podiumY}Z" fill="${arch}"/>`,
  );
  doc.add(
    `<path d="M218 ${podiumY}V${archTop + 290}A322 322 0 0 1 862 ${archTop + 290}V${podiumY}" fill="none" stroke="#ffffff" stroke-width="4" opacity=".55"/>`,
  );
  doc.add(
    `<circle cx="90" cy="${H - 40}" r="${story ? 260 : 200}" fill="${darken(theme.primary, 0.15)}" opacity=".5"/>`,
  );
  doc.add(
    `<g transform="${place(story ? 230 : 150, story ? 420 : 140, 1, -8)}">${squiggle(rng, 220, lighten(theme.accent, 0.2), 12)}</g>`,
  );
  doc.add(`<g transform="${place(900, story ? 1700 : 1000, 1, 6)}">${squiggle(rng, 180, '#ffffff', 10)}</g>`);
  const [first, second] = propSlots(theme, 'poster', story ? 'story' : 'square') as [number, number];
  doc.add(prop(doc, theme, first, story ? 250 : 190, story ? 760 : 400, story ? 260 : 200, -12));
  doc.add(prop(doc, theme, second, story ? 890 : 920, story ? 1290 : 740, story ? 180 : 140, 12));
  const dots: [number, number, number][] = story
    ? [
        [160, 220, 14],
        [930, 300, 10],
        [120, 1160, 12],
        [980, 1150, 16],
        [560, 200, 9],
      ]
    : [
        [990, 560, 12],
        [90, 620, 10],
        [560, 70, 8],
      ];
  dots.forEach(([x, y, r], i) =>
    doc.add(`<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? '#ffffff' : theme.accent}"/>`),
  );
  doc.add(sparkles(rng, '#ffffff', 5, [80, story ? 140 : 60, 1000, story ? 500 : 300]));
  const cream = night ? mix(theme.primary, '#ffffff', 0.25) : '#fbf4ea';
  doc.add(podium(doc, 540, podiumY, 340, story ? 150 : 110, cream));
  doc.add(podium(doc, 540, podiumY - 60, 250, 60, darken(cream, 0.04)));
  const k = story ? 1.18 : 0.95;
  doc.add(standing(doc, theme, 540, podiumY - 58, theme.pack === 'jar' ? k : k * 0.92));
  const front: [number, number, number][] = [
    [260, podiumY + 14, 84],
    [820, podiumY + 10, 90],
    [730, podiumY + 40, 70],
  ];
  front.forEach(([x, y, s], i) =>
    doc.add(
      gummy(doc, theme.gummy, pickColor(theme, i), x, y, s * (story ? 1.2 : 1), {
        rotate: between(rng, -30, 30),
        shadow: 'side',
      }),
    ),
  );
}

function shadeFlat(color: string): string {
  return lighten(color, 0.1);
}

const LAYOUT_DRAWERS: Record<Layout, (doc: SvgDoc, theme: Theme, rng: Rng) => void> = {
  flatlay: flatLay,
  routine,
  scatter,
  poster,
};

export function drawGalleryImage(theme: Theme, layout: Layout, format: GalleryFormat, ref: string): SvgDoc {
  const doc = new SvgDoc(1080, format === 'story' ? 1920 : 1080);
  LAYOUT_DRAWERS[layout](doc, theme, seededRng(ref));
  return doc;
}

// ---------------------------------------------------------------------------------------------
// The program-wide "shelfie": the product family on wooden shelves under the Sunbite mark.

/** Which products stand on which shelf: between the square and the story, all sixteen. */
export const LINEUP_SHELVES: Record<GalleryFormat, ProductCode[][]> = {
  square: [
    ['acv', 'sf', 'sg', 'immune'],
    ['sleep', 'kids', 'energy', 'beets'],
  ],
  story: [
    ['ashwa', 'womens', 'calm'],
    ['multi', 'pms', 'xsleep'],
    ['pbio', 'matcha'],
  ],
};

function shelf(doc: SvgDoc, y: number, x0: number, x1: number): string {
  const wood = '#d9b48a';
  return (
    `<rect x="${x0}" y="${y + 30}" width="${x1 - x0}" height="40" fill="#2a1a10" opacity=".08"/>` +
    `<rect x="${x0 + 60}" y="${y + 26}" width="16" height="46" rx="4" fill="${darken(wood, 0.3)}"/><rect x="${x1 - 76}" y="${y + 26}" width="16" height="46" rx="4" fill="${darken(wood, 0.3)}"/>` +
    `<rect x="${x0}" y="${y}" width="${x1 - x0}" height="14" fill="${lighten(wood, 0.25)}"/>` +
    `<rect x="${x0}" y="${y + 12}" width="${x1 - x0}" height="22" rx="3" fill="${doc.linear('shelfWood', [
      [0, wood],
      [1, darken(wood, 0.18)],
    ])}"/>`
  );
}

export function drawLineup(format: GalleryFormat, ref: string): SvgDoc {
  const story = format === 'story';
  const doc = new SvgDoc(1080, story ? 1920 : 1080);
  const rng = seededRng(ref);
  const wall = '#fff4e6';
  doc.add(
    `<rect width="1080" height="${doc.height}" fill="${doc.radial(
      'lineupWall',
      [
        [0, '#fffaf3'],
        [0.7, wall],
        [1, darken(wall, 0.06)],
      ],
      0.5,
      0.25,
      0.9,
    )}"/>`,
  );
  // The Sunbite sun, painted large on the wall above the shelves.
  const markY = story ? 300 : 120;
  const markSize = story ? 300 : 150;
  doc.add(`<circle cx="540" cy="${markY}" r="${markSize * 0.8}" fill="#fde4c4" opacity=".7"/>`);
  doc.add(
    `<g transform="${place(540, markY, markSize / 48)}">${brandMark(
      '#f59e0b',
      doc.linear(
        'brandGummy',
        [
          [0, '#fbbf24'],
          [1, '#f97316'],
        ],
        0,
        0,
        1,
        1,
      ),
      '#c2410c',
    )}</g>`,
  );
  const shelves = LINEUP_SHELVES[format];
  const shelfYs = story ? [760, 1230, 1700] : [520, 960];
  const scale = story ? 0.62 : 0.5;
  shelves.forEach((codes, row) => {
    const y = shelfYs[row]!;
    doc.add(shelf(doc, y, 60, 1020));
    const slots = story ? 3 : 4;
    const step = 900 / slots;
    codes.forEach((code, i) => {
      const theme = THEMES[code];
      const x = 90 + step * (i + 0.5);
      const s = theme.pack === 'jar' ? scale : scale * 0.92;
      doc.add(softShadow(doc, x, y + 4, 110 * s * 1.6, 14, 0.3));
      doc.add(`<g transform="${place(x, y + 4, s)}">${pack(doc, theme, code)}</g>`);
      // A gummy or two in front of its pack.
      doc.add(
        gummy(
          doc,
          theme.gummy,
          theme.gummyColors[0]!,
          x + between(rng, 70, 95) * s * 2,
          y - 18,
          54 * s * 1.8,
          { rotate: between(rng, -30, 30), shadow: 'side' },
        ),
      );
    });
    if (codes.length < slots) {
      // The short shelf gets a plant in the free place.
      doc.add(
        `<g transform="${place(90 + step * (slots - 0.5), y + 4, story ? 0.9 : 0.75)}">${plant(doc, '#f5d0a9', '#5c9e57')}</g>`,
      );
    }
  });
  doc.add(
    sparkles(rng, '#fbbf24', story ? 8 : 5, [200, markY - markSize * 0.9, 880, markY + markSize * 0.3]),
  );
  return doc;
}
