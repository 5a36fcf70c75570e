// `npm run restore -- <backup folder> [--force]`: puts a backup of `npm run backup` into DATA_DIR,
// after checking every file against the manifest's checksums. Refuses a DATA_DIR a running
// portal has open, or that holds data, unless --force (the data found is moved aside, never
// deleted). Start the portal afterwards: migrations newer than the backup apply on start.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { RestoreRefused, restoreBackup } from './lib/backup';

const usage = 'usage: npm run restore -- <backup folder> [--force]   (into DATA_DIR, ./data by default)';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (args.values.help) {
    console.log(usage);
    return 0;
  }
  if (args.positionals.length !== 1) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const backupDir = path.resolve(args.positionals[0]!);
  try {
    const { manifest, movedAside } = await restoreBackup({
      backupDir,
      dataDir: config.dataDir,
      force: args.values.force ?? false,
      postgres: Boolean(config.databaseUrl),
      log: console.log,
    });
    if (movedAside) console.log(`The data that was there is in ${movedAside}`);
    console.log(
      `Restored ${backupDir} (taken ${manifest.created_at} by release ${manifest.portal_version}) into ${config.dataDir}`,
    );
    if (manifest.database.dialect === 'postgres') {
      console.log(
        'Only files were restored: restore the database with pg_restore (docs/deployment.md) before starting the portal.',
      );
    }
    for (const name of manifest.secrets.from_environment) {
      console.warn(
        `${name} was set in the environment when the backup was taken: start the portal with the same value.`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`Not restored: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `The restore failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
