// Backups of an embedded-database portal (docs/decisions/042): a folder holding a consistent copy
// of DATA_DIR/portal.db, the files of DATA_DIR that the database refers to, and a manifest with
// every file's checksum. Taken while the portal serves; restored only into a DATA_DIR no portal has
// open. PostgreSQL's data is backed up with pg_dump (pgInstructions): only its files come here.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { migrations } from '../../server/db/migrations';

export const MANIFEST = 'manifest.json';
export const DATABASE_FILE = 'portal.db';
/** What SQLite keeps beside the database: restoring next to an old one would mix them. */
const DATABASE_COMPANIONS = ['-wal', '-shm', '-journal'].map((suffix) => `${DATABASE_FILE}${suffix}`);

/**
 * The folders of DATA_DIR the database points into. Not media-cache (renditions, made again on
 * request; the artwork itself is a file of the release, in content/) nor outbox (mail already written out when no SMTP server is set).
 */
export const DATA_FOLDERS = ['uploads', 'instagram-media'] as const;
export const LEFT_OUT: Record<string, string> = {
  'media-cache': 'drawn again on first request',
  outbox: 'mail already written out as .eml files (no SMTP_URL)',
};

/** The program's generated secrets, kept in the settings table (decisions/003), so in the database copy. */
const STORED_SECRETS = ['public_client_token', 'user_payload_key', 'integrations_key', 'altcha_hmac_secret'];
/** A value set in the environment wins over the stored one: the backup cannot carry it. */
const SECRET_VARIABLES = ['PUBLIC_CLIENT_TOKEN', 'USER_PAYLOAD_KEY', 'INTEGRATIONS_KEY'];

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  kind: 'partner-portal-backup';
  format: 1;
  /** When the database copy began: everything committed before it is in the backup. */
  created_at: string;
  portal_version: string;
  database:
    | {
        dialect: 'sqlite';
        file: typeof DATABASE_FILE;
        schema_version: string;
        orders: number;
        partners: number;
      }
    | { dialect: 'postgres'; included: false };
  secrets: { stored: string[]; from_environment: string[] };
  left_out: Record<string, string>;
  files: ManifestFile[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PORTAL_VERSION: string = JSON.parse(
  fs.readFileSync(path.join(root, 'package.json'), 'utf8'),
).version;
const MIGRATION_NAMES = Object.keys(migrations);

export function pgInstructions(dataDir: string): string {
  return [
    "DATABASE_URL names PostgreSQL: its data is not a file this script can copy. Use PostgreSQL's own tools",
    '(pg_dump takes a consistent snapshot while the portal serves):',
    '',
    '  pg_dump --format=custom --file=portal-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"',
    '',
    'and, into an empty database, with every node stopped:',
    '',
    '  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" portal-<time>.dump',
    '',
    `The files under DATA_DIR (${path.join(dataDir, 'uploads')}, instagram-media) are not in the database:`,
    'after pg_dump, `npm run backup -- --files-only` copies them with a manifest (docs/deployment.md).',
  ].join('\n');
}

const sha256Of = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
};

async function fsyncPath(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Regular files of one folder of DATA_DIR, without the half-written `*.tmp` of a write in progress. */
async function folderFiles(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((e) => e.isFile() && !e.name.endsWith('.tmp')).map((e) => e.name);
}

/**
 * Copies the files of DATA_FOLDERS not copied yet. Names are content digests (a name always
 * holds the same bytes), so a file once copied never needs copying again; one removed meanwhile
 * is skipped.
 */
async function copyDataFolders(dataDir: string, target: string, copied: Set<string>): Promise<void> {
  for (const folder of DATA_FOLDERS) {
    await fsp.mkdir(path.join(target, folder), { recursive: true, mode: 0o700 });
    for (const name of await folderFiles(path.join(dataDir, folder))) {
      const relative = `${folder}/${name}`;
      if (copied.has(relative)) continue;
      try {
        await fsp.copyFile(path.join(dataDir, folder, name), path.join(target, relative));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      copied.add(relative);
    }
  }
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

export interface BackupOptions {
  dataDir: string;
  /** The folder the backup's own folder is made in. */
  outDir: string;
  /** Set when the database is PostgreSQL: only DATA_DIR's files are copied. */
  filesOnly?: boolean;
  /** The environment the portal runs with: which secrets it sets rather than stores. */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}

/** Writes one backup and answers its folder; it appears under its final name only once complete. */
export async function createBackup(options: BackupOptions): Promise<{ dir: string; manifest: Manifest }> {
  const { dataDir, filesOnly = false, env = {}, log = () => undefined } = options;
  const source = path.join(dataDir, DATABASE_FILE);
  if (!filesOnly && !fs.existsSync(source)) throw new Error(`No database at ${source}: is DATA_DIR right?`);
  await fsp.mkdir(options.outDir, { recursive: true });
  const name = `portal-backup-${stamp(new Date())}${filesOnly ? '-files' : ''}`;
  const dir = path.join(options.outDir, name);
  if (fs.existsSync(dir)) throw new Error(`${dir} exists already`);
  // Built under another name, renamed when complete: a backup cut short never looks whole.
  const partial = `${dir}.partial-${randomBytes(3).toString('hex')}`;
  // It holds password hashes, sealed tokens and the key that opens them: the owner's eyes only.
  await fsp.mkdir(partial, { mode: 0o700 });
  try {
    const copied = new Set<string>();
    // Files first, the database, then the files again: a file is written before the row naming
    // it commits and removed after that row is gone, so every file the copy names is either
    // caught by the first pass or was written before the copy began and is caught by the second.
    // Not caught: one written after the first pass and removed (replaced) before the second;
    // docs/deployment.md says so, and a grace period before removing replaced files would close it.
    await copyDataFolders(dataDir, partial, copied);
    const createdAt = new Date();
    let database: Manifest['database'] = { dialect: 'postgres', included: false };
    let stored: string[] = [];
    if (!filesOnly) {
      const copy = path.join(partial, DATABASE_FILE);
      const started = Date.now();
      // One read transaction over the whole file, in this process: in WAL mode the portal keeps
      // writing meanwhile. The backup API (db.backup) would restart at every commit the portal
      // makes and might never finish under steady traffic.
      const db = new Database(source, { fileMustExist: true, timeout: 5000 });
      try {
        db.prepare('VACUUM INTO ?').run(copy);
      } finally {
        db.close();
      }
      log(`database copied in ${Date.now() - started} ms`);
      const check = new Database(copy, { readonly: true });
      try {
        const verdict = check.pragma('quick_check', { simple: true });
        if (verdict !== 'ok')
          throw new Error(`The database copy fails SQLite's quick_check: ${String(verdict)}`);
        const last = check.prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1').get() as
          { name: string } | undefined;
        const count = (table: string) =>
          (check.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
        stored = (
          check
            .prepare(
              `SELECT key FROM settings WHERE key IN (${STORED_SECRETS.map(() => '?').join(', ')}) ORDER BY key`,
            )
            .all(...STORED_SECRETS) as { key: string }[]
        ).map((r) => r.key);
        database = {
          dialect: 'sqlite',
          file: DATABASE_FILE,
          schema_version: last?.name ?? '',
          orders: count('orders'),
          partners: count('partners'),
        };
      } finally {
        check.close();
      }
    }
    await copyDataFolders(dataDir, partial, copied);

    const files: ManifestFile[] = [];
    for (const relative of [...(filesOnly ? [] : [DATABASE_FILE]), ...[...copied].sort()]) {
      const file = path.join(partial, relative);
      await fsp.chmod(file, 0o600);
      await fsyncPath(file);
      files.push({ path: relative, bytes: (await fsp.stat(file)).size, sha256: await sha256Of(file) });
    }
    const manifest: Manifest = {
      kind: 'partner-portal-backup',
      format: 1,
      created_at: createdAt.toISOString(),
      portal_version: PORTAL_VERSION,
      database,
      secrets: { stored, from_environment: SECRET_VARIABLES.filter((v) => env[v]?.trim()) },
      left_out: LEFT_OUT,
      files,
    };
    await fsp.writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
      flush: true,
    });
    for (const folder of DATA_FOLDERS) await fsyncPath(path.join(partial, folder));
    await fsyncPath(partial);
    await fsp.rename(partial, dir);
    await fsyncPath(options.outDir);
    return { dir, manifest };
  } catch (error) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** Reads and checks a backup's manifest; refuses what this release cannot restore. */
export function readManifest(backupDir: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(backupDir, MANIFEST), 'utf8')) as Manifest;
  } catch (error) {
    throw new RestoreRefused(
      `${backupDir} holds no readable ${MANIFEST} (${(error as Error).message}): not a backup of npm run backup`,
    );
  }
  if (manifest.kind !== 'partner-portal-backup' || manifest.format !== 1 || !Array.isArray(manifest.files)) {
    throw new RestoreRefused(`${path.join(backupDir, MANIFEST)} is not a manifest this release knows`);
  }
  for (const file of manifest.files) {
    // Only names the backup itself writes: a manifest must not place files outside DATA_DIR.
    const [folder, name, ...rest] = file.path.split('/');
    const known =
      file.path === DATABASE_FILE ||
      (DATA_FOLDERS.includes(folder as (typeof DATA_FOLDERS)[number]) &&
        /^[\w.-]+$/.test(name ?? '') &&
        rest.length === 0);
    if (!known) throw new RestoreRefused(`The manifest names an unexpected file: ${file.path}`);
  }
  if (manifest.database.dialect === 'sqlite' && !MIGRATION_NAMES.includes(manifest.database.schema_version)) {
    throw new RestoreRefused(
      `The backup's database is at migration ${manifest.database.schema_version || '(none)'}, which this release (${PORTAL_VERSION}) does not know: restore it with the release that took it (${manifest.portal_version}) or a newer one`,
    );
  }
  return manifest;
}

/**
 * Whether a process (a portal, `npm run staff`, a backup) has the database open. A WAL connection
 * holds a shared lock on the file for as long as it is open, so an exclusive lock is refused at
 * once. Locks are the kernel's: this sees other containers on the same host, not other machines
 * mounting the same network share.
 */
export function databaseInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db?.close();
  }
}

const nonEmpty = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

export interface RestoreOptions {
  backupDir: string;
  dataDir: string;
  /** Replace existing data (moved aside, not deleted), even of a database that is open. */
  force?: boolean;
  /** Set when the portal is configured for PostgreSQL (DATABASE_URL). */
  postgres?: boolean;
  log?: (line: string) => void;
}

/** Puts a backup into DATA_DIR; answers where the data it replaced was moved, if any. */
export async function restoreBackup(
  options: RestoreOptions,
): Promise<{ manifest: Manifest; movedAside?: string }> {
  const { backupDir, dataDir, force = false, postgres = false, log = () => undefined } = options;
  const manifest = readManifest(backupDir);
  const withDatabase = manifest.database.dialect === 'sqlite';
  if (withDatabase && postgres) {
    throw new RestoreRefused(
      'This backup holds an SQLite database, but DATABASE_URL names PostgreSQL: the portal would not read it. Unset DATABASE_URL to restore it.',
    );
  }
  if (!withDatabase && !postgres) {
    throw new RestoreRefused(
      'This backup holds only the files of a PostgreSQL portal: restore its pg_dump with pg_restore and run this with that DATABASE_URL set.',
    );
  }

  const existing = [
    ...(withDatabase ? [DATABASE_FILE, ...DATABASE_COMPANIONS] : []).filter((name) =>
      fs.existsSync(path.join(dataDir, name)),
    ),
    ...DATA_FOLDERS.filter((folder) => nonEmpty(path.join(dataDir, folder))),
  ];
  const live = withDatabase && databaseInUse(path.join(dataDir, DATABASE_FILE));
  if (live && !force) {
    throw new RestoreRefused(
      `A process has ${path.join(dataDir, DATABASE_FILE)} open: a portal is running on this DATA_DIR. Stop it (and any npm run staff) first; --force restores anyway and leaves that process writing to the data moved aside.`,
    );
  }
  if (existing.length > 0 && !force) {
    throw new RestoreRefused(
      `${dataDir} already holds data (${existing.join(', ')}): restore into an empty DATA_DIR, or give --force to move it aside first.`,
    );
  }

  // Copied next to its place and checked there before anything is replaced: a bad backup, or a
  // disk that fails while copying, leaves DATA_DIR as it was.
  await fsp.mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  await fsp.mkdir(staging, { mode: 0o700 });
  let movedAside: string | undefined;
  try {
    for (const folder of DATA_FOLDERS) await fsp.mkdir(path.join(staging, folder), { recursive: true });
    const problems: string[] = [];
    for (const file of manifest.files) {
      const from = path.join(backupDir, file.path);
      const to = path.join(staging, file.path);
      try {
        await fsp.copyFile(from, to);
      } catch (error) {
        problems.push(
          `${file.path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (error as Error).message}`,
        );
        continue;
      }
      const bytes = (await fsp.stat(to)).size;
      if (bytes !== file.bytes)
        problems.push(`${file.path}: ${bytes} bytes, the manifest says ${file.bytes}`);
      else if ((await sha256Of(to)) !== file.sha256)
        problems.push(`${file.path}: its checksum differs from the manifest's`);
    }
    if (problems.length > 0) {
      throw new RestoreRefused(
        `The backup does not match its manifest; nothing was restored:\n  ${problems.slice(0, 20).join('\n  ')}${problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ''}`,
      );
    }
    for (const file of manifest.files) await fsyncPath(path.join(staging, file.path));
    log(`${manifest.files.length} files checked against the manifest`);

    if (existing.length > 0) {
      movedAside = path.join(dataDir, `replaced-${stamp(new Date())}-${randomBytes(2).toString('hex')}`);
      await fsp.mkdir(movedAside, { mode: 0o700 });
      for (const name of existing) await fsp.rename(path.join(dataDir, name), path.join(movedAside, name));
    }
    for (const folder of DATA_FOLDERS) {
      // An empty folder left by an earlier run is not data; the restored one takes its place.
      await fsp.rmdir(path.join(dataDir, folder)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await fsp.rename(path.join(staging, folder), path.join(dataDir, folder));
    }
    if (withDatabase) await fsp.rename(path.join(staging, DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
    await fsyncPath(dataDir);
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
  return { manifest, ...(movedAside ? { movedAside } : {}) };
}
