// `npm run backup` and `npm run restore` on real files: a backup taken by its own process while
// the portal takes a burst of signed Shopify orders restores into a fresh DATA_DIR as a working
// portal holding every order acknowledged before the backup began, with its ledger's running
// totals equal to the ledger itself, its uploads and its stored secrets. Always the embedded
// database (what these scripts copy); with DATABASE_URL they must say to use pg_dump instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app';
import type { App } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDatabase, openSqlite } from '../server/db';
import type { DatabaseHandle, Db } from '../server/db';
import { signShopifyBody } from '../server/integrations/shopify/webhooks';
import { rebuildLedgerStats } from '../server/modules/ledger/service';
import { DEMO_PARTNER, DEMO_PROMO_CODE, seedDemoProgram } from '../server/seed/demo';
import { shopifyOrderPayload } from '../server/test/shopify';
import { DATA_FOLDERS, MANIFEST, createBackup, restoreBackup } from './lib/backup';
import type { Manifest } from './lib/backup';

const SECRET = 'backup-test-webhook-secret';
const SECRET_KEYS = ['public_client_token', 'user_payload_key', 'integrations_key', 'altcha_hmac_secret'];

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const portals: Portal[] = [];
afterAll(async () => {
  for (const portal of portals) await portal.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Portal {
  app: App;
  database: DatabaseHandle;
  base: string;
  close(): Promise<void>;
}

// A migrated database with the demo program (no year of sales), made once and copied: migrating
// statement by statement with every commit on disk takes seconds on a busy disk.
let template: string;
beforeAll(async () => {
  template = path.join(tempDir('pp-backup-template-'), 'portal.db');
  const handle = openSqlite(template);
  await sql`PRAGMA synchronous = OFF`.execute(handle.db);
  await migrateToLatest(handle.db);
  await seedDemoProgram(handle.db, { sales: false });
  await handle.close();
});

/** A DATA_DIR holding a copy of the template. */
function dataDirWithDatabase(prefix: string): string {
  const dir = tempDir(prefix);
  fs.copyFileSync(template, path.join(dir, 'portal.db'));
  return dir;
}

/** The portal as main.ts starts it, on DATA_DIR/portal.db, serving on a port of 127.0.0.1. */
async function startPortal(dataDir: string): Promise<Portal> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SHOPIFY_WEBHOOK_SECRET: SECRET,
    RATE_LIMIT_API: '100000',
  });
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  await seedDemoProgram(database.db, { sales: false });
  const app = await buildApp({
    config,
    database,
    background: true,
    webRoot: path.join(dataDir, 'no-web-build'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  let closed = false;
  const portal: Portal = {
    app,
    database,
    base: `http://127.0.0.1:${port}`,
    async close() {
      if (closed) return;
      closed = true;
      // Every request of this test has been answered and read by now; a keep-alive connection
      // whose last request finished a moment ago may not count as idle yet, and would hold the
      // close for the keep-alive timeout (72 s).
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await database.close();
    },
  };
  portals.push(portal);
  return portal;
}

/** Runs a script as `npm run` does, without blocking this process (the portal here keeps serving). */
function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/tsx'), [script, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

const settingsOf = async (db: Db) =>
  Object.fromEntries(
    (await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', SECRET_KEYS).execute()).map(
      (r) => [r.key, r.value],
    ),
  );

/** The running totals (decisions/009, 037) as stored: compared with what the ledger itself gives. */
async function runningTotals(db: Db) {
  const nonZero = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.filter((r) =>
      Object.entries(r).some(([k, v]) => typeof v === 'number' && v !== 0 && !k.endsWith('_id')),
    );
  return {
    sales: nonZero(
      await db
        .selectFrom('partner_sales_stats')
        .selectAll()
        .orderBy('partner_id')
        .orderBy('period')
        .orderBy('start')
        .orderBy('geo')
        .execute(),
    ),
    earnings: nonZero(
      await db
        .selectFrom('partner_earning_stats')
        .selectAll()
        .orderBy('partner_id')
        .orderBy('month')
        .orderBy('kind')
        .orderBy('status')
        .execute(),
    ),
    counted: await db
      .selectFrom('orders')
      .select(['id', 'counted_orders', 'counted_sales_cents', 'counted_commission_cents'])
      .orderBy('id')
      .execute(),
    partners: await db
      .selectFrom('partners')
      .select(['id', 'total_sales_cents', 'total_earned_cents', 'verified_sales'])
      .orderBy('id')
      .execute(),
    programMonths: await db
      .selectFrom('program_month_stats')
      .select(['month', 'orders', 'sales_cents', 'commission_cents'])
      .orderBy('month')
      .execute(),
    programEarnings: nonZero(
      await db
        .selectFrom('program_earning_stats')
        .selectAll()
        .orderBy('month')
        .orderBy('kind')
        .orderBy('status')
        .execute(),
    ),
  };
}

const picture = async () =>
  new Uint8Array(
    await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 250, g: 180, b: 40 } } })
      .png()
      .toBuffer(),
  );

describe('npm run backup and npm run restore', () => {
  it(
    'restore a backup taken during a webhook burst to a working portal with every order acknowledged before it',
    { timeout: 60_000 },
    async () => {
      const dataDir = dataDirWithDatabase('pp-backup-live-');
      const live = await startPortal(dataDir);
      const client = (await settingsOf(live.database.db)).public_client_token!;
      const json = { 'content-type': 'application/json', authorization: `Bearer ${client}` };

      // A profile picture: an upload the backup must carry with the database row naming it.
      const signIn = async (base: string) => {
        const res = await fetch(`${base}/api/auth/get_token`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify(DEMO_PARTNER),
        });
        return { status: res.status, token: res.ok ? ((await res.json()) as { token: string }).token : '' };
      };
      const { token } = await signIn(live.base);
      const form = new FormData();
      form.append('picture', new Blob([await picture()], { type: 'image/png' }), 'me.png');
      const uploaded = await fetch(`${live.base}/api/set_avatar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(uploaded.status).toBe(200);
      await uploaded.arrayBuffer();
      const pictureUrl = (
        await live.database.db
          .selectFrom('partners')
          .select('user_picture')
          .where('email', '=', DEMO_PARTNER.email)
          .executeTakeFirstOrThrow()
      ).user_picture!;
      expect(pictureUrl).toMatch(/^\/api\/media\/[a-f0-9]{32}\.webp$/);

      // The burst: signed orders/paid deliveries from 16 senders at once, until told to stop.
      const acknowledged = new Map<number, number>();
      let refused = 0;
      let stop = false;
      let nextId = 7_300_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
      const sender = async () => {
        while (!stop) {
          const id = nextId++;
          const body = JSON.stringify(
            shopifyOrderPayload({ id, code: DEMO_PROMO_CODE, items: [['ACV Gummies', 1 + (id % 3), 2500]] }),
          );
          const res = await fetch(`${live.base}/api/webhooks/shopify`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-shopify-topic': 'orders/paid',
              'x-shopify-shop-domain': 'sunbite.myshopify.com',
              'x-shopify-webhook-id': `backup-test-${id}`,
              'x-shopify-hmac-sha256': signShopifyBody(body, SECRET),
            },
            body,
          });
          await res.arrayBuffer();
          if (res.ok) acknowledged.set(id, performance.now());
          else refused++;
        }
      };
      const senders = Array.from({ length: 16 }, sender);
      while (acknowledged.size < 100) await new Promise((r) => setTimeout(r, 10));

      const backups = tempDir('pp-backups-');
      const backupBegan = performance.now();
      const before = [...acknowledged.keys()];
      const backup = await runScript('scripts/backup.ts', ['--out', backups], { DATA_DIR: dataDir });
      const backupEnded = performance.now();
      await new Promise((r) => setTimeout(r, 200));
      stop = true;
      await Promise.all(senders);
      expect(backup.status, backup.stderr).toBe(0);
      expect(refused).toBe(0);
      // The portal kept answering while the backup ran: it was taken online.
      const duringBackup = [...acknowledged.values()].filter(
        (at) => at > backupBegan && at < backupEnded,
      ).length;
      expect(duringBackup).toBeGreaterThan(10);

      const [name] = fs.readdirSync(backups);
      const backupDir = path.join(backups, name!);
      expect(name).toMatch(/^portal-backup-\d{8}T\d{6}Z$/);
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, MANIFEST), 'utf8')) as Manifest;
      expect(manifest.database).toMatchObject({
        dialect: 'sqlite',
        file: 'portal.db',
        schema_version: expect.stringMatching(/^\d{3}-/),
      });
      expect(manifest.secrets.stored).toEqual([...SECRET_KEYS].sort());
      expect(manifest.files.map((f) => f.path)).toEqual(
        expect.arrayContaining(['portal.db', `uploads/${path.basename(pictureUrl)}`]),
      );
      expect(manifest.files.every((f) => /^[a-f0-9]{64}$/.test(f.sha256))).toBe(true);
      expect(Object.keys(manifest.left_out)).toEqual(['media-cache', 'outbox']);

      // Not over the portal that is running, which still has its database open.
      await expect(restoreBackup({ backupDir, dataDir })).rejects.toThrow(
        /a portal is running on this DATA_DIR/,
      );

      const restoredDir = tempDir('pp-backup-restored-');
      const restore = await runScript('scripts/restore.ts', [backupDir], { DATA_DIR: restoredDir });
      expect(restore.status, restore.stderr).toBe(0);
      expect(fs.readdirSync(restoredDir).sort()).toEqual(['portal.db', ...DATA_FOLDERS].sort());

      const restored = await startPortal(restoredDir);
      const db = restored.database.db;
      const present = new Set<string>();
      for (let i = 0; i < before.length; i += 500) {
        const slice = before.slice(i, i + 500).map(String);
        for (const row of await db
          .selectFrom('orders')
          .select('shopify_order_id')
          .where('shopify_order_id', 'in', slice)
          .execute())
          present.add(row.shopify_order_id);
      }
      expect(before.filter((id) => !present.has(String(id)))).toEqual([]);
      // Each order came with its earning, and the running totals equal the ledger recomputed.
      const earned = await db
        .selectFrom('earnings')
        .innerJoin('orders', 'orders.id', 'earnings.order_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('earnings.kind', '=', 'sale')
        .where('orders.shopify_order_id', 'in', before.slice(0, 500).map(String))
        .executeTakeFirstOrThrow();
      expect(Number(earned.n)).toBe(Math.min(500, before.length));
      const kept = await runningTotals(db);
      expect(kept.counted.length).toBe(
        Number(
          (
            await db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
      await db.transaction().execute((trx) => rebuildLedgerStats(trx));
      expect(await runningTotals(db)).toEqual(kept);

      // The stored secrets came along: the old public client credential still opens the API, and
      // the restored portal signs the demo partner in and serves her picture.
      expect(await settingsOf(db)).toEqual(await settingsOf(live.database.db));
      expect((await signIn(restored.base)).status).toBe(200);
      const served = await fetch(`${restored.base}${pictureUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      // Read whole: a body left unread keeps its connection busy, and the portal's close waits for it.
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');

      await live.close();
      await restored.close();
    },
  );

  it('refuses a backup whose files differ from its manifest, and data already in DATA_DIR without --force', async () => {
    const dataDir = dataDirWithDatabase('pp-backup-small-');
    fs.mkdirSync(path.join(dataDir, 'uploads'));
    fs.writeFileSync(path.join(dataDir, 'uploads', `${'a'.repeat(32)}.webp`), 'not really a picture');
    // A write in progress is not part of any backup.
    fs.writeFileSync(path.join(dataDir, 'uploads', `${'b'.repeat(32)}.webp.1234.tmp`), 'half');
    const { dir: backupDir, manifest } = await createBackup({ dataDir, outDir: tempDir('pp-backups-') });
    expect(manifest.files.map((f) => f.path)).toEqual(['portal.db', `uploads/${'a'.repeat(32)}.webp`]);

    // Into the DATA_DIR it came from (nothing has it open now): it holds data, so --force is
    // needed, and what was there is moved aside, not deleted.
    await expect(restoreBackup({ backupDir, dataDir })).rejects.toThrow(
      /already holds data \(portal\.db, uploads\)/,
    );
    const { movedAside } = await restoreBackup({ backupDir, dataDir, force: true });
    expect(fs.readdirSync(movedAside!).sort()).toEqual(['portal.db', 'uploads']);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', `${'a'.repeat(32)}.webp`), 'utf8')).toBe(
      'not really a picture',
    );

    // A manifest from a newer release, or one naming files outside DATA_DIR's folders, is refused.
    const manifestFile = path.join(backupDir, MANIFEST);
    const original = fs.readFileSync(manifestFile, 'utf8');
    fs.writeFileSync(
      manifestFile,
      original.replace(
        manifest.database.dialect === 'sqlite' ? manifest.database.schema_version : '',
        '999-from-the-future',
      ),
    );
    await expect(restoreBackup({ backupDir, dataDir: tempDir('pp-backup-bad-') })).rejects.toThrow(
      /at migration 999-from-the-future, which this release/,
    );
    fs.writeFileSync(manifestFile, original.replace(`"uploads/${'a'.repeat(32)}.webp"`, '"../outside.webp"'));
    await expect(restoreBackup({ backupDir, dataDir: tempDir('pp-backup-bad-') })).rejects.toThrow(
      /unexpected file: \.\.\/outside\.webp/,
    );
    fs.writeFileSync(manifestFile, original);

    // One byte changed in the database copy: nothing is restored.
    const file = path.join(backupDir, 'portal.db');
    const bytes = fs.readFileSync(file);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    fs.writeFileSync(file, bytes);
    const target = tempDir('pp-backup-bad-');
    const bad = await runScript('scripts/restore.ts', [backupDir], { DATA_DIR: target });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/does not match its manifest[\s\S]*portal\.db: its checksum differs/);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it("copies only DATA_DIR's files for a PostgreSQL portal, and puts them back only there", async () => {
    const dataDir = tempDir('pp-backup-files-');
    fs.mkdirSync(path.join(dataDir, 'instagram-media'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'instagram-media', `${'c'.repeat(32)}.webp`), 'a thumbnail');
    const { dir, manifest } = await createBackup({
      dataDir,
      outDir: tempDir('pp-backups-'),
      filesOnly: true,
      env: { INTEGRATIONS_KEY: 'set' },
    });
    expect(path.basename(dir)).toMatch(/^portal-backup-\d{8}T\d{6}Z-files$/);
    expect(manifest.database).toEqual({ dialect: 'postgres', included: false });
    expect(manifest.secrets).toEqual({ stored: [], from_environment: ['INTEGRATIONS_KEY'] });
    expect(manifest.files.map((f) => f.path)).toEqual([`instagram-media/${'c'.repeat(32)}.webp`]);
    await expect(restoreBackup({ backupDir: dir, dataDir: tempDir('pp-backup-files-') })).rejects.toThrow(
      /only the files of a PostgreSQL portal/,
    );
    const target = tempDir('pp-backup-files-');
    await restoreBackup({ backupDir: dir, dataDir: target, postgres: true });
    expect(fs.readFileSync(path.join(target, 'instagram-media', `${'c'.repeat(32)}.webp`), 'utf8')).toBe(
      'a thumbnail',
    );
  });

  it('says to use pg_dump for PostgreSQL instead of pretending to back it up', async () => {
    const out = tempDir('pp-backups-pg-');
    const pg = await runScript('scripts/backup.ts', ['--out', out], {
      DATA_DIR: tempDir('pp-backup-pg-'),
      DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal',
    });
    expect(pg.status).toBe(2);
    expect(pg.stderr).toMatch(/pg_dump --format=custom/);
    expect(pg.stderr).toMatch(/pg_restore/);
    expect(fs.readdirSync(out)).toEqual([]);
  });
});
