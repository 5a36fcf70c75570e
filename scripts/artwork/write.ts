// `npm run artwork [-- --force] [content folder]`: draws every product's pack shot and every
// seeded Grab and Go image and writes them into content/ as WebP at their design size, 1080 px
// wide (content/products/<code>/artwork.webp, content/gallery/<name>-<format>-<n>.webp), with
// the gallery's list the seed reads (content/gallery/gallery.json) and a record of what each file
// was drawn from (content/artwork.json). The server serves these files, names them by their
// bytes and makes the narrower renditions itself (decisions/067); artwork.test.ts compares the
// record with what this code draws, so the committed files cannot silently go stale.
//
// Deterministic: the same drawing code and encoder give the same bytes. A file whose drawing and
// encoder are those of its record is kept as it is (--force draws everything again).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { GALLERY_LIST_FILE, artworkPath, webpSize } from '../../server/modules/content/artwork-files';
import type { SeedGalleryList } from '../../server/modules/content/artwork-files';
import { artworkRefs, artworkSvg, renderArtwork, SEED_GALLERY, WEBP_OPTIONS } from './index';

/** The record of the files, beside them in content/. */
export const ARTWORK_RECORD_FILE = 'artwork.json';

export interface ArtworkFileRecord {
  ref: string;
  /** Relative to content/. */
  file: string;
  width: number;
  height: number;
  bytes: number;
  /** The file's digest. */
  sha256: string;
  /** The digest of the SVG it was rendered from. */
  svg_sha256: string;
}

export interface ArtworkRecord {
  about: string;
  encoder: ReturnType<typeof encoderInUse>;
  total_bytes: number;
  files: ArtworkFileRecord[];
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** What turns the SVG into bytes: another version may encode the same drawing differently. */
export function encoderInUse() {
  const { sharp: sharpVersion, vips, webp, rsvg } = sharp.versions as Record<string, string>;
  return { sharp: sharpVersion!, vips: vips!, webp: webp!, rsvg: rsvg!, ...WEBP_OPTIONS };
}

export const svgDigest = (ref: string) => sha256(artworkSvg(ref).svg);

/** The gallery's list as the seed reads it: what each image is, in the gallery's order. */
export function galleryList(): SeedGalleryList {
  return {
    images: SEED_GALLERY.map((item) => ({
      ref: item.ref,
      product: item.product,
      format: item.format,
      tags: [...item.tags],
      alt: { en: item.alt.en, fr: item.alt.fr },
    })),
  };
}

export const repositoryContentDir = () =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'content');

function readRecord(contentDir: string): ArtworkRecord | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(contentDir, ARTWORK_RECORD_FILE), 'utf8')) as ArtworkRecord;
  } catch {
    return null;
  }
}

const readIfThere = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : null);

/** Writes `data` unless the file already holds it. */
function writeIfChanged(file: string, data: string | Buffer): void {
  const current = readIfThere(file);
  if (current && current.equals(Buffer.from(data))) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

export interface WriteOptions {
  /** Draws every file again, even those whose record says they are up to date. */
  force?: boolean;
  log?: (line: string) => void;
}

/** Draws what changed, writes it into `contentDir`, removes gallery images no longer drawn. */
export async function writeArtwork(contentDir: string, options: WriteOptions = {}): Promise<ArtworkRecord> {
  const log = options.log ?? (() => undefined);
  const encoder = encoderInUse();
  const previous = readRecord(contentDir);
  const sameEncoder = previous !== null && jsonText(previous.encoder) === jsonText(encoder);
  const before = new Map((previous?.files ?? []).map((file) => [file.ref, file]));
  const files: ArtworkFileRecord[] = [];
  let drawn = 0;

  for (const ref of artworkRefs()) {
    const relative = artworkPath(ref);
    if (!relative) throw new Error(`${ref} has no place under content/`);
    const file = path.join(contentDir, ...relative.split('/'));
    const svg = svgDigest(ref);
    const known = before.get(ref);
    const existing = readIfThere(file);
    if (
      !options.force &&
      sameEncoder &&
      known &&
      known.svg_sha256 === svg &&
      known.file === relative &&
      existing &&
      sha256(existing) === known.sha256
    ) {
      files.push(known);
      continue;
    }
    const image = await renderArtwork(ref);
    const size = webpSize(image.data);
    if (!size || size.width !== image.width || size.height !== image.height)
      throw new Error(
        `${ref}: the encoder wrote ${JSON.stringify(size)}, not ${image.width} × ${image.height}`,
      );
    writeIfChanged(file, image.data);
    drawn++;
    files.push({
      ref,
      file: relative,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      sha256: sha256(image.data),
      svg_sha256: svg,
    });
    log(
      `${ref.padEnd(26)} ${relative.padEnd(34)} ${image.width} × ${image.height}  ${(image.data.length / 1024).toFixed(1).padStart(5)} kB`,
    );
  }

  // A gallery image this code no longer draws leaves the repository with its ref.
  const galleryDir = path.join(contentDir, 'gallery');
  const kept = new Set(files.map((file) => file.file));
  if (fs.existsSync(galleryDir)) {
    for (const name of fs.readdirSync(galleryDir).filter((n) => n.endsWith('.webp'))) {
      if (!kept.has(`gallery/${name}`)) {
        fs.rmSync(path.join(galleryDir, name));
        log(`removed gallery/${name}`);
      }
    }
  }

  writeIfChanged(path.join(contentDir, ...GALLERY_LIST_FILE.split('/')), jsonText(galleryList()));
  const record: ArtworkRecord = {
    about:
      'Written by `npm run artwork` (scripts/artwork/write.ts): what each image under content/ was drawn from. Not to be edited by hand.',
    encoder,
    total_bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    files,
  };
  writeIfChanged(path.join(contentDir, ARTWORK_RECORD_FILE), jsonText(record));
  log(`${files.length} images (${drawn} drawn), ${(record.total_bytes / 1024 / 1024).toFixed(2)} MB in all`);
  return record;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const folder = args.find((arg) => !arg.startsWith('--'));
  await writeArtwork(folder ? path.resolve(folder) : repositoryContentDir(), {
    force,
    log: (line) => console.log(line),
  });
}
