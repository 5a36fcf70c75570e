// The content kit's rules (docs/product/content.md#products, docs/product/content.md#caption-check): the partner's talking points with their own code
// written in, the pages with the program's values filled in, Grab and Go, the kit, the caption
// check; and the staff's side: versioned edits with optimistic concurrency, restores, the
// gallery's uploads and order, the competitor list.
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkCaption } from '../../../common/caption-check';
import type { CaptionCheckResult } from '../../../common/caption-check';
import { HASHTAG_RULES, PAGE_SLUGS, PUBLIC_PAGE_SLUGS, isPageSlug } from '../../../common/content';
import type { PageContent, ProductContent } from '../../../common/content';
import type {
  GalleryImage,
  PageDocument,
  ProductDetail,
  ProductSummary,
} from '../../../common/contracts/content';
import { DEFAULT_LOCALE, isLocale } from '../../../common/i18n';
import type { Locale } from '../../../common/i18n';
import { PRODUCT_CODES, isProductCode } from '../../../common/products';
import type { ProductCode } from '../../../common/products';
import { LOGO_MAX_SIDE } from '../../../common/uploads';
import type { Db } from '../../db';
import { AppError, notFound } from '../../errors';
import { findPartnerById } from '../partners/service';
import { promoCodesOf } from '../promo-codes/service';
import { productArtworkRef } from './artwork-files';
import { buildKit } from './kit';
import {
  MEDIA_NAME,
  fileExists,
  fullImageFile,
  jpegFile,
  logoMediaName,
  prepareUpload,
  profilePictureMediaName,
  removeMediaFiles,
  renditionFile,
  uploadMediaName,
  writeAtomically,
} from './media';
import type { MediaDirs, MediaFormat, MediaRecord, MediaWidth } from './media';
import {
  competitorNames,
  deleteUploadMediaIfUnused,
  findGalleryRow,
  findMediaByName,
  findText,
  findTextVersion,
  galleryRows,
  insertUploadMedia,
  insertUploadedImage,
  mediaNameExists,
  mediaNamesForArtwork,
  removeGalleryImage,
  reorderGallery,
  replaceCompetitors,
  textBodies,
  textMetas,
  textVersions,
  updateGalleryImage,
  writeNewVersion,
} from './repository';
import type { GalleryRow, TextMeta } from './repository';
import type { TextKind, TextSource } from './tables';
import { fillPageVariables, pageValues } from './variables';
import type { PageValues } from './variables';

export { seedContent } from './seed';
export type { SeedReport } from './seed';
// For other modules' uploads (the profile picture): the same limits and folders as the gallery's.
export { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, mediaDirs } from './media';
export type { MediaDirs } from './media';
export { contentDb } from './tables';
export { pageValues } from './variables';

export const mediaUrl = (name: string, width?: MediaWidth) =>
  `/api/media/${name}${width ? `?w=${width}` : ''}`;

// ---- The partner's side

interface Reader {
  locale: Locale;
  /** The partner's promo code written into captions (their first code). */
  promoCode: string;
}

/** The partner's language (unless the request names one) and promo code. */
export async function readerOf(db: Db, partnerId: number, locale?: Locale): Promise<Reader> {
  const [partner, codes] = await Promise.all([findPartnerById(db, partnerId), promoCodesOf(db, partnerId)]);
  if (!partner) throw new AppError(401, 'not_authorized');
  return {
    locale: locale ?? (isLocale(partner.locale) ? partner.locale : DEFAULT_LOCALE),
    promoCode: codes[0]?.code ?? '',
  };
}

async function productImageNames(db: Db): Promise<Map<string, string>> {
  const refs = new Map(PRODUCT_CODES.map((code) => [productArtworkRef(code), code]));
  const rows = await mediaNamesForArtwork(db, [...refs.keys()]);
  return new Map(rows.map((row) => [refs.get(row.artwork_ref!)!, row.name]));
}

/** Each product's artwork, as its media URL (a promo's image). */
export async function productImageUrls(db: Db): Promise<Map<string, string>> {
  return new Map([...(await productImageNames(db))].map(([code, name]) => [code, mediaUrl(name)]));
}

/** The 16 products for the buttons, in the line's order, named in `locale`. */
export async function productSummaries(db: Db, locale: Locale): Promise<ProductSummary[]> {
  const [bodies, images] = await Promise.all([textBodies(db, 'product', locale), productImageNames(db)]);
  const names = new Map(bodies.map((b) => [b.key, (JSON.parse(b.body) as ProductContent).name]));
  return PRODUCT_CODES.filter((code) => names.has(code)).map((code) => ({
    code,
    name: names.get(code)!,
    image_url: images.has(code) ? mediaUrl(images.get(code)!) : '',
  }));
}

const withCode = (caption: string, code: string) =>
  code ? caption.split(HASHTAG_RULES.codePlaceholder).join(code) : caption;

async function productText(db: Db, code: string, locale: Locale) {
  if (!isProductCode(code)) throw notFound();
  const text = await findText(db, 'product', code, locale);
  if (!text) throw notFound();
  return { code, text, content: JSON.parse(text.body) as ProductContent };
}

/** A product's talking points with the partner's own code in every ready caption. */
export async function productDetail(db: Db, code: string, reader: Reader): Promise<ProductDetail> {
  const product = await productText(db, code, reader.locale);
  const images = await productImageNames(db);
  const { content } = product;
  return {
    code: product.code,
    name: content.name,
    image_url: images.has(product.code) ? mediaUrl(images.get(product.code)!) : '',
    subtitle: content.subtitle,
    benefits: content.benefits,
    caption_ideas: content.caption_ideas,
    captions: content.captions.map((caption) => withCode(caption, reader.promoCode)),
    required_hashtags: content.required_hashtags,
    popular_hashtags: content.popular_hashtags,
    kit_url: `/api/products/${product.code}/kit`,
    promo_code: reader.promoCode,
    updated_at: product.text.updated_at,
  };
}

export const isPublicPage = (slug: string) => isPageSlug(slug) && PUBLIC_PAGE_SLUGS.includes(slug);

/** A page in `locale`, its `{{variables}}` filled from the program's settings. */
export async function pageDocument(db: Db, slug: string, locale: Locale): Promise<PageDocument> {
  if (!isPageSlug(slug)) throw notFound();
  const [text, values] = await Promise.all([findText(db, 'page', slug, locale), pageValues(db, locale)]);
  if (!text) throw notFound();
  return { ...filledPage(text, values), slug, updated_at: text.updated_at };
}

// A page is a large body, parsed and filled with the program's values on every read; the result
// depends only on the text's version and those values, so it is kept. Any node's edit makes a new
// version (a new key); a handful of pages and languages keep the map small, and it is bounded anyway.
const filledPages = new Map<string, PageContent>();
function filledPage(text: { id: number; version: number; body: string }, values: PageValues): PageContent {
  const key = `${text.id}:${text.version}:${JSON.stringify(values)}`;
  let page = filledPages.get(key);
  if (!page) {
    if (filledPages.size >= 100) filledPages.clear();
    page = fillPageVariables(JSON.parse(text.body) as PageContent, values);
    filledPages.set(key, page);
  }
  return page;
}

const tagsOf = (row: GalleryRow): string[] => JSON.parse(row.tags) as string[];

function galleryImage(row: GalleryRow, locale: Locale): GalleryImage {
  return {
    id: row.id,
    product: row.product,
    format: row.format,
    width: row.width,
    height: row.height,
    url: mediaUrl(row.name),
    thumb_url: mediaUrl(row.name, 480),
    alt: locale === 'fr' ? row.alt_fr : row.alt_en,
    tags: tagsOf(row),
  };
}

/** Grab and Go in the staff's order; one product's images when `product` is given. */
export async function partnerGallery(db: Db, locale: Locale, product?: ProductCode): Promise<GalleryImage[]> {
  return (await galleryRows(db, product)).map((row) => galleryImage(row, locale));
}

/** The caption check of docs/product/content.md#caption-check with the partner's code, the staff's competitors and the product's approved benefits. */
export async function checkPartnerCaption(
  db: Db,
  reader: Reader,
  input: { text: string; product?: ProductCode },
): Promise<CaptionCheckResult> {
  const [competitors, product] = await Promise.all([
    competitorNames(db),
    input.product ? productText(db, input.product, reader.locale) : Promise.resolve(undefined),
  ]);
  return checkCaption({
    text: input.text,
    code: reader.promoCode,
    locale: reader.locale,
    competitors,
    ...(product ? { product: { name: product.content.name, benefits: product.content.benefits } } : {}),
  });
}

// ---- Media

/** The file of a media name (a rendition or a JPEG copy made on first request), or 404. */
export async function mediaFile(
  db: Db,
  dirs: MediaDirs,
  name: string,
  width?: MediaWidth,
  format: MediaFormat = 'webp',
): Promise<string> {
  const media = await findMediaByName(db, name);
  if (!media) throw notFound();
  const record: MediaRecord = {
    name: media.name,
    kind: media.kind,
    artwork_ref: media.artwork_ref,
    width: media.width,
  };
  if (format === 'jpeg') return jpegFile(dirs, record, width);
  return width ? renditionFile(dirs, record, width) : fullImageFile(dirs, record);
}

/**
 * A product's kit: its artwork and gallery images, full size, and its captions with the partner's
 * code. The images are the WebP files, or their JPEG copies (made once, kept) when `format` says so.
 */
export async function productKit(
  db: Db,
  dirs: MediaDirs,
  code: string,
  reader: Reader,
  format: MediaFormat = 'webp',
): Promise<{ filename: string; zip: Uint8Array }> {
  const detail = await productDetail(db, code, reader);
  const [artwork] = await mediaNamesForArtwork(db, [productArtworkRef(detail.code as ProductCode)]);
  const gallery = await galleryRows(db, detail.code);
  const images: { name: string; data: Buffer }[] = [];
  const extension = format === 'jpeg' ? 'jpg' : 'webp';
  const add = async (baseName: string, record: MediaRecord) => {
    const file = format === 'jpeg' ? await jpegFile(dirs, record) : await fullImageFile(dirs, record);
    images.push({ name: `${baseName}.${extension}`, data: await fs.readFile(file) });
  };
  if (artwork)
    await add(`${detail.code}-product`, {
      name: artwork.name,
      kind: artwork.kind,
      artwork_ref: artwork.artwork_ref,
      width: artwork.width,
    });
  for (const [i, row] of gallery.entries()) {
    await add(`${detail.code}-${row.format}-${String(i + 1).padStart(2, '0')}`, {
      name: row.name,
      kind: row.kind,
      artwork_ref: row.artwork_ref,
      width: row.width,
    });
  }
  return {
    filename: `sunbite-${detail.code}-kit${format === 'jpeg' ? '-jpeg' : ''}.zip`,
    zip: buildKit(detail, reader.locale, images),
  };
}

// ---- The staff's side

export interface TextMetaJson {
  version: number;
  updated_at: string;
  updated_by: string | null;
  source: TextSource;
  seed_differs: boolean;
}

const metaJson = (meta: TextMeta): TextMetaJson => ({
  version: meta.version,
  updated_at: meta.updated_at,
  updated_by: meta.updated_by,
  source: meta.source,
  // A newer release ships another text than the one this text was last taken from.
  seed_differs: meta.release_hash !== null && meta.release_hash !== meta.seed_hash,
});

/** Each product with the state of its two texts, named in the staff member's language. */
export async function staffProductList(db: Db, locale: Locale) {
  const [metas, bodies] = await Promise.all([textMetas(db, 'product'), textBodies(db, 'product', locale)]);
  const names = new Map(bodies.map((b) => [b.key, (JSON.parse(b.body) as ProductContent).name]));
  return PRODUCT_CODES.filter((code) => metas.some((m) => m.key === code)).map((code) => ({
    code,
    name: names.get(code) ?? code,
    locales: localesOf(metas, code),
  }));
}

const localesOf = (metas: TextMeta[], key: string) => {
  const meta = (locale: Locale) => metas.find((m) => m.key === key && m.locale === locale);
  const en = meta('en');
  const fr = meta('fr');
  return { en: en ? metaJson(en) : null, fr: fr ? metaJson(fr) : null };
};

/** Each page that exists in some language, with the state of its texts. */
export async function staffPageList(db: Db, locale: Locale) {
  const [metas, bodies] = await Promise.all([textMetas(db, 'page'), textBodies(db, 'page', locale)]);
  const titles = new Map(bodies.map((b) => [b.key, (JSON.parse(b.body) as PageContent).title]));
  return PAGE_SLUGS.filter((slug) => metas.some((m) => m.key === slug)).map((slug) => ({
    slug,
    title: titles.get(slug) ?? slug,
    locales: localesOf(metas, slug),
  }));
}

export interface TextAddress {
  kind: TextKind;
  key: string;
  locale: Locale;
}

const validKey = (address: TextAddress) =>
  address.kind === 'product' ? isProductCode(address.key) : isPageSlug(address.key);

async function textAt(db: Db, address: TextAddress) {
  if (!validKey(address)) throw notFound();
  const text = await findText(db, address.kind, address.key, address.locale);
  if (!text) throw notFound();
  return text;
}

/** A text as staff edit it: its body, its state and its history, newest first. */
export async function staffEntry(db: Db, address: TextAddress) {
  const text = await textAt(db, address);
  const [versions, images] = await Promise.all([
    textVersions(db, text.id),
    address.kind === 'product' ? productImageNames(db) : undefined,
  ]);
  // A product's artwork, so the editor's preview shows the picture partners see.
  const image = images?.get(address.key);
  return {
    body: JSON.parse(text.body) as ProductContent | PageContent,
    ...metaJson(text),
    versions,
    ...(images ? { image_url: image ? mediaUrl(image) : '' } : {}),
  };
}

export async function staffVersion(db: Db, address: TextAddress, version: number) {
  const text = await textAt(db, address);
  const found = await findTextVersion(db, text.id, version);
  if (!found) throw notFound();
  return { ...found, body: JSON.parse(found.body) as ProductContent | PageContent };
}

const stale = () => new AppError(409, 'content.text_stale');

/** Saves an edit on top of the version the staff member saw; another edit meanwhile answers 409. */
export async function saveText(
  db: Db,
  address: TextAddress,
  body: ProductContent | PageContent,
  baseVersion: number,
  staffId: number,
) {
  const text = await textAt(db, address);
  if (text.version !== baseVersion) throw stale();
  const written = await writeNewVersion(db, {
    textId: text.id,
    baseVersion,
    body: JSON.stringify(body),
    source: 'staff',
    staffId,
  });
  if (written === undefined) throw stale();
  return staffEntry(db, address);
}

/** Makes an earlier version current again, as a new version that says where it came from. */
export async function restoreText(
  db: Db,
  address: TextAddress,
  version: number,
  baseVersion: number,
  staffId: number,
) {
  const text = await textAt(db, address);
  const old = await findTextVersion(db, text.id, version);
  if (!old) throw notFound();
  if (text.version !== baseVersion) throw stale();
  const written = await writeNewVersion(db, {
    textId: text.id,
    baseVersion,
    body: old.body,
    source: 'restore',
    staffId,
    restoredFrom: version,
  });
  if (written === undefined) throw stale();
  return staffEntry(db, address);
}

// ---- The gallery, for staff

function staffGalleryImage(row: GalleryRow) {
  const { alt, ...image } = galleryImage(row, 'en');
  void alt;
  return {
    ...image,
    alt: { en: row.alt_en, fr: row.alt_fr },
    position: row.position,
    created_at: row.created_at,
  };
}
export type StaffGalleryImage = ReturnType<typeof staffGalleryImage>;

export async function staffGallery(db: Db): Promise<StaffGalleryImage[]> {
  return (await galleryRows(db)).map(staffGalleryImage);
}

async function staffGalleryImageById(db: Db, id: number): Promise<StaffGalleryImage> {
  const row = await findGalleryRow(db, id);
  if (!row) throw notFound();
  return staffGalleryImage(row);
}

export interface UploadFields {
  product: ProductCode | null;
  tags: string[];
  alt: { en: string; fr: string };
}

/**
 * An uploaded image into the gallery: checked and re-encoded (a refusal is a 422 and stores
 * nothing), written to DATA_DIR/uploads under its digest, then its rows in one transaction; if
 * that fails, the file written for it goes too.
 */
export async function uploadGalleryImage(
  db: Db,
  dirs: MediaDirs,
  bytes: Buffer,
  fields: UploadFields,
  staffId: number,
): Promise<StaffGalleryImage> {
  const image = await prepareUpload(bytes);
  const name = uploadMediaName(image.data);
  const file = path.join(dirs.uploads, name);
  const hadFile = await fileExists(file);
  if (!hadFile) await writeAtomically(file, image.data, { durable: true });
  try {
    const id = await insertUploadedImage(db, {
      name,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      product: fields.product,
      // Stories are tall (9:16 and the like); anything squarer is posted as a square.
      format: image.height >= 1.5 * image.width ? 'story' : 'square',
      alt_en: fields.alt.en,
      alt_fr: fields.alt.fr,
      tags: fields.tags,
      staffId,
    });
    return await staffGalleryImageById(db, id);
  } catch (error) {
    if (!hadFile && !(await mediaNameExists(db, name))) await fs.rm(file, { force: true });
    throw error;
  }
}

export async function editGalleryImage(
  db: Db,
  id: number,
  change: { product?: ProductCode | null; tags?: string[]; alt?: { en: string; fr: string } },
): Promise<StaffGalleryImage> {
  const updated = await updateGalleryImage(db, id, {
    ...(change.product !== undefined ? { product: change.product } : {}),
    ...(change.tags ? { tags: change.tags } : {}),
    ...(change.alt ? { alt_en: change.alt.en, alt_fr: change.alt.fr } : {}),
  });
  if (!updated) throw notFound();
  return staffGalleryImageById(db, id);
}

export async function orderGallery(db: Db, ids: number[]): Promise<StaffGalleryImage[]> {
  if (!(await reorderGallery(db, ids))) throw new AppError(409, 'content.gallery_stale');
  return staffGallery(db);
}

export async function deleteGalleryImage(db: Db, dirs: MediaDirs, id: number): Promise<void> {
  const result = await removeGalleryImage(db, id);
  if (!result.removed) throw notFound();
  // After the commit: a failure here leaves a file nobody points at, never a row without its file.
  if (result.orphan) await removeMediaFiles(dirs, result.orphan);
}

// ---- Profile pictures (docs/product/links-and-integrations.md#profile-picture): checked as the gallery's uploads, then a centred square

export const PROFILE_PICTURE_SIZE = 512;

/**
 * Checks and re-encodes a partner's picture to a 512×512 WebP without metadata (the centre of a
 * picture that is not square), stores it under DATA_DIR/uploads with its row, so that it is
 * served at /api/media/{name} like any upload, and answers its address. A refusal is a 422 and
 * stores nothing. `owner` (the partner's uuid) is part of the name: see profilePictureMediaName.
 */
export async function storeProfilePicture(
  db: Db,
  dirs: MediaDirs,
  owner: string,
  bytes: Buffer,
): Promise<string> {
  const image = await prepareUpload(bytes, {
    width: PROFILE_PICTURE_SIZE,
    height: PROFILE_PICTURE_SIZE,
    fit: 'cover',
  });
  const name = profilePictureMediaName(owner, image.data);
  const file = path.join(dirs.uploads, name);
  if (!(await fileExists(file))) await writeAtomically(file, image.data, { durable: true });
  await insertUploadMedia(db, { name, bytes: image.data.length, width: image.width, height: image.height });
  return mediaUrl(name);
}

/** The upload a picture address of this server names, or undefined (an outside address, none). */
export function uploadNameOf(url: string | null | undefined): string | undefined {
  const name = url?.startsWith('/api/media/') ? url.slice('/api/media/'.length) : undefined;
  return name && MEDIA_NAME.test(name) ? name : undefined;
}

/** Removes a picture nobody uses any more: its row (unless the gallery uses it), then its files. */
export async function discardProfilePicture(db: Db, dirs: MediaDirs, url: string): Promise<void> {
  const name = uploadNameOf(url);
  if (name && (await deleteUploadMediaIfUnused(db, name))) await removeMediaFiles(dirs, name);
}

// ---- Sub-partners' logos (docs/product/partners-and-accounts.md#white-label-sub-partners): checked as the gallery's uploads, kept whole

/**
 * Checks and re-encodes a sub-partner's logo to a WebP without metadata that fits inside
 * LOGO_MAX_SIDE × LOGO_MAX_SIDE, never enlarged, its aspect and transparency kept (a logo is
 * drawn on the sign-in page's white tile, never cropped). Stored and served as any upload; a
 * refusal is a 422 and stores nothing. `owner` is part of the name: see logoMediaName.
 */
export async function storeSubpartnerLogo(
  db: Db,
  dirs: MediaDirs,
  owner: string,
  bytes: Buffer,
): Promise<string> {
  const image = await prepareUpload(bytes, { width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside' });
  const name = logoMediaName(owner, image.data);
  const file = path.join(dirs.uploads, name);
  if (!(await fileExists(file))) await writeAtomically(file, image.data, { durable: true });
  await insertUploadMedia(db, { name, bytes: image.data.length, width: image.width, height: image.height });
  return mediaUrl(name);
}

/** Removes a logo nobody shows any more (an address of this server's uploads; anything else is left alone). */
export const discardSubpartnerLogo = (db: Db, dirs: MediaDirs, url: string) =>
  discardProfilePicture(db, dirs, url);

// ---- Competitors

export const competitors = competitorNames;

/** The list as given, trimmed, with names that differ only in case or spacing kept once. */
export async function setCompetitors(db: Db, names: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, ' ');
    const key = name.toLocaleLowerCase('en');
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(name);
  }
  await replaceCompetitors(db, kept);
  return competitorNames(db);
}
