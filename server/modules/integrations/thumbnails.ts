// The top posts' pictures, kept by the portal: Instagram's addresses are signed and expire, its
// CDN refuses to be embedded by other sites, and a partner's browser should not call Meta to show
// a dashboard. So the sync downloads each top post's picture once, re-encodes it as a small WebP
// (nothing of the original file kept) under DATA_DIR/instagram-media, and the portal serves it.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { makePrivateDir, writePrivateFile } from '../../private-files';
import path from 'node:path';
import { imageFormatOf } from '../../../common/uploads';

export const THUMBNAIL_NAME = /^[a-f0-9]{32}\.webp$/;
const THUMBNAIL_SIDE = 480;
const MAX_DOWNLOAD_BYTES = 8 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;

export const thumbnailDir = (dataDir: string) => path.join(dataDir, 'instagram-media');

/**
 * Where Meta serves pictures from: Instagram's and Facebook's CDNs. Nothing else is fetched (a
 * provider's answer is not trusted to name an address inside our network), except the origins of
 * a configured local stand-in.
 */
const PROVIDER_HOSTS = ['cdninstagram.com', 'fbcdn.net', 'fbsbx.com'];
const MAX_REDIRECTS = 3;

function allowed(url: URL, trustedOrigins: string[]): boolean {
  if (trustedOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return PROVIDER_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/** Follows at most a few redirects by hand, each hop checked as the first one was. */
async function fetchPicture(source: URL, trustedOrigins: string[]): Promise<Response | null> {
  let url = source;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!allowed(url, trustedOrigins)) return null;
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'manual' });
    if (res.status < 300 || res.status >= 400) return res;
    const location = res.headers.get('location');
    await res.body?.cancel();
    if (!location) return null;
    url = new URL(location, url);
  }
  return null;
}

/** Reads a body up to `limit` bytes; more is refused rather than held in memory. */
async function readCapped(res: Response, limit: number): Promise<Buffer | null> {
  if (Number(res.headers.get('content-length') ?? 0) > limit) return null;
  const reader = res.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Downloads `url` from Meta's CDN (or a configured stand-in) and keeps it as a square WebP named
 * by its content and its owner (no two partners ever share a file, so removing one's never breaks
 * another's); answers its name, or null when it could not be had (the tile then shows without a
 * picture and the next sync tries again).
 */
export async function keepThumbnail(
  dir: string,
  url: string,
  trustedOrigins: string[],
  owner: number,
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  try {
    const res = await fetchPicture(parsed, trustedOrigins);
    if (!res?.ok) return null;
    const bytes = await readCapped(res, MAX_DOWNLOAD_BYTES);
    // Judged by its bytes before anything decodes it: a JPEG, PNG or WebP, as uploads are.
    if (!bytes || !imageFormatOf(bytes)) return null;
    const sharp = (await import('sharp')).default;
    const data = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'cover' })
      .webp({ quality: 78 })
      .toBuffer();
    const name = `${createHash('sha256').update(`${owner}\n`).update(data).digest('hex').slice(0, 32)}.webp`;
    const file = path.join(dir, name);
    await makePrivateDir(dir);
    const temporary = `${file}.${process.pid}.tmp`;
    await writePrivateFile(temporary, data);
    await fs.rename(temporary, file);
    return name;
  } catch {
    return null;
  }
}

export const thumbnailExists = (dir: string, name: string) =>
  fs.access(path.join(dir, name)).then(
    () => true,
    () => false,
  );

export async function removeThumbnails(dir: string, names: Iterable<string>): Promise<void> {
  for (const name of names) if (THUMBNAIL_NAME.test(name)) await fs.rm(path.join(dir, name), { force: true });
}
