// The content kit's tables (migration 009) as Kysely sees them. They are added to the shared
// Database type here, by `withTables`, so the module is whole in its own folder.
import type { Generated, Kysely } from 'kysely';
import type { Db } from '../../db';

export type TextKind = 'product' | 'page';
export type TextSource = 'seed' | 'staff' | 'restore';

export interface ContentTextsTable {
  id: Generated<number>;
  kind: TextKind;
  key: string;
  locale: string;
  /** JSON of a ProductContent or a PageContent. */
  body: string;
  version: number;
  updated_at: string;
  updated_by: number | null;
  source: TextSource;
  seed_hash: string | null;
  release_hash: string | null;
}

export interface ContentTextVersionsTable {
  id: Generated<number>;
  text_id: number;
  version: number;
  body: string;
  source: TextSource;
  created_at: string;
  created_by: number | null;
  restored_from: number | null;
  seed_hash: string | null;
}

export interface MediaTable {
  id: Generated<number>;
  name: string;
  kind: 'upload' | 'artwork';
  artwork_ref: string | null;
  bytes: number | null;
  width: number;
  height: number;
  created_at: string;
}

export interface GalleryImagesTable {
  id: Generated<number>;
  media_id: number;
  product: string | null;
  format: 'square' | 'story';
  alt_en: string;
  alt_fr: string;
  tags: string;
  position: number;
  seed_ref: string | null;
  created_by: number | null;
  created_at: string;
  deleted_at: string | null;
}

export interface CompetitorsTable {
  id: Generated<number>;
  name: string;
}

export type ContentTables = {
  content_texts: ContentTextsTable;
  content_text_versions: ContentTextVersionsTable;
  media: MediaTable;
  gallery_images: GalleryImagesTable;
  competitors: CompetitorsTable;
};

export type ContentDb = Kysely<ContentTables & (Db extends Kysely<infer D> ? D : never)>;

/** The database handle with the content tables known to the type checker. */
export const contentDb = (db: Db): ContentDb => db.withTables<ContentTables>();
