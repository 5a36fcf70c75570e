import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../server/db';
import { verifyPassword } from '../server/credentials/passwords';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-staff-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const staff = (args: string[], password?: string) =>
  spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/staff.ts', ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      ...(password ? { STAFF_PASSWORD: password } : {}),
    },
    encoding: 'utf8',
    input: '',
  });

describe('npm run staff', () => {
  it('adds staff accounts with an argon2id password, refuses duplicates and bad input, and lists them', async () => {
    const added = staff(['add', 'Mona@Example.com', 'manager', 'Mona', 'Manager'], 'manager-password-1');
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain('Created manager mona@example.com');
    expect(staff(['add', 'mona@example.com', 'admin'], 'another-password').stderr).toContain(
      'already exists',
    );
    expect(staff(['add', 'x@example.com', 'boss'], 'another-password').status).toBe(2);
    expect(staff(['add', 'x@example.com', 'admin'], 'short').status).toBe(2);
    expect(staff(['frobnicate']).status).toBe(2);
    expect(staff(['list']).stdout).toContain('mona@example.com\tmanager\tMona Manager');
    // reset-2fa is wired in (its behaviour is proven in staff-reset-2fa.test.ts, on both databases).
    const reset = staff(['reset-2fa', 'mona@example.com']);
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('has no second factor turned on: nothing to reset');

    const handle = openSqlite(path.join(dataDir, 'portal.db'));
    const row = await handle.db.selectFrom('staff_users').selectAll().executeTakeFirstOrThrow();
    await handle.close();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password_hash, 'manager-password-1')).toBe(true);
    // Each run starts tsx (seconds on a busy machine): more than the default time-out in all.
  }, 120_000);
});
