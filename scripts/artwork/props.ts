// The things around the product in the gallery scenes: tableware seen from the side and from
// above, a window, a plant, a candle, a linen cloth. Same rules as shapes.ts: drawn around
// (0, 0), shading by shared gradients, no filters.
import { leaf, shade, softShadow, SPARKLE, crescentPath } from './shapes';
import { darken, lighten, num, type Rng, between, type SvgDoc } from './svg';

const CERAMIC = '#fbf7f1';

/** A mug seen from the side, base on (0, 0), about 150 wide with its handle. */
export function mug(doc: SvgDoc, color: string, drink: string): string {
  const body = doc.linear(
    `mug${color.slice(1)}`,
    [
      [0, darken(color, 0.15)],
      [0.3, lighten(color, 0.25)],
      [0.7, color],
      [1, darken(color, 0.2)],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    softShadow(doc, 6, 0, 86, 14, 0.3) +
    `<path d="M44 -132C92 -132 92 -56 44 -60" fill="none" stroke="${darken(color, 0.08)}" stroke-width="16"/>` +
    `<path d="M-60 -156H60V-22C60 -8 50 0 36 0H-36C-50 0 -60 -8 -60 -22Z" fill="${body}"/>` +
    `<ellipse cy="-156" rx="60" ry="12" fill="${darken(color, 0.1)}"/>` +
    `<ellipse cy="-154" rx="53" ry="9" fill="${drink}"/>` +
    steam(-14, -176) +
    steam(14, -186)
  );
}

function steam(x: number, y: number): string {
  return `<path d="M${x} ${y}c-12 -14 12 -26 0 -40s12 -26 0 -40" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity=".55"/>`;
}

/** A tea cup on its saucer, side view, base on (0, 0). */
export function teacup(doc: SvgDoc, color: string, tea: string): string {
  const body = doc.linear(
    `cup${color.slice(1)}`,
    [
      [0, darken(color, 0.12)],
      [0.3, lighten(color, 0.35)],
      [1, darken(color, 0.18)],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    softShadow(doc, 0, 0, 120, 16, 0.3) +
    `<ellipse cy="-8" rx="112" ry="18" fill="${darken(CERAMIC, 0.08)}"/><ellipse cy="-12" rx="104" ry="14" fill="${CERAMIC}"/>` +
    `<path d="M58 -96C98 -100 94 -40 48 -44" fill="none" stroke="${darken(color, 0.06)}" stroke-width="12"/>` +
    `<path d="M-74 -104H74C74 -52 48 -18 0 -18C-48 -18 -74 -52 -74 -104Z" fill="${body}"/>` +
    `<ellipse cy="-104" rx="74" ry="13" fill="${darken(color, 0.12)}"/><ellipse cy="-102" rx="67" ry="9" fill="${tea}"/>` +
    steam(-10, -124) +
    steam(18, -132)
  );
}

/** A lit candle in a glass, base on (0, 0), with a warm glow. */
export function candle(doc: SvgDoc): string {
  const glow = doc.radial('candleGlow', [
    [0, '#ffd98a', 0.55],
    [0.4, '#ffc46b', 0.18],
    [1, '#ffc46b', 0],
  ]);
  const glass = doc.linear(
    'candleGlass',
    [
      [0, '#c9b8a6'],
      [0.3, '#f4ece2'],
      [1, '#b9a794'],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    `<circle cy="-150" r="190" fill="${glow}"/>` +
    softShadow(doc, 0, 0, 70, 12, 0.3) +
    `<path d="M-56 -120H56V-12C56 -4 50 0 42 0H-42C-50 0 -56 -4 -56 -12Z" fill="${glass}"/>` +
    `<ellipse cy="-120" rx="56" ry="10" fill="#f8f1e6"/>` +
    `<path d="M0 -122V-136" stroke="#3b2a20" stroke-width="3"/>` +
    `<path d="M0 -176C12 -158 12 -140 0 -134C-12 -140 -12 -158 0 -176Z" fill="${shade(doc, '#ffb347')}"/>` +
    `<path d="M0 -160C5 -150 5 -142 0 -139C-5 -142 -5 -150 0 -160Z" fill="#fff6d5"/>`
  );
}

/** A small potted plant, base on (0, 0). */
export function plant(doc: SvgDoc, pot: string, green: string): string {
  const leaves: [number, number, number, number][] = [
    [-40, -190, -40, 0.7],
    [36, -200, 34, 0.72],
    [-8, -250, -6, 0.8],
    [-62, -150, -70, 0.55],
    [60, -150, 66, 0.55],
    [14, -226, 18, 0.6],
  ];
  let out = '';
  for (const [x, y, rot, s] of leaves) {
    out += `<path d="M0 -110Q${num(x * 0.4)} ${num((y - 110) / 2)} ${x} ${y + 30}" fill="none" stroke="${darken(green, 0.2)}" stroke-width="4"/>`;
    out += `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})">${leaf(doc, green)}</g>`;
  }
  const potFill = doc.linear(
    `pot${pot.slice(1)}`,
    [
      [0, darken(pot, 0.15)],
      [0.35, lighten(pot, 0.2)],
      [1, darken(pot, 0.2)],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    softShadow(doc, 0, 0, 80, 12, 0.3) +
    out +
    `<path d="M-66 -116H66L52 -8C51 -3 47 0 42 0H-42C-47 0 -51 -3 -52 -8Z" fill="${potFill}"/><rect x="-72" y="-122" width="144" height="22" rx="6" fill="${lighten(pot, 0.1)}"/>`
  );
}

/** A window on the wall: day sky with a low sun, or a night sky with a moon. */
export function windowFrame(doc: SvgDoc, x: number, y: number, w: number, h: number, night: boolean): string {
  const sky = night
    ? doc.linear('skyNight', [
        [0, '#141b3d'],
        [1, '#3b3f78'],
      ])
    : doc.linear('skyDay', [
        [0, '#bfe0f5'],
        [0.7, '#f3f1e4'],
        [1, '#fde7c2'],
      ]);
  const frame = '#ffffff';
  let out = `<rect x="${x - 14}" y="${y - 14}" width="${w + 28}" height="${h + 28}" rx="10" fill="${darken(frame, 0.06)}"/>`;
  out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${sky}"/>`;
  if (night) {
    out += `<path transform="translate(${x + w * 0.7} ${y + h * 0.26})" d="${crescentPath(34, 14, -10, 30)}" fill="#f6e3a1"/>`;
    const stars: [number, number, number][] = [
      [0.2, 0.2, 0.9],
      [0.36, 0.5, 0.6],
      [0.82, 0.62, 0.7],
      [0.12, 0.72, 0.5],
      [0.55, 0.14, 0.5],
    ];
    for (const [sx, sy, s] of stars)
      out += `<path transform="translate(${num(x + w * sx)} ${num(y + h * sy)}) scale(${s})" d="${SPARKLE}" fill="#fff4cf"/>`;
  } else {
    const sun = doc.radial('windowSun', [
      [0, '#fff3c4'],
      [0.5, '#ffd774', 0.9],
      [1, '#ffd774', 0],
    ]);
    out += `<circle cx="${x + w * 0.68}" cy="${y + h * 0.42}" r="${w * 0.26}" fill="${sun}"/>`;
    out += `<path d="M${x} ${y + h * 0.82}Q${x + w * 0.3} ${y + h * 0.7} ${x + w * 0.6} ${y + h * 0.8}T${x + w} ${y + h * 0.76}V${y + h}H${x}Z" fill="#cfe3bf" opacity=".8"/>`;
  }
  // Mullions and sill.
  out += `<path d="M${x + w / 2} ${y}V${y + h}M${x} ${y + h / 2}H${x + w}" stroke="${frame}" stroke-width="12"/>`;
  out += `<rect x="${x - 30}" y="${y + h + 10}" width="${w + 60}" height="20" rx="6" fill="${frame}"/>`;
  out += `<rect x="${x - 30}" y="${y + h + 28}" width="${w + 60}" height="8" fill="#000000" opacity=".06"/>`;
  return out;
}

/** A round ceramic dish seen from above, centred, radius `r`. */
export function dishTop(doc: SvgDoc, r: number, glaze = CERAMIC): string {
  const fill = doc.radial(
    `dish${glaze.slice(1)}`,
    [
      [0, lighten(glaze, 0.4)],
      [0.78, glaze],
      [0.86, darken(glaze, 0.1)],
      [0.93, lighten(glaze, 0.3)],
      [1, darken(glaze, 0.12)],
    ],
    0.46,
    0.44,
    0.56,
  );
  return `<circle cx="${num(r * 0.06)}" cy="${num(r * 0.09)}" r="${r}" fill="#2a1a10" opacity=".14"/><circle r="${r}" fill="${fill}"/>`;
}

/** A cup on its saucer seen from above, with a handle, centred. */
export function cupTop(doc: SvgDoc, cup: string, drink: string, foam: boolean): string {
  const drinkFill = doc.radial(`drink${drink.slice(1)}`, [
    [0, lighten(drink, foam ? 0.45 : 0.15)],
    [0.8, drink],
    [1, darken(drink, 0.2)],
  ]);
  return (
    dishTop(doc, 118) +
    `<rect x="62" y="-14" width="62" height="28" rx="14" fill="${darken(cup, 0.08)}"/>` +
    `<circle cx="5" cy="7" r="84" fill="#2a1a10" opacity=".12"/>` +
    `<circle r="84" fill="${cup}"/><circle r="72" fill="${drinkFill}"/>` +
    (foam
      ? `<path d="M-20 -10C-8 -24 14 -20 16 -4C18 10 0 16 -8 6C-14 -2 -4 -10 4 -6" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity=".8"/>`
      : '')
  );
}

/** A glass of juice seen from above: a clear rim around the drink, a glint on the glass. */
export function glassTop(doc: SvgDoc, drink: string): string {
  const juice = doc.radial(`juice${drink.slice(1)}`, [
    [0, lighten(drink, 0.35)],
    [0.85, drink],
    [1, darken(drink, 0.12)],
  ]);
  return (
    `<circle cx="8" cy="12" r="86" fill="#2a1a10" opacity=".12"/>` +
    `<circle r="86" fill="#ffffff" opacity=".75"/><circle r="86" fill="none" stroke="#d9e6ec" stroke-width="4"/>` +
    `<circle r="72" fill="${juice}"/>` +
    `<path d="M-58 -34A68 68 0 0 1 -20 -64" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" opacity=".7"/>`
  );
}

/** A linen cloth seen from above: a rounded rectangle with woven stripes near one end. */
export function linen(doc: SvgDoc, w: number, h: number, color: string, stripe: string): string {
  const fill = doc.linear(`linen${color.slice(1)}`, [
    [0, lighten(color, 0.2)],
    [1, darken(color, 0.04)],
  ]);
  let weave = '';
  for (let x = -w / 2 + 20; x < w / 2; x += 26) weave += `M${num(x)} ${num(-h / 2)}V${num(h / 2)}`;
  return (
    `<rect x="${num(-w / 2 + 10)}" y="${num(-h / 2 + 14)}" width="${num(w)}" height="${num(h)}" rx="18" fill="#2a1a10" opacity=".1"/>` +
    `<rect x="${num(-w / 2)}" y="${num(-h / 2)}" width="${num(w)}" height="${num(h)}" rx="18" fill="${fill}"/>` +
    `<path d="${weave}" stroke="#ffffff" stroke-width="2" opacity=".18"/>` +
    `<rect x="${num(-w / 2)}" y="${num(h / 2 - 110)}" width="${num(w)}" height="14" fill="${stripe}" opacity=".55"/>` +
    `<rect x="${num(-w / 2)}" y="${num(h / 2 - 86)}" width="${num(w)}" height="6" fill="${stripe}" opacity=".55"/>`
  );
}

/** A wavy line (a squiggle) for graphic layouts. */
export function squiggle(rng: Rng, length: number, color: string, width = 10): string {
  const halves = Math.max(3, Math.round(length / 30));
  const amp = between(rng, 12, 18);
  const step = length / halves;
  let d = `M${num(-length / 2)} 0`;
  for (let i = 0; i < halves; i++) d += `q${num(step / 2)} ${num(i % 2 ? amp : -amp)} ${num(step)} 0`;
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
}
