// What the portal writes under DATA_DIR is owner-only whatever the umask (issue 31 item 9): the
// SQLite database (an existing one too) and its folder, uploads and the media cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './db';
import { writeAtomically } from './modules/content/media';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
let root = '';
let mask = 0;

afterEach(() => {
  process.umask(mask);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('files under DATA_DIR', () => {
  it('makes the database and its folder owner-only, an existing database too', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-private-'));
    mask = process.umask(0);
    const file = path.join(root, 'data', 'portal.db');
    const handle = openSqlite(file);
    await handle.close();
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    fs.chmodSync(file, 0o644);
    const again = openSqlite(file);
    await again.close();
    expect(modeOf(file)).toBe(0o600);
  });

  it('writes uploads and cached media owner-only', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-private-'));
    mask = process.umask(0);
    const file = path.join(root, 'uploads', 'avatars', 'a.webp');
    await writeAtomically(file, Buffer.from('picture'));
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
  });
});
