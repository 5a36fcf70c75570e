// Small building blocks for the artwork's SVG: a seeded random source (the same ref must give
// the same bytes), number formatting that keeps the markup short, colour mixing for shading, and
// a document that collects each gradient once however many shapes use it.

export type Rng = () => number;

/** A deterministic random source seeded by a string (FNV-1a hash into mulberry32). */
export function seededRng(seed: string): Rng {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function between(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng();
}

/** One decimal is finer than a pixel at every size we render; it keeps the markup small. */
export function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** `a` blended towards `b` by `t` (0 = a, 1 = b), as #rrggbb. */
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = parseHex(a);
  const [r2, g2, b2] = parseHex(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r1, r2)}${channel(g1, g2)}${channel(b1, b2)}`;
}

export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#1a0f0a', t);

export type Stop = [offset: number, color: string, opacity?: number];

function stops(list: Stop[]): string {
  return list
    .map(
      ([o, c, a]) =>
        `<stop offset="${num(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${Math.round(a * 100) / 100}"`}/>`,
    )
    .join('');
}

/**
 * An SVG under construction. Coordinates are those of the design size (1080 wide); the output
 * size only changes the width/height attributes, so librsvg draws the vectors at the size asked
 * for instead of scaling a bitmap.
 */
export class SvgDoc {
  private readonly defs = new Map<string, string>();
  private readonly body: string[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  add(markup: string): void {
    this.body.push(markup);
  }

  /** A linear gradient (object-bounding-box units unless `userSpace`), defined once by id. */
  linear(id: string, list: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, userSpace = false): string {
    if (!this.defs.has(id)) {
      const units = userSpace ? ' gradientUnits="userSpaceOnUse"' : '';
      this.defs.set(
        id,
        `<linearGradient id="${id}" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}"${units}>${stops(list)}</linearGradient>`,
      );
    }
    return `url(#${id})`;
  }

  /** A radial gradient in object-bounding-box units, defined once by id. */
  radial(id: string, list: Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    if (!this.defs.has(id)) {
      this.defs.set(
        id,
        `<radialGradient id="${id}" cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fx="${num(fx)}" fy="${num(fy)}">${stops(list)}</radialGradient>`,
      );
    }
    return `url(#${id})`;
  }

  /** Any other definition (a clip path), once by id. */
  define(id: string, markup: string): string {
    if (!this.defs.has(id)) this.defs.set(id, markup);
    return `url(#${id})`;
  }

  toString(outWidth = this.width, outHeight = Math.round((this.height * outWidth) / this.width)): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${this.width} ${this.height}">` +
      `<defs>${[...this.defs.values()].join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

/** `translate(x y) rotate(deg) scale(s)` with the parts that change anything. */
export function place(x: number, y: number, scale = 1, rotate = 0): string {
  let t = `translate(${num(x)} ${num(y)})`;
  if (rotate) t += ` rotate(${num(rotate)})`;
  if (scale !== 1) t += ` scale(${Math.round(scale * 1000) / 1000})`;
  return t;
}
