// Images the server serves at /api/media/{name}: uploads (checked by their bytes, re-encoded to
// WebP without metadata, kept under DATA_DIR/uploads) and the artwork the release ships as files
// under content/ (drawn by `npm run artwork`, never by the server, decisions/067). Narrower
// renditions of both are made on first request and kept under DATA_DIR/media-cache. sharp is
// loaded only when an image is actually made.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { makePrivateDir, writePrivateFile } from '../../private-files';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPLOAD_MAX_PIXELS, imageFormatOf } from '../../../common/uploads';
import { AppError, notFound } from '../../errors';
import { artworkPath } from './artwork-files';

/**
 * The renditions `?w=` may ask for: a grid thumbnail, a small screen, a product's picture on a
 * phone of two device pixels per CSS pixel (18rem: 576 px), full phone width.
 */
export const MEDIA_WIDTHS = [240, 480, 720, 1080] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

// The limits and the magic bytes are common/uploads.ts, which the browser also says before sending.
export { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '../../../common/uploads';
/** Stored uploads are at most this wide or tall: more than any feed shows, and within WebP's 16,383. */
const UPLOAD_MAX_SIDE = 4096;

/** Names are a digest and `.webp`; nothing else is ever looked up on disk. */
export const MEDIA_NAME = /^[a-f0-9]{32}\.webp$/;

const digest = (data: string | Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 32);

/** An upload is named by its content: the same bytes, the same address. */
export const uploadMediaName = (data: Buffer) => `${digest(data)}.webp`;

/**
 * A partner's picture is named by its content and its owner: no two partners (and no gallery
 * image) ever share one file, so replacing or removing it never breaks someone else's.
 */
export const profilePictureMediaName = (owner: string, data: Buffer) =>
  `${digest(Buffer.concat([Buffer.from(`profile-picture\n${owner}\n`), data]))}.webp`;

/**
 * A sub-partner's logo is named by its content and its owner, as a profile picture is: replacing
 * or removing one sub-partner's logo never takes away a file another one (or the gallery) shows.
 */
export const logoMediaName = (owner: string, data: Buffer) =>
  `${digest(Buffer.concat([Buffer.from(`logo\n${owner}\n`), data]))}.webp`;

/**
 * A piece of artwork is named by its ref and its file's bytes: answers are cached as immutable,
 * and a release whose file differs gives it a new address; every start names it the same.
 */
export const artworkMediaName = (ref: string, data: Buffer) =>
  `${digest(Buffer.concat([Buffer.from(`artwork\n${ref}\n`), data]))}.webp`;

/** The nearest folder with package.json: above server/modules/content (sources, tests) and dist/server (the compiled server) alike. */
export function repositoryRoot(start = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('package.json not found above the server');
  }
}

export interface MediaDirs {
  uploads: string;
  cache: string;
  /** The release's content/ folder, which holds the artwork's files. */
  content: string;
}

let releaseContent: string | undefined;
/** The repository's content/, found once. */
const releaseContentDir = () => (releaseContent ??= path.join(repositoryRoot(), 'content'));

export const mediaDirs = (dataDir: string, contentDir = releaseContentDir()): MediaDirs => ({
  uploads: path.join(dataDir, 'uploads'),
  cache: path.join(dataDir, 'media-cache'),
  content: contentDir,
});

/** Writes a whole file or nothing: readers (and other nodes sharing the folder) never see half of one. */
export async function writeAtomically(
  file: string,
  data: Buffer,
  options: { durable?: boolean } = {},
): Promise<void> {
  await makePrivateDir(path.dirname(file));
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writePrivateFile(temporary, data, { flush: options.durable ?? false });
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

export const fileExists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

const loadSharp = async () => (await import('sharp')).default;

// The artwork files this process found to be the bytes their names say, by content folder and name.
const checkedArtwork = new Map<string, string>();

/**
 * The artwork's file under content/, once its bytes are found to give the row's name: a name an
 * older release gave (or a newer one, while nodes of two releases share a database) is a 404,
 * never another picture under an immutable address. Checked once per process and file.
 */
async function artworkFile(contentDir: string, media: MediaRecord): Promise<string> {
  const key = `${contentDir}\n${media.name}`;
  const known = checkedArtwork.get(key);
  if (known) return known;
  const relative = media.artwork_ref ? artworkPath(media.artwork_ref) : null;
  if (!relative) throw notFound();
  const file = path.join(contentDir, ...relative.split('/'));
  const data = await fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw notFound();
    throw error;
  });
  if (artworkMediaName(media.artwork_ref!, data) !== media.name) throw notFound();
  checkedArtwork.set(key, file);
  return file;
}

// Two requests for the same missing file make it once.
const making = new Map<string, Promise<void>>();

/** Makes `file` with `make` unless it exists; concurrent callers in this process share one making. */
async function ensureFile(file: string, make: () => Promise<Buffer>, durable = false): Promise<void> {
  if (await fileExists(file)) return;
  let pending = making.get(file);
  if (!pending) {
    pending = (async () => writeAtomically(file, await make(), { durable }))().finally(() =>
      making.delete(file),
    );
    making.set(file, pending);
  }
  await pending;
}

export interface MediaRecord {
  name: string;
  kind: 'upload' | 'artwork';
  artwork_ref: string | null;
  width: number;
}

/** Where the full image lies: an upload under DATA_DIR/uploads, artwork under content/. */
export async function fullImageFile(dirs: MediaDirs, media: MediaRecord): Promise<string> {
  if (media.kind === 'upload') return path.join(dirs.uploads, media.name);
  return artworkFile(dirs.content, media);
}

/** Where the rendition `width` pixels wide lies, made first if needed (the full image when it is no wider). */
export async function renditionFile(dirs: MediaDirs, media: MediaRecord, width: MediaWidth): Promise<string> {
  if (width >= media.width) return fullImageFile(dirs, media);
  const file = path.join(dirs.cache, `w${width}`, media.name);
  // The full image is found (and artwork checked) before anything is made from it.
  const original = await fullImageFile(dirs, media);
  await ensureFile(file, async () => {
    const sharp = await loadSharp();
    return sharp(await fs.readFile(original))
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  });
  return file;
}

/**
 * The formats an image is served in (`?format=`): WebP, as stored, and JPEG for the apps and
 * editors that take no WebP (docs/product/content.md#grab-and-go).
 */
export const MEDIA_FORMATS = ['webp', 'jpeg'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
export const MEDIA_TYPES: Record<MediaFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };

/** A media name's JPEG file name: the digest and `.jpg`. */
export const jpegNameOf = (name: string) => name.replace(/\.webp$/, '.jpg');

/** The folder under DATA_DIR/media-cache that keeps the JPEG copies, of the full image or of a width. */
const jpegFolder = (dirs: MediaDirs, width?: MediaWidth) =>
  path.join(dirs.cache, width ? `jpeg-w${width}` : 'jpeg');

/**
 * Where the JPEG copy of an image (full size, or the rendition `width` wide) lies, made first if
 * needed from the WebP and kept beside the renditions: converted once, read from disk after.
 * Transparency (a logo, some artwork) is laid on white, since JPEG has none.
 */
export async function jpegFile(dirs: MediaDirs, media: MediaRecord, width?: MediaWidth): Promise<string> {
  const source = width ? await renditionFile(dirs, media, width) : await fullImageFile(dirs, media);
  const file = path.join(
    jpegFolder(dirs, width && width < media.width ? width : undefined),
    jpegNameOf(media.name),
  );
  await ensureFile(file, async () => {
    const sharp = await loadSharp();
    return sharp(await fs.readFile(source))
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
  });
  return file;
}

/** Removes an upload's file and every rendition and JPEG copy made of it. */
export async function removeMediaFiles(dirs: MediaDirs, name: string): Promise<void> {
  await fs.rm(path.join(dirs.uploads, name), { force: true });
  await fs.rm(path.join(jpegFolder(dirs), jpegNameOf(name)), { force: true });
  for (const width of MEDIA_WIDTHS) {
    await fs.rm(path.join(dirs.cache, `w${width}`, name), { force: true });
    await fs.rm(path.join(jpegFolder(dirs, width), jpegNameOf(name)), { force: true });
  }
}

// ---- Uploads (docs/product/content.md#staff-edits): judged by their bytes, never by a name or a declared type.

export const sniffImage = (bytes: Buffer) => imageFormatOf(bytes);

export interface PreparedUpload {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * What the upload becomes once checked: `inside` keeps the whole image within the box, never
 * enlarged (the gallery); `cover` fills the box exactly, cropping the centre (a profile picture).
 */
export interface UploadShape {
  width: number;
  height: number;
  fit: 'inside' | 'cover';
}
const GALLERY_SHAPE: UploadShape = { width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: 'inside' };

/**
 * Checks an uploaded image and re-encodes it: a JPEG, PNG or WebP by its magic bytes, whose
 * header sharp reads as that same format, at most 40 megapixels, decoding without error. The
 * result is a WebP turned upright by its EXIF orientation, with no metadata (sharp keeps none
 * unless asked), shaped as `shape` says. Anything else is a 422 and nothing is kept.
 */
export async function prepareUpload(
  bytes: Buffer,
  shape: UploadShape = GALLERY_SHAPE,
): Promise<PreparedUpload> {
  const format = sniffImage(bytes);
  if (!format) throw new AppError(422, 'content.upload_not_image');
  const sharp = await loadSharp();
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' as const };
  let header: { format?: string; width?: number; height?: number };
  try {
    // The header only: the pixel count is known before anything is decoded.
    header = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(422, 'content.upload_unreadable');
  }
  if (header.format !== format || !header.width || !header.height)
    throw new AppError(422, 'content.upload_not_image');
  if (header.width * header.height > UPLOAD_MAX_PIXELS)
    throw new AppError(422, 'content.upload_too_many_pixels');
  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({
        width: shape.width,
        height: shape.height,
        fit: shape.fit,
        withoutEnlargement: shape.fit === 'inside',
      })
      .webp({ quality: 86 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new AppError(422, 'content.upload_unreadable');
  }
}
