import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idColumn } from '../dialect';

// The creator content kit (docs/product/content.md#products, docs/product/content.md#caption-check): the talking points of each product and the long
// pages, per locale, with every version kept (who, when, from where); the images the server
// serves (uploads and drawn artwork); the Grab and Go gallery; and the competitor names the
// caption check looks for. Bodies are JSON text, validated by the application before they are
// written, so both databases store them the same way.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_texts')
    .addColumn('id', 'integer', idColumn(db))
    // 'product' (key: a product code) or 'page' (key: a page slug).
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('key', 'varchar(40)', (c) => c.notNull())
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    // The staff member behind the current version; null when it came from the seed.
    .addColumn('updated_by', 'integer')
    // seed | staff | restore: only a text still from the seed follows a newer seed file.
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    // Digest of the seed file the text was last taken from, and of the file the running release
    // ships: when they differ on a staff-edited text, staff are told a newer text exists.
    .addColumn('seed_hash', 'varchar(64)')
    .addColumn('release_hash', 'varchar(64)')
    .execute();
  // One text per product or page and locale, however many nodes seed at once.
  await db.schema
    .createIndex('content_texts_document')
    .on('content_texts')
    .columns(['kind', 'key', 'locale'])
    .unique()
    .execute();

  await db.schema
    .createTable('content_text_versions')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('text_id', 'integer', (c) => c.notNull().references('content_texts.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    // Set on a restore: the version whose body this one repeats.
    .addColumn('restored_from', 'integer')
    .addColumn('seed_hash', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('content_text_versions_text')
    .on('content_text_versions')
    .columns(['text_id', 'version'])
    .unique()
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'integer', idColumn(db))
    // Made by the server (a digest + ".webp"): the address of GET /api/media/{name}.
    .addColumn('name', 'varchar(80)', (c) => c.notNull().unique())
    // upload (a file under DATA_DIR/uploads) | artwork (drawn by the server on first request).
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('artwork_ref', 'varchar(100)')
    // Size of the full image in bytes; null for artwork not drawn yet.
    .addColumn('bytes', 'integer')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // One row per piece of artwork (NULLs, the uploads, are distinct on both databases).
  await db.schema.createIndex('media_artwork_ref').on('media').column('artwork_ref').unique().execute();

  await db.schema
    .createTable('gallery_images')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id'))
    // A product code, or null for a program-wide image.
    .addColumn('product', 'varchar(20)')
    // square | story
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('alt_en', 'varchar(1000)', (c) => c.notNull())
    .addColumn('alt_fr', 'varchar(1000)', (c) => c.notNull())
    // JSON array of strings.
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    // The artwork a seeded image was made from: the seed adds each one once, and a seeded image
    // staff removed is only marked removed (deleted_at), so the next start does not bring it back.
    .addColumn('seed_ref', 'varchar(100)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('deleted_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('gallery_images_seed_ref')
    .on('gallery_images')
    .column('seed_ref')
    .unique()
    .execute();
  await db.schema
    .createIndex('gallery_images_order')
    .on('gallery_images')
    .columns(['position', 'id'])
    .execute();
  await db.schema.createIndex('gallery_images_media').on('gallery_images').column('media_id').execute();

  await db.schema
    .createTable('competitors')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX competitors_name ON competitors (lower(name))`.execute(db);
  // The list the caption check starts with (invented gummy-vitamin brands); staff keep it from
  // then on, so it is written here, once per database, and never again by a later start.
  await db
    .insertInto('competitors' as never)
    .values(
      [
        'GummyGlow',
        'VitaBloom',
        'ChewWell',
        'NutriPop',
        'Berrylife',
        'DailyDrops',
        'Gumsmith',
        'PureChew',
        'HappyBear Vitamins',
        'Vitazest',
        'Sproutly',
        'Nectara',
      ].map((name) => ({ name })) as never,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['competitors', 'gallery_images', 'media', 'content_text_versions', 'content_texts']) {
    await db.schema.dropTable(table).execute();
  }
}
