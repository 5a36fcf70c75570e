// Builds the whole app in-process on a fresh database, for integration tests (no port).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../app';
import type { App, BuildOptions } from '../app';
import { loadConfig } from '../config';
import type { Config } from '../config';
import { createTestDatabase } from './db';
import type { TestDatabase } from './db';

export interface TestApp {
  app: App;
  database: TestDatabase;
  config: Config;
  dataDir: string;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function createTestApp(
  options: { env?: Record<string, string>; build?: Partial<Omit<BuildOptions, 'config' | 'database'>> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-data-'));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ...options.env });
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      callback();
    },
  });
  const app = await buildApp({
    config,
    database,
    webRoot: path.join(dataDir, 'no-web-build'),
    logStream: stream,
    ...options.build,
  });
  return {
    app,
    database,
    config,
    dataDir,
    logs,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
