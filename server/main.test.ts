// The real process, as production runs it (the compiled server): configuration errors stop it with
// a message, and it shuts down cleanly. The server is compiled here, with the build's own function,
// since the suite runs before `npm run build` (and dist/ may be older than the sources).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildServer } from '../scripts/build-server.mjs';
import { adminQuery, databaseUrl } from './test/postgres';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// Inside the repository, so that the packages left out of the bundle resolve from node_modules.
let entry: string;
beforeAll(async () => {
  const outDir = path.resolve('.tmp', `main-test-${process.pid}-${Date.now()}`);
  dirs.push(outDir);
  entry = await buildServer({ outDir });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('the server process', () => {
  it('refuses a bad configuration with a message naming the variable', async () => {
    const p = run({ PORT: 'not-a-port' });
    expect(await p.exited).toBe(1);
    expect(p.output().stderr).toMatch(/PORT must be a port number \(got 'not-a-port'\)/);
  });

  it('starts on an empty database, migrates, seeds the demo, prints the sign-ins, stops gracefully, and starts again the same way', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-main-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env: Record<string, string> = { PORT: String(port), DATA_DIR: dataDir };
    // On PostgreSQL the process gets an empty database of its own (no template: it migrates it itself).
    const postgres = inject('dbTemplate');
    let dropDatabase: () => Promise<void> = async () => undefined;
    if (postgres.kind === 'postgres') {
      const name = `pp_main_${process.pid}_${Date.now()}`;
      await adminQuery(postgres.adminUrl, `CREATE DATABASE ${name}`);
      dropDatabase = () => adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      Object.assign(env, { DATABASE_URL: databaseUrl(postgres.adminUrl, name), SEED_DEMO: 'on' });
    }
    const p = run(env);
    // The first start seeds a year of demo sales: allow it time on a slow machine.
    const deadline = Date.now() + 60_000;
    while (!p.output().stdout.includes('Sign in with') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(p.output().stdout).toContain('demo.partner@sunbite.example');
    expect(p.output().stdout).toContain('demo.admin@sunbite.example');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).data.database).toBe(postgres.kind);
    expect(fs.existsSync(path.join(dataDir, 'portal.db'))).toBe(postgres.kind === 'sqlite');
    const built = fs.readdirSync(path.dirname(entry)).sort();
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);

    // A clean stop writes nothing beside the bundle (it once left a V8 code cache, whose restored
    // script lost its dynamic imports: issue 29, scripts/restart-check.ts); the next start finds
    // the demo program already there.
    expect(fs.readdirSync(path.dirname(entry)).sort()).toEqual(built);
    const again = run(env);
    while (!again.output().stdout.includes('is running at') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(again.output().stdout).not.toContain('Demo program seeded');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    expect(again.output().stderr).toBe('');
    expect(fs.readdirSync(path.dirname(entry)).sort()).toEqual(built);
    await dropDatabase();
  }, 90_000);
});
