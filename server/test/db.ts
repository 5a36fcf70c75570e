// A fresh, migrated database for one test file, copied from the run's template:
// a file copy for SQLite, CREATE DATABASE ... TEMPLATE for PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openPostgres, openSqlite } from '../db';
import type { DatabaseHandle, Db } from '../db';
import { adminQuery, databaseUrl } from './postgres';

export interface TestDatabase extends DatabaseHandle {
  /** Set for PostgreSQL: the URL of this test's own database. */
  url?: string;
  /** Closes and deletes the database. */
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('dbTemplate');
  const name = `pp_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (template.kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-db-'));
    const file = path.join(dir, `${name}.db`);
    fs.copyFileSync(template.file, file);
    const handle = openSqlite(file);
    return {
      ...handle,
      async drop() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  await createFromTemplate(template.adminUrl, name, template.template);
  const url = databaseUrl(template.adminUrl, name);
  const handle = openPostgres(url, 5);
  return {
    ...handle,
    url,
    async drop() {
      await handle.close();
      // Closed connections can take a moment to leave the server; FORCE only if they linger.
      await adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS ${name}`).catch(() =>
        adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function createFromTemplate(adminUrl: string, name: string, templateName: string): Promise<void> {
  // Two files copying the template at the same instant can collide; a short retry settles it.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${templateName}`);
      return;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/**
 * Marker rows for tests of transaction machinery (group commit, the job queue): each unit of work
 * writes one settings row named by a key, and the test reads back which keys were committed.
 */
export const markerRows = {
  put: (db: Db, key: string) =>
    db.insertInto('settings').values({ key, value: key, updated_at: new Date().toISOString() }).execute(),
  async keys(db: Db, prefix: string): Promise<string[]> {
    const rows = await db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', `${prefix}%`)
      .orderBy('key')
      .execute();
    return rows.map((r) => r.key);
  },
};
