// The content the release ships (content/products/<code>/<locale>.json, content/pages/<slug>/
// <locale>.json, the artwork's files and the seeded gallery's list, decisions/067) into the
// database, at every start. It must stay cheap: the files are read and digested and compared with
// a few rows; nothing is drawn, and nothing is written unless something changed. Staff edits win: a text staff changed is never overwritten;
// it is only marked as having a newer release text (seed_differs). Safe when several nodes start
// at once: each write is conditional (unique keys, ON CONFLICT DO NOTHING, UPDATE ... WHERE version).
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PAGE_SLUGS, pageContentSchema, productContentSchema } from '../../../common/content';
import { LOCALES } from '../../../common/i18n';
import { PRODUCT_CODES } from '../../../common/products';
import type { Db } from '../../db';
import {
  GALLERY_LIST_FILE,
  artworkPath,
  productArtworkRef,
  seedGalleryListSchema,
  webpSize,
} from './artwork-files';
import type { SeedGalleryItem } from './artwork-files';
import { artworkMediaName, repositoryRoot } from './media';
import {
  artworkMedia,
  insertArtworkMedia,
  insertSeededGallery,
  insertSeededText,
  updateArtworkMedia,
  retireSeededGallery,
  seededGalleryRefs,
  setReleaseHash,
  textMetas,
  writeNewVersion,
} from './repository';
import type { TextKind } from './tables';
import { unknownPageVariables } from './variables';

// The nearest folder with package.json holds content/: from server/modules/content (sources,
// tests) and from dist/server (the compiled server) alike.
export const findRepositoryRoot = async (start?: string): Promise<string> => repositoryRoot(start);

export interface SeedOptions {
  /** The folder holding products/, pages/ and gallery/ (the repository's content/ by default). */
  contentDir?: string;
  now?: Date;
}

export interface SeedReport {
  /** Texts written for the first time. */
  inserted: number;
  /** Texts still from the seed that took a newer seed file. */
  updated: number;
  /** Texts staff edited whose seed file changed: kept, and flagged. */
  flagged: number;
  galleryAdded: number;
  /** Seed files that could not be used, with why: the server logs them and starts anyway. */
  problems: { file: string; message: string }[];
}

interface SeedFile {
  kind: TextKind;
  key: string;
  locale: string;
  file: string;
  /** Missing files are fine for pages (written by the copy as it arrives), not for products. */
  optional: boolean;
}

const seedFiles = (contentDir: string): SeedFile[] => [
  ...PRODUCT_CODES.flatMap((code) =>
    LOCALES.map((locale) => ({
      kind: 'product' as const,
      key: code,
      locale,
      file: path.join(contentDir, 'products', code, `${locale}.json`),
      optional: false,
    })),
  ),
  ...PAGE_SLUGS.flatMap((slug) =>
    LOCALES.map((locale) => ({
      kind: 'page' as const,
      key: slug,
      locale,
      file: path.join(contentDir, 'pages', slug, `${locale}.json`),
      optional: true,
    })),
  ),
];

/** The file as the database keeps it, and its digest: formatting alone never makes a new version. */
async function readSeedFile(
  file: string,
): Promise<{ json: unknown; hash: string } | { missing: true } | { error: string }> {
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
    return { error: (error as Error).message };
  }
  try {
    const json: unknown = JSON.parse(raw);
    return { json, hash: createHash('sha256').update(JSON.stringify(json)).digest('hex') };
  } catch (error) {
    return { error: `not JSON: ${(error as Error).message}` };
  }
}

/** The body to store, or why the file cannot be used. */
function validBody(kind: TextKind, json: unknown): { body: string } | { error: string } {
  if (kind === 'product') {
    const parsed = productContentSchema.safeParse(json);
    return parsed.success
      ? { body: JSON.stringify(parsed.data) }
      : { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  }
  const parsed = pageContentSchema.safeParse(json);
  if (!parsed.success)
    return { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  const unknown = unknownPageVariables(parsed.data);
  if (unknown.length > 0) return { error: `unknown variables: ${unknown.join(', ')}` };
  return { body: JSON.stringify(parsed.data) };
}

export async function seedContent(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const now = options.now ?? new Date();
  const contentDir = options.contentDir ?? path.join(await findRepositoryRoot(), 'content');
  const report: SeedReport = { inserted: 0, updated: 0, flagged: 0, galleryAdded: 0, problems: [] };

  const files = seedFiles(contentDir);
  const [read, metas] = await Promise.all([
    Promise.all(files.map((seed) => readSeedFile(seed.file))),
    textMetas(db),
  ]);
  const byDocument = new Map(metas.map((m) => [`${m.kind}/${m.key}/${m.locale}`, m]));

  for (const [i, seed] of files.entries()) {
    const content = read[i]!;
    const relative = path.relative(contentDir, seed.file);
    if ('missing' in content) {
      if (!seed.optional) report.problems.push({ file: relative, message: 'missing' });
      continue;
    }
    if ('error' in content) {
      report.problems.push({ file: relative, message: content.error });
      continue;
    }
    const row = byDocument.get(`${seed.kind}/${seed.key}/${seed.locale}`);
    // The usual start: the release's file is the one already recorded.
    if (row && row.release_hash === content.hash) continue;
    const valid = validBody(seed.kind, content.json);
    if ('error' in valid) {
      report.problems.push({ file: relative, message: valid.error });
      continue;
    }
    if (!row) {
      if (
        await insertSeededText(
          db,
          { kind: seed.kind, key: seed.key, locale: seed.locale, body: valid.body, hash: content.hash },
          now,
        )
      )
        report.inserted++;
    } else if (row.source === 'seed' && row.seed_hash !== content.hash) {
      const written = await writeNewVersion(db, {
        textId: row.id,
        baseVersion: row.version,
        body: valid.body,
        source: 'seed',
        staffId: null,
        seedHash: content.hash,
        onlyIfSeed: true,
        now,
      });
      if (written !== undefined) report.updated++;
      // Otherwise a staff edit or another node came first: the first leaves the text to staff,
      // the second wrote this same file; either way only the release's digest is left to record.
      else await setReleaseHash(db, row.id, content.hash);
    } else {
      await setReleaseHash(db, row.id, content.hash);
      if (row.source !== 'seed' && row.seed_hash !== content.hash) report.flagged++;
    }
  }

  report.galleryAdded = await seedArtwork(db, contentDir, now, report.problems);
  return report;
}

interface ArtworkFile {
  /** Named by its bytes: the same file, the same address, at every start and on every node. */
  name: string;
  bytes: number;
  width: number;
  height: number;
}

/** A ref's file under content/: its name and size, or why it cannot be used. */
async function readArtworkFile(contentDir: string, ref: string): Promise<ArtworkFile | { error: string }> {
  let data: Buffer;
  try {
    data = await fs.readFile(path.join(contentDir, ...artworkPath(ref)!.split('/')));
  } catch (error) {
    return {
      error: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (error as Error).message,
    };
  }
  const size = webpSize(data);
  if (!size) return { error: 'not a WebP image' };
  return { name: artworkMediaName(ref, data), bytes: data.length, ...size };
}

/** The seeded gallery's list, or why it cannot be used (the gallery is then left as it is). */
async function readGalleryList(contentDir: string): Promise<SeedGalleryItem[] | { error: string }> {
  const read = await readSeedFile(path.join(contentDir, ...GALLERY_LIST_FILE.split('/')));
  if ('missing' in read) return { error: 'missing' };
  if ('error' in read) return read;
  const parsed = seedGalleryListSchema.safeParse(read.json);
  if (!parsed.success)
    return { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  return parsed.data.images;
}

/**
 * The artwork's media rows (a pack shot per product and each seeded gallery image, named and
 * sized from their files) and the seeded gallery images not yet added. A row an older release
 * named otherwise (another file, or the names of the drawn artwork before decisions/067) takes
 * this release's name and size.
 */
async function seedArtwork(
  db: Db,
  contentDir: string,
  now: Date,
  problems: SeedReport['problems'],
): Promise<number> {
  const list = await readGalleryList(contentDir);
  if ('error' in list) problems.push({ file: GALLERY_LIST_FILE, message: list.error });
  const gallery = 'error' in list ? null : list;
  const refs = [...PRODUCT_CODES.map(productArtworkRef), ...(gallery ?? []).map((item) => item.ref)];
  const files = await Promise.all(refs.map((ref) => readArtworkFile(contentDir, ref)));
  const wanted = new Map<string, ArtworkFile>();
  for (const [i, ref] of refs.entries()) {
    const file = files[i]!;
    if ('error' in file) problems.push({ file: artworkPath(ref)!, message: file.error });
    else wanted.set(ref, file);
  }

  const existing = new Map((await artworkMedia(db)).map((m) => [m.artwork_ref!, m]));
  const missing = [...wanted].filter(([ref]) => !existing.has(ref));
  await insertArtworkMedia(
    db,
    missing.map(([ref, file]) => ({ artwork_ref: ref, ...file })),
    now,
  );
  for (const [ref, media] of existing) {
    const file = wanted.get(ref);
    if (file && media.name !== file.name) await updateArtworkMedia(db, media.id, media.name, file);
  }
  if (!gallery) return 0;

  await retireSeededGallery(
    db,
    gallery.map((item) => item.ref),
    now,
  );
  const seeded = await seededGalleryRefs(db);
  // An image whose file this release lacks waits for a release that has it.
  const fresh = gallery.filter((item) => !seeded.has(item.ref) && wanted.has(item.ref));
  if (fresh.length === 0) return 0;
  const mediaIds = new Map((await artworkMedia(db)).map((m) => [m.artwork_ref!, m.id]));
  return insertSeededGallery(
    db,
    fresh.map((item) => ({
      seed_ref: item.ref,
      media_id: mediaIds.get(item.ref)!,
      product: item.product,
      format: item.format,
      alt_en: item.alt.en,
      alt_fr: item.alt.fr,
      tags: [...item.tags],
    })),
    now,
  );
}
