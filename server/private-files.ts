// What the portal writes under DATA_DIR is its owner's alone (issue 31 item 9): the database,
// the mail outbox (its mails hold reset links), uploads and the media caches. Folders are made
// 0700 and files 0600, as the backups are (scripts/lib/backup.ts); a umask can only take bits
// away from these, never add any.
import fs from 'node:fs';
import fsp from 'node:fs/promises';

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Makes a folder (and those above it that are missing) owner-only. */
export async function makePrivateDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
}

export function makePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
}

/** Writes a file only its owner reads. */
export async function writePrivateFile(
  file: string,
  data: Buffer | string,
  options: { flush?: boolean } = {},
): Promise<void> {
  await fsp.writeFile(file, data, { mode: PRIVATE_FILE, flush: options.flush ?? false });
}
