// Queries of the content kit. Every change that must happen once (a new version on top of the
// one a staff member saw, the seed's first version of a text) is a conditional write, so it holds
// on both databases and across nodes without locks.
import { sql } from 'kysely';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { contentDb } from './tables';
import type { ContentDb, GalleryImagesTable, TextKind, TextSource } from './tables';

// ---- Texts

export interface TextMeta {
  id: number;
  kind: TextKind;
  key: string;
  locale: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
  source: TextSource;
  seed_hash: string | null;
  release_hash: string | null;
}

const metaColumns = [
  'content_texts.id',
  'content_texts.kind',
  'content_texts.key',
  'content_texts.locale',
  'content_texts.version',
  'content_texts.updated_at',
  'staff_users.name as updated_by',
  'content_texts.source',
  'content_texts.seed_hash',
  'content_texts.release_hash',
] as const;

/** Every text of one kind (or all), without bodies: what the staff lists and the seed compare. */
export function textMetas(db: Db, kind?: TextKind): Promise<TextMeta[]> {
  let query = contentDb(db)
    .selectFrom('content_texts')
    .leftJoin('staff_users', 'staff_users.id', 'content_texts.updated_by')
    .select(metaColumns);
  if (kind) query = query.where('content_texts.kind', '=', kind);
  return query.orderBy('content_texts.id').execute();
}

export function findText(
  db: Db,
  kind: TextKind,
  key: string,
  locale: string,
): Promise<(TextMeta & { body: string }) | undefined> {
  return contentDb(db)
    .selectFrom('content_texts')
    .leftJoin('staff_users', 'staff_users.id', 'content_texts.updated_by')
    .select([...metaColumns, 'content_texts.body'])
    .where('content_texts.kind', '=', kind)
    .where('content_texts.key', '=', key)
    .where('content_texts.locale', '=', locale)
    .executeTakeFirst();
}

/** The bodies of every text of a kind in one locale (the product buttons). */
export function textBodies(db: Db, kind: TextKind, locale: string) {
  return contentDb(db)
    .selectFrom('content_texts')
    .select(['key', 'body', 'updated_at'])
    .where('kind', '=', kind)
    .where('locale', '=', locale)
    .execute();
}

export function textVersions(db: Db, textId: number) {
  return contentDb(db)
    .selectFrom('content_text_versions')
    .leftJoin('staff_users', 'staff_users.id', 'content_text_versions.created_by')
    .select([
      'content_text_versions.version',
      'content_text_versions.created_at',
      'staff_users.name as created_by',
      'content_text_versions.source',
      'content_text_versions.restored_from',
    ])
    .where('content_text_versions.text_id', '=', textId)
    .orderBy('content_text_versions.version', 'desc')
    .execute();
}

export function findTextVersion(db: Db, textId: number, version: number) {
  return contentDb(db)
    .selectFrom('content_text_versions')
    .leftJoin('staff_users', 'staff_users.id', 'content_text_versions.created_by')
    .select([
      'content_text_versions.version',
      'content_text_versions.body',
      'content_text_versions.created_at',
      'staff_users.name as created_by',
      'content_text_versions.source',
      'content_text_versions.restored_from',
    ])
    .where('content_text_versions.text_id', '=', textId)
    .where('content_text_versions.version', '=', version)
    .executeTakeFirst();
}

export interface NewVersion {
  textId: number;
  /** The version the writer saw: the write happens only if it is still the current one. */
  baseVersion: number;
  body: string;
  source: TextSource;
  staffId: number | null;
  restoredFrom?: number | null;
  /** Set by the seed: the digest of the file the body comes from. */
  seedHash?: string | null;
  /** Seed writes only: the text must still be the seed's own (a staff edit meanwhile wins). */
  onlyIfSeed?: boolean;
  now?: Date;
}

/**
 * Puts a new version on top of `baseVersion` and keeps it in the history, in one transaction.
 * Answers the new version number, or undefined when the text moved on meanwhile (another edit
 * won): of two writers on the same base, exactly one succeeds.
 */
export async function writeNewVersion(db: Db, change: NewVersion): Promise<number | undefined> {
  const at = nowIso(change.now);
  return contentDb(db)
    .transaction()
    .execute(async (trx) => {
      let update = trx
        .updateTable('content_texts')
        .set({
          body: change.body,
          version: change.baseVersion + 1,
          updated_at: at,
          updated_by: change.staffId,
          source: change.source,
          ...(change.seedHash ? { seed_hash: change.seedHash, release_hash: change.seedHash } : {}),
        })
        .where('id', '=', change.textId)
        .where('version', '=', change.baseVersion);
      if (change.onlyIfSeed) update = update.where('source', '=', 'seed');
      const updated = await update.returning('version').executeTakeFirst();
      if (!updated) return undefined;
      await trx
        .insertInto('content_text_versions')
        .values({
          text_id: change.textId,
          version: updated.version,
          body: change.body,
          source: change.source,
          created_at: at,
          created_by: change.staffId,
          restored_from: change.restoredFrom ?? null,
          seed_hash: change.seedHash ?? null,
        })
        .execute();
      return updated.version;
    });
}

/** The seed's first version of a text; nothing when another node wrote it first. */
export async function insertSeededText(
  db: Db,
  text: { kind: TextKind; key: string; locale: string; body: string; hash: string },
  now = new Date(),
): Promise<boolean> {
  const at = nowIso(now);
  return contentDb(db)
    .transaction()
    .execute(async (trx) => {
      const inserted = await trx
        .insertInto('content_texts')
        .values({
          kind: text.kind,
          key: text.key,
          locale: text.locale,
          body: text.body,
          version: 1,
          updated_at: at,
          updated_by: null,
          source: 'seed',
          seed_hash: text.hash,
          release_hash: text.hash,
        })
        .onConflict((oc) => oc.columns(['kind', 'key', 'locale']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      await trx
        .insertInto('content_text_versions')
        .values({
          text_id: inserted.id,
          version: 1,
          body: text.body,
          source: 'seed',
          created_at: at,
          created_by: null,
          restored_from: null,
          seed_hash: text.hash,
        })
        .execute();
      return true;
    });
}

/** Records the digest of the seed file the running release ships (for a text staff have edited). */
export async function setReleaseHash(db: Db, textId: number, hash: string): Promise<void> {
  await contentDb(db)
    .updateTable('content_texts')
    .set({ release_hash: hash })
    .where('id', '=', textId)
    .where((eb) => eb.or([eb('release_hash', 'is', null), eb('release_hash', '!=', hash)]))
    .execute();
}

// ---- Media

export function findMediaByName(db: Db, name: string) {
  return contentDb(db)
    .selectFrom('media')
    .select(['id', 'name', 'kind', 'artwork_ref', 'width', 'height', 'bytes'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export function artworkMedia(db: Db) {
  return contentDb(db)
    .selectFrom('media')
    .select(['id', 'name', 'artwork_ref'])
    .where('kind', '=', 'artwork')
    .execute();
}

export async function insertArtworkMedia(
  db: Db,
  rows: { name: string; artwork_ref: string; bytes: number; width: number; height: number }[],
  now = new Date(),
): Promise<void> {
  if (rows.length === 0) return;
  await contentDb(db)
    .insertInto('media')
    .values(rows.map((row) => ({ ...row, kind: 'artwork' as const, created_at: nowIso(now) })))
    // Any unique key, not only artwork_ref: two nodes seeding at once insert the same row, and on
    // PostgreSQL the other's row may clash first on its name, which a targeted ON CONFLICT raises.
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A release ships another file for a piece of artwork: its new name and size (unless another node wrote them first). */
export async function updateArtworkMedia(
  db: Db,
  id: number,
  from: string,
  to: { name: string; bytes: number; width: number; height: number },
): Promise<void> {
  await contentDb(db).updateTable('media').set(to).where('id', '=', id).where('name', '=', from).execute();
}

export function mediaNamesForArtwork(db: Db, refs: string[]) {
  if (refs.length === 0) return Promise.resolve([]);
  return contentDb(db)
    .selectFrom('media')
    .select(['name', 'artwork_ref', 'kind', 'width', 'height'])
    .where('artwork_ref', 'in', refs)
    .execute();
}

// ---- Gallery

export interface GalleryRow {
  id: number;
  product: string | null;
  format: GalleryImagesTable['format'];
  alt_en: string;
  alt_fr: string;
  tags: string;
  position: number;
  created_at: string;
  seed_ref: string | null;
  media_id: number;
  name: string;
  kind: 'upload' | 'artwork';
  artwork_ref: string | null;
  width: number;
  height: number;
}

const galleryQuery = (db: ContentDb) =>
  db
    .selectFrom('gallery_images')
    .innerJoin('media', 'media.id', 'gallery_images.media_id')
    .select([
      'gallery_images.id',
      'gallery_images.product',
      'gallery_images.format',
      'gallery_images.alt_en',
      'gallery_images.alt_fr',
      'gallery_images.tags',
      'gallery_images.position',
      'gallery_images.created_at',
      'gallery_images.seed_ref',
      'gallery_images.media_id',
      'media.name',
      'media.kind',
      'media.artwork_ref',
      'media.width',
      'media.height',
    ])
    .where('gallery_images.deleted_at', 'is', null);

/** The gallery in the staff's order, optionally one product's images only. */
export function galleryRows(db: Db, product?: string): Promise<GalleryRow[]> {
  let query = galleryQuery(contentDb(db));
  if (product) query = query.where('gallery_images.product', '=', product);
  return query.orderBy('gallery_images.position').orderBy('gallery_images.id').execute();
}

export function findGalleryRow(db: Db, id: number): Promise<GalleryRow | undefined> {
  return galleryQuery(contentDb(db)).where('gallery_images.id', '=', id).executeTakeFirst();
}

/** Every seed ref the gallery has ever held (removed ones too: the seed must not bring them back). */
export async function seededGalleryRefs(db: Db): Promise<Set<string>> {
  const rows = await contentDb(db)
    .selectFrom('gallery_images')
    .select('seed_ref')
    .where('seed_ref', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.seed_ref!));
}

/** Seeded images whose artwork a release no longer draws: marked removed, as staff would. */
export async function retireSeededGallery(
  db: Db,
  keep: readonly string[],
  now = new Date(),
): Promise<number> {
  const result = await contentDb(db)
    .updateTable('gallery_images')
    .set({ deleted_at: nowIso(now) })
    .where('seed_ref', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('seed_ref', 'not in', keep.length > 0 ? [...keep] : [''])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const nextPosition = async (db: ContentDb) => {
  const row = await db
    .selectFrom('gallery_images')
    .select(sql<number | null>`max(position)`.as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
};

export async function insertSeededGallery(
  db: Db,
  items: {
    seed_ref: string;
    media_id: number;
    product: string | null;
    format: GalleryImagesTable['format'];
    alt_en: string;
    alt_fr: string;
    tags: string[];
  }[],
  now = new Date(),
): Promise<number> {
  if (items.length === 0) return 0;
  const cdb = contentDb(db);
  const first = await nextPosition(cdb);
  const inserted = await cdb
    .insertInto('gallery_images')
    .values(
      items.map(({ tags, ...item }, i) => ({
        ...item,
        tags: JSON.stringify(tags),
        position: first + i,
        created_by: null,
        created_at: nowIso(now),
        deleted_at: null,
      })),
    )
    .onConflict((oc) => oc.column('seed_ref').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/**
 * An upload's media row and its gallery image, in one transaction, at the end of the gallery.
 * The same bytes uploaded twice share one media row (the name is their digest).
 */
export async function insertUploadedImage(
  db: Db,
  image: {
    name: string;
    bytes: number;
    width: number;
    height: number;
    product: string | null;
    format: GalleryImagesTable['format'];
    alt_en: string;
    alt_fr: string;
    tags: string[];
    staffId: number;
  },
  now = new Date(),
): Promise<number> {
  const at = nowIso(now);
  return contentDb(db)
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('media')
        .values({
          name: image.name,
          kind: 'upload',
          artwork_ref: null,
          bytes: image.bytes,
          width: image.width,
          height: image.height,
          created_at: at,
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const media = await trx
        .selectFrom('media')
        .select('id')
        .where('name', '=', image.name)
        .executeTakeFirstOrThrow();
      const inserted = await trx
        .insertInto('gallery_images')
        .values({
          media_id: media.id,
          product: image.product,
          format: image.format,
          alt_en: image.alt_en,
          alt_fr: image.alt_fr,
          tags: JSON.stringify(image.tags),
          position: await nextPosition(trx),
          seed_ref: null,
          created_by: image.staffId,
          created_at: at,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
}

export async function updateGalleryImage(
  db: Db,
  id: number,
  change: { product?: string | null; tags?: string[]; alt_en?: string; alt_fr?: string },
): Promise<boolean> {
  const { tags, ...rest } = change;
  const set = { ...rest, ...(tags ? { tags: JSON.stringify(tags) } : {}) };
  if (Object.keys(set).length === 0) return (await findGalleryRow(db, id)) !== undefined;
  const result = await contentDb(db)
    .updateTable('gallery_images')
    .set(set)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Puts the gallery in the order of `ids`, which must name every image still in it. Answers false
 * (and changes nothing) when the gallery holds other images than those, as it does when someone
 * uploaded or removed one since the list was read.
 */
export async function reorderGallery(db: Db, ids: number[]): Promise<boolean> {
  return contentDb(db)
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom('gallery_images')
        .select('id')
        .where('deleted_at', 'is', null)
        .execute();
      const wanted = new Set(ids);
      if (current.length !== wanted.size || current.some((row) => !wanted.has(row.id))) return false;
      for (const [i, id] of ids.entries()) {
        await trx
          .updateTable('gallery_images')
          .set({ position: i + 1 })
          .where('id', '=', id)
          .execute();
      }
      return true;
    });
}

/**
 * Removes a gallery image. A seeded one is only marked removed (the seed would otherwise add it
 * again at the next start); an uploaded one is deleted, with its media row when no other image
 * uses it. Answers the media name whose files may go, undefined when there is nothing to delete.
 */
export async function removeGalleryImage(
  db: Db,
  id: number,
  now = new Date(),
): Promise<{ removed: boolean; orphan?: string }> {
  return contentDb(db)
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('gallery_images')
        .innerJoin('media', 'media.id', 'gallery_images.media_id')
        .select([
          'gallery_images.id',
          'gallery_images.seed_ref',
          'gallery_images.media_id',
          'media.kind',
          'media.name',
        ])
        .where('gallery_images.id', '=', id)
        .where('gallery_images.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return { removed: false };
      if (row.seed_ref) {
        await trx
          .updateTable('gallery_images')
          .set({ deleted_at: nowIso(now) })
          .where('id', '=', id)
          .execute();
        return { removed: true };
      }
      await trx.deleteFrom('gallery_images').where('id', '=', id).execute();
      if (row.kind !== 'upload') return { removed: true };
      const others = await trx
        .selectFrom('gallery_images')
        .select('id')
        .where('media_id', '=', row.media_id)
        .limit(1)
        .execute();
      if (others.length > 0) return { removed: true };
      await trx.deleteFrom('media').where('id', '=', row.media_id).execute();
      return { removed: true, orphan: row.name };
    });
}

/** An upload's media row on its own (a profile picture): kept once per name. */
export async function insertUploadMedia(
  db: Db,
  image: { name: string; bytes: number; width: number; height: number },
  now = new Date(),
): Promise<void> {
  await contentDb(db)
    .insertInto('media')
    .values({
      name: image.name,
      kind: 'upload',
      artwork_ref: null,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      created_at: nowIso(now),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Deletes an upload's media row unless a gallery image uses it; answers whether it went. */
export async function deleteUploadMediaIfUnused(db: Db, name: string): Promise<boolean> {
  const cdb = contentDb(db);
  const result = await cdb
    .deleteFrom('media')
    .where('name', '=', name)
    .where('kind', '=', 'upload')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('gallery_images')
            .select('gallery_images.id')
            .whereRef('gallery_images.media_id', '=', 'media.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function mediaNameExists(db: Db, name: string): Promise<boolean> {
  return (
    (await contentDb(db).selectFrom('media').select('id').where('name', '=', name).executeTakeFirst()) !==
    undefined
  );
}

// ---- Competitors

export async function competitorNames(db: Db): Promise<string[]> {
  const rows = await contentDb(db).selectFrom('competitors').select('name').orderBy('id').execute();
  return rows.map((r) => r.name);
}

/** Replaces the whole list, in one transaction. */
export async function replaceCompetitors(db: Db, names: string[]): Promise<void> {
  await contentDb(db)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('competitors').execute();
      if (names.length > 0)
        await trx
          .insertInto('competitors')
          .values(names.map((name) => ({ name })))
          .execute();
    });
}
