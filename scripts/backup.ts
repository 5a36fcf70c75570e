// `npm run backup [-- --out <folder>]`: a consistent copy of the portal's embedded database, taken
// while the portal serves, with the uploads and a manifest (time, schema version, checksums), as
// one folder `<folder>/portal-backup-<time>` (./backups by default). With DATABASE_URL it says how
// to use pg_dump instead; `--files-only` then copies DATA_DIR's files alone (docs/deployment.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { createBackup, pgInstructions } from './lib/backup';

/** The stored settings the portal generates, and the variables that replace them. */
const ENV_SECRETS: Record<string, string> = {
  public_client_token: 'PUBLIC_CLIENT_TOKEN',
  user_payload_key: 'USER_PAYLOAD_KEY',
  integrations_key: 'INTEGRATIONS_KEY',
};

const usage = 'usage: npm run backup [-- --out <folder>] [--files-only (PostgreSQL: DATA_DIR files only)]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { out: { type: 'string' }, 'files-only': { type: 'boolean' }, help: { type: 'boolean' } },
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
  const config = loadConfig();
  const filesOnly = args.values['files-only'] ?? false;
  if (config.databaseUrl && !filesOnly) {
    console.error(pgInstructions(config.dataDir));
    return 2;
  }
  if (!config.databaseUrl && filesOnly) {
    console.error(
      '--files-only is for a PostgreSQL portal: the embedded database and its files belong in one backup.',
    );
    return 2;
  }
  const outDir = path.resolve(args.values.out ?? 'backups');
  const { dir, manifest } = await createBackup({
    dataDir: config.dataDir,
    outDir,
    filesOnly,
    env: process.env,
    log: console.log,
  });
  const files = manifest.files.filter((f) => f.path.includes('/')).length;
  console.log(`Backup written to ${dir}`);
  if (manifest.database.dialect === 'sqlite') {
    const { schema_version, orders, partners } = manifest.database;
    console.log(
      `  database at migration ${schema_version}: ${partners} partners, ${orders} orders, as of ${manifest.created_at}`,
    );
    console.log(`  stored secrets: ${manifest.secrets.stored.join(', ') || 'none'}`);
  } else {
    console.log(
      `  files only, as of ${manifest.created_at}: back the database up with pg_dump (npm run backup without --files-only says how).`,
    );
  }
  console.log(
    `  ${files} files of ${config.dataDir} (uploads, instagram-media); left out: ${Object.keys(manifest.left_out).join(', ')}`,
  );
  for (const name of manifest.secrets.from_environment) {
    console.warn(
      `  ${name} is set in the environment, so it is not in this backup: the restored portal needs the same value.`,
    );
  }
  // Run from a shell without the portal's environment, the backup cannot tell a key the portal
  // takes from its environment from one it has not generated yet: say which are missing.
  const missing = Object.entries(ENV_SECRETS).filter(
    ([key, name]) =>
      !manifest.secrets.stored.includes(key) && !manifest.secrets.from_environment.includes(name),
  );
  if (manifest.database.dialect === 'sqlite' && missing.length > 0) {
    console.warn(
      `  Not in the database: ${missing.map(([, name]) => name).join(', ')}. If the portal sets them in its environment, keep those values with this backup; a portal started without them makes new ones (with a new INTEGRATIONS_KEY, connected accounts and staff two-factor sign-in must be set up again).`,
    );
  }
  console.log('  It holds password hashes, sealed tokens and their key: keep it as you keep the server.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `The backup failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
