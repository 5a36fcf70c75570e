// Runs once per `vitest run`: migrates a template database that every test file copies.
// SQLite by default; PostgreSQL when TEST_DATABASE_URL names a server (the CI runs both).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openPostgres, openSqlite } from '../db';
import { adminQuery, databaseUrl } from './postgres';

export type DbTemplate =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // A name of this run's own: never assume what a previous run left.
    const template = `pp_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
    const handle = openPostgres(databaseUrl(adminUrl, template), 1);
    await migrateToLatest(handle.db);
    await handle.close();
    project.provide('dbTemplate', { kind: 'postgres', adminUrl, template });
    return async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-test-'));
  const file = path.join(dir, 'template.db');
  const handle = openSqlite(file);
  await migrateToLatest(handle.db);
  await handle.close();
  project.provide('dbTemplate', { kind: 'sqlite', file });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
