// The process: read the configuration, open and migrate the database, seed the demo
// program when asked, listen, and shut down gracefully on SIGINT/SIGTERM.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { migrateToLatest, openDatabase, underStartupLock } from './db';
import { applyConfiguredCurrency } from './modules/settings/currency';
import { DEMO_MANAGER, DEMO_REVIEWER, seedDemoProgram } from './seed/demo';
import { bootstrapFirstAdmin } from './modules/staff/service';
import { seedContent } from './modules/content/service';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase(config);
  // One node at a time migrates and seeds; the others wait, then find it done (decisions/043).
  const { admin, seed, content } = await underStartupLock(config.databaseUrl, async () => {
    await migrateToLatest(database.db);
    const admin = await bootstrapFirstAdmin(database.db, config.staffBootstrap);
    // Before the demo is seeded: its store sells in the program's currency.
    await applyConfiguredCurrency(database.db, config.programCurrency);
    // The demo is seeded before the background work starts: its year of sales is written alone.
    const seed = config.seedDemo ? await seedDemoProgram(database.db, { sales: true }) : { seeded: false };
    // The release's talking points, pages, artwork and gallery, at every start; staff edits stay (decisions/021, 067).
    const content = await seedContent(database.db);
    return { admin, seed, content };
  });
  const app = await buildApp({ config, database, background: true });
  app.addHook('onClose', () => database.close());
  for (const problem of content.problems)
    app.log.error(problem, 'a content file of this release was not used');
  if (admin) app.log.info({ email: admin.email }, 'created the first staff admin from STAFF_BOOTSTRAP_EMAIL');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Sunbite Partners is running at ${config.publicUrl}`,
    `  database: ${database.dialect}${database.dialect === 'sqlite' ? ` (${config.dataDir}/portal.db)` : ''}`,
    `  mail: ${config.mail.smtpUrl ? 'SMTP' : `written to ${config.dataDir}/outbox/`}`,
  ];
  if ('partner' in seed && seed.partner && seed.staff) {
    lines.push(
      '',
      '  Demo program seeded. Sign in with:',
      `    partner  ${config.publicUrl}/login          ${seed.partner.email} / ${seed.partner.password}`,
      `    staff    ${config.publicUrl}/manager/login  ${seed.staff.email} / ${seed.staff.password} (admin)`,
      `             reviewer ${DEMO_REVIEWER.email} / ${DEMO_REVIEWER.password}, manager ${DEMO_MANAGER.email} / ${DEMO_MANAGER.password}`,
      `    white-label page: ${config.publicUrl}/${seed.subpartner}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
