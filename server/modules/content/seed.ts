// The content the release ships (content/products/<code>/<locale>.json, content/pages/<slug>/
// <locale>.json, the drawn gallery) into the database, at every start. It must stay cheap: the
// files are read and digested and compared with a few rows; nothing is drawn, and nothing is
// written unless something changed. Staff edits win: a text staff changed is never overwritten;
// it is only marked as having a newer release text (seed_differs). Safe when several nodes start
// at once: each write is conditional (unique keys, ON CONFLICT DO NOTHING, UPDATE ... WHERE version).
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_SLUGS, pageContentSchema, productContentSchema } from '../../../common/content';
import { LOCALES } from '../../../common/i18n';
import { PRODUCT_CODES } from '../../../common/products';
import type { Db } from '../../db';
import { SEED_GALLERY, productArtworkRef } from './artwork';
import { ARTWORK_SIZES, artworkMediaName } from './media';
import {
  artworkMedia,
  insertArtworkMedia,
  insertSeededGallery,
  insertSeededText,
  renameArtworkMedia,
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
export async function findRepositoryRoot(start = path.dirname(fileURLToPath(import.meta.url))): Promise<string> {
  for (let dir = start; ; dir = path.dirname(dir)) {
    try {
      await fs.access(path.join(dir, 'package.json'));
      return dir;
    } catch {
      if (path.dirname(dir) === dir) throw new Error('package.json not found above the server');
    }
  }
}

export interface SeedOptions {
  /** The folder holding products/ and pages/ (the repository's content/ by default). */
  contentDir?: string;
  /** Names the drawn artwork: a release that may draw differently gives it new addresses. */
  artworkRevision?: string;
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
    LOCALES.map((locale) => ({ kind: 'product' as const, key: code, locale, file: path.join(contentDir, 'products', code, `${locale}.json`), optional: false })),
  ),
  ...PAGE_SLUGS.flatMap((slug) =>
    LOCALES.map((locale) => ({ kind: 'page' as const, key: slug, locale, file: path.join(contentDir, 'pages', slug, `${locale}.json`), optional: true })),
  ),
];

/** The file as the database keeps it, and its digest: formatting alone never makes a new version. */
async function readSeedFile(seed: SeedFile): Promise<{ json: unknown; hash: string } | { missing: true } | { error: string }> {
  let raw: string;
  try {
    raw = await fs.readFile(seed.file, 'utf8');
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
    return parsed.success ? { body: JSON.stringify(parsed.data) } : { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  }
  const parsed = pageContentSchema.safeParse(json);
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  const unknown = unknownPageVariables(parsed.data);
  if (unknown.length > 0) return { error: `unknown variables: ${unknown.join(', ')}` };
  return { body: JSON.stringify(parsed.data) };
}

export async function seedContent(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const now = options.now ?? new Date();
  const contentDir = options.contentDir ?? path.join(await findRepositoryRoot(), 'content');
  const report: SeedReport = { inserted: 0, updated: 0, flagged: 0, galleryAdded: 0, problems: [] };

  const files = seedFiles(contentDir);
  const [read, metas] = await Promise.all([Promise.all(files.map(readSeedFile)), textMetas(db)]);
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
      if (await insertSeededText(db, { kind: seed.kind, key: seed.key, locale: seed.locale, body: valid.body, hash: content.hash }, now)) report.inserted++;
    } else if (row.source === 'seed' && row.seed_hash !== content.hash) {
      const written = await writeNewVersion(db, { textId: row.id, baseVersion: row.version, body: valid.body, source: 'seed', staffId: null, seedHash: content.hash, onlyIfSeed: true, now });
      if (written !== undefined) report.updated++;
      // Otherwise a staff edit or another node came first: the first leaves the text to staff,
      // the second wrote this same file; either way only the release's digest is left to record.
      else await setReleaseHash(db, row.id, content.hash);
    } else {
      await setReleaseHash(db, row.id, content.hash);
      if (row.source !== 'seed' && row.seed_hash !== content.hash) report.flagged++;
    }
  }

  report.galleryAdded = await seedGallery(db, options.artworkRevision ?? '', now);
  return report;
}

/** The artwork rows (named, sized, not drawn) and the seeded gallery images not yet added. */
async function seedGallery(db: Db, revision: string, now: Date): Promise<number> {
  const wanted = new Map<string, { width: number; height: number }>();
  for (const code of PRODUCT_CODES) wanted.set(productArtworkRef(code), ARTWORK_SIZES.square);
  for (const item of SEED_GALLERY) wanted.set(item.ref, ARTWORK_SIZES[item.format]);

  const existing = new Map((await artworkMedia(db)).map((m) => [m.artwork_ref!, m]));
  const missing = [...wanted].filter(([ref]) => !existing.has(ref));
  await insertArtworkMedia(db, missing.map(([ref, size]) => ({ name: artworkMediaName(ref, revision), artwork_ref: ref, ...size })), now);
  for (const [ref, media] of existing) {
    const name = artworkMediaName(ref, revision);
    if (wanted.has(ref) && media.name !== name) await renameArtworkMedia(db, media.id, media.name, name);
  }

  await retireSeededGallery(db, SEED_GALLERY.map((item) => item.ref), now);
  const seeded = await seededGalleryRefs(db);
  const fresh = SEED_GALLERY.filter((item) => !seeded.has(item.ref));
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
