// The packs: a gummy jar (the gummies) and a stand-up pouch (the bites). Both are drawn with
// their base centred on (0, 0), standing upwards, so a scene puts them on a table or a podium
// with one transform. The label carries the Sunbite mark and the product's name in stroked
// lettering (no fonts), and the product's motif.
import { lettering, measure } from './lettering';
import { brandMark, gummy, motif } from './shapes';
import { darken, lighten, mix, type SvgDoc } from './svg';
import type { Theme } from './themes';

export const JAR = { width: 360, height: 470 };
export const POUCH = { width: 384, height: 540 };

/** A horizontal gradient that makes a flat shape read as a cylinder. */
function cylinder(doc: SvgDoc, id: string, color: string, gloss = 0.5): string {
  return doc.linear(
    id,
    [
      [0, darken(color, 0.22)],
      [0.1, color],
      [0.28, lighten(color, gloss)],
      [0.42, color],
      [0.85, darken(color, 0.08)],
      [1, darken(color, 0.3)],
    ],
    0,
    0,
    1,
    0,
  );
}

/** The same light and shade as a see-through overlay, for a label printed on the cylinder. */
function cylinderOverlay(doc: SvgDoc): string {
  return doc.linear(
    'labelShade',
    [
      [0, '#000000', 0.22],
      [0.12, '#000000', 0],
      [0.26, '#ffffff', 0.28],
      [0.4, '#ffffff', 0],
      [0.82, '#000000', 0.04],
      [1, '#000000', 0.28],
    ],
    0,
    0,
    1,
    0,
  );
}

/** The name on one or two lines, as large as fits `maxWidth`. */
function nameLines(
  theme: Theme,
  cx: number,
  top: number,
  maxWidth: number,
  maxSize: number,
  color: string,
): { markup: string; bottom: number } {
  const weight = 17;
  const tracking = 8;
  const widest = Math.max(...theme.label.map((line) => measure(line, { size: 100, weight, tracking })));
  const size = Math.min(maxSize, (maxWidth / widest) * 100);
  const gap = size * 0.42;
  let markup = '';
  theme.label.forEach((line, i) => {
    markup += lettering(line, cx, top + size + i * (size + gap), { size, color, weight, tracking });
  });
  return { markup, bottom: top + theme.label.length * size + (theme.label.length - 1) * gap };
}

function wordmark(
  cx: number,
  y: number,
  color: string,
  mark: { ray: string; fill: string; outline: string },
): string {
  const size = 15;
  const textWidth = measure('SUNBITE', { size, weight: 16, tracking: 34 });
  const markSize = 40;
  const total = markSize + 8 + textWidth;
  const start = cx - total / 2;
  return (
    `<g transform="translate(${start + markSize / 2} ${y - size / 2}) scale(${markSize / 48})">${brandMark(mark.ray, mark.fill, mark.outline)}</g>` +
    lettering('SUNBITE', start + markSize + 8, y, { size, color, weight: 16, tracking: 34, anchor: 'start' })
  );
}

/** Small rounded bars standing for the fine print: reads as text without any font. */
function finePrint(cx: number, y: number, widths: number[], color: string): string {
  return widths
    .map(
      (w, i) =>
        `<rect x="${cx - w / 2}" y="${y + i * 11}" width="${w}" height="5" rx="2.5" fill="${color}"/>`,
    )
    .join('');
}

/** A round scalloped seal with a short figure ("10MG"), stuck across the label's corner. */
function seal(text: string, x: number, y: number, theme: Theme): string {
  const points: string[] = [];
  for (let i = 0; i < 24; i++) {
    const r = i % 2 ? 46 : 52;
    const a = (i * Math.PI) / 12;
    points.push(`${Math.round(Math.cos(a) * r * 10) / 10} ${Math.round(Math.sin(a) * r * 10) / 10}`);
  }
  return (
    `<g transform="translate(${x} ${y}) rotate(12) scale(.86)"><path d="M${points.join('L')}Z" fill="${theme.accent}" stroke="${theme.accent}" stroke-width="6" stroke-linejoin="round"/>` +
    `<circle r="38" fill="none" stroke="${theme.deep}" stroke-width="2" opacity=".5"/>` +
    `${lettering(text, 0, 9, { size: 18, color: theme.deep, weight: 18, tracking: 0 })}</g>`
  );
}

/** A gummy jar; `id` keeps its gradients apart from another jar's in the same image. */
export function jar(doc: SvgDoc, theme: Theme, id = 'j'): string {
  const W = JAR.width / 2;
  const lidTop = -470;
  const lidBottom = -392;
  const bodyTop = -398;
  const dark = theme.packColor !== '#fbf8f3';
  const lid = cylinder(doc, `${id}lid`, theme.deep, 0.28);
  const body = cylinder(doc, `${id}body`, theme.packColor, dark ? 0.22 : 0.6);
  const label = theme.primary;
  const labelTop = -338;
  const labelBottom = -52;
  const onLabel = theme.ink ?? '#ffffff';
  let ridges = '';
  for (let x = -128; x <= 128; x += 11) ridges += `M${x} ${lidTop + 10}V${lidBottom - 8}`;
  const bodyPath = `M-${W - 44} ${bodyTop}H${W - 44}C${W - 12} ${bodyTop} ${W} ${bodyTop + 16} ${W} ${bodyTop + 48}V-34C${W} -12 ${W - 14} 0 ${W - 36} 0H-${W - 36}C-${W - 14} 0 -${W} -12 -${W} -34V${bodyTop + 48}C-${W} ${bodyTop + 16} -${W - 12} ${bodyTop} -${W - 44} ${bodyTop}Z`;
  const name = nameLines(theme, 0, -184, 250, 52, onLabel);
  const badgeY = -242;
  return (
    `<path d="${bodyPath}" fill="${body}"/>` +
    // Label: the product's colour wrapping the jar, shaded like the glass around it.
    `<rect x="-${W}" y="${labelTop}" width="${JAR.width}" height="${labelBottom - labelTop}" fill="${label}"/>` +
    `<rect x="-${W}" y="${labelTop + 10}" width="${JAR.width}" height="4" fill="${theme.accent}" opacity=".85"/>` +
    `<rect x="-${W}" y="${labelBottom - 14}" width="${JAR.width}" height="4" fill="${theme.accent}" opacity=".85"/>` +
    `<circle cy="${badgeY}" r="46" fill="${lighten(label, 0.82)}"/>` +
    motif(doc, theme, 0, badgeY, 72) +
    wordmark(0, -304, onLabel, {
      ray: theme.ink ? theme.deep : lighten(theme.accent, 0.4),
      fill: theme.ink ? theme.accent : '#ffffff',
      outline: onLabel,
    }) +
    name.markup +
    (name.bottom < labelBottom - 44
      ? finePrint(0, name.bottom + 18, [120, 84], mix(label, '#ffffff', 0.45))
      : '') +
    `<rect x="-${W}" y="${labelTop}" width="${JAR.width}" height="${labelBottom - labelTop}" fill="${cylinderOverlay(doc)}"/>` +
    // Neck and lid.
    `<rect x="-${W - 34}" y="${bodyTop - 8}" width="${JAR.width - 68}" height="22" rx="6" fill="${darken(theme.packColor, 0.1)}"/>` +
    `<rect x="-142" y="${lidTop}" width="284" height="${lidBottom - lidTop}" rx="14" fill="${lid}"/>` +
    `<path d="${ridges}" stroke="#000000" stroke-width="3" opacity=".12"/>` +
    `<rect x="-142" y="${lidBottom - 12}" width="284" height="12" rx="5" fill="${darken(theme.deep, 0.2)}" opacity=".6"/>` +
    (theme.seal ? seal(theme.seal, W - 44, labelTop - 12, theme) : '') +
    // Glass highlight running down the left of the body.
    `<path d="M-${W - 26} ${bodyTop + 56}V-60" stroke="#ffffff" stroke-width="12" stroke-linecap="round" opacity="${dark ? 0.12 : 0.35}"/>`
  );
}

/** A stand-up pouch with a round window showing the bites inside. */
export function pouch(doc: SvgDoc, theme: Theme, id = 'p'): string {
  const color = theme.packColor;
  const shape =
    'M-178 -540H178Q186 -540 186 -530L192 -70C194 -24 172 0 138 0H-138C-172 0 -194 -24 -192 -70L-186 -530Q-186 -540 -178 -540Z';
  const fill = doc.linear(
    `${id}pouch`,
    [
      [0, darken(color, 0.2)],
      [0.08, color],
      [0.3, lighten(color, 0.22)],
      [0.55, color],
      [0.92, darken(color, 0.1)],
      [1, darken(color, 0.28)],
    ],
    0,
    0,
    1,
    0,
  );
  let crimp = '';
  for (let x = -176; x <= 176; x += 8) crimp += `M${x} -534V-500`;
  const windowY = -168;
  const clipId = `${id}window`;
  doc.define(clipId, `<clipPath id="${clipId}"><circle cy="${windowY}" r="98"/></clipPath>`);
  let inside = '';
  const spots: [number, number, number][] = [
    [-60, -212, -12],
    [20, -234, 18],
    [84, -186, -6],
    [-92, -140, 10],
    [-20, -152, 28],
    [58, -122, -20],
    [-48, -82, 4],
    [30, -72, 14],
    [100, -92, 30],
    [-110, -222, 22],
  ];
  spots.forEach(([x, y, r], i) => {
    inside += gummy(doc, theme.gummy, theme.gummyColors[i % theme.gummyColors.length]!, x, y, 74, {
      rotate: r,
    });
  });
  const ink = theme.ink ?? '#ffffff';
  const name = nameLines(theme, 0, -432, 290, 52, ink);
  return (
    `<path d="${shape}" fill="${fill}"/>` +
    `<path d="${crimp}" stroke="#000000" stroke-width="2" opacity=".1"/>` +
    `<path d="M-186 -492H186" stroke="${darken(color, 0.25)}" stroke-width="3" opacity=".5"/>` +
    `<path d="M-186 -486H186" stroke="#ffffff" stroke-width="2" opacity=".25"/>` +
    `<path d="M-186 -520l10 6-10 6M186 -520l-10 6 10 6" fill="${darken(color, 0.3)}"/>` +
    wordmark(0, -452, ink, { ray: ink, fill: theme.ink ? theme.accent : '#ffffff', outline: ink }) +
    name.markup +
    `<circle cy="${windowY}" r="104" fill="${lighten(color, 0.85)}"/>` +
    `<g clip-path="url(#${clipId})"><rect x="-100" y="${windowY - 100}" width="200" height="200" fill="${lighten(theme.background, 0.3)}"/>${inside}` +
    `<path d="M-70 ${windowY - 56}A88 88 0 0 1 -10 ${windowY - 88}" stroke="#ffffff" stroke-width="10" stroke-linecap="round" fill="none" opacity=".45"/></g>` +
    motif(doc, theme, 136, -56, 58, -8) +
    finePrint(-100, -52, [96, 70], lighten(color, 0.4)) +
    `<path d="M-150 -26C-60 -12 60 -12 150 -26" stroke="#000000" stroke-width="3" fill="none" opacity=".12"/>` +
    `<path d="M-166 -470V-120" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity=".14"/>`
  );
}

export function pack(doc: SvgDoc, theme: Theme, id?: string): string {
  return theme.pack === 'jar' ? jar(doc, theme, id) : pouch(doc, theme, id);
}

export function packSize(theme: Theme): { width: number; height: number } {
  return theme.pack === 'jar' ? JAR : POUCH;
}
