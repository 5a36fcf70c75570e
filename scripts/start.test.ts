// `npm start` builds only when the build is missing or older than the sources. The launcher runs
// for real in a small copy of the repository's layout, whose build step is a quick stand-in for
// Vite and esbuild (it leaves the same outputs and stamps them as the real one does).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, sourceFingerprint, staleBuildReason, writeStamp } from './lib/build-stamp.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './lib/server-flags.mjs';

let root: string;

function write(relative: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
}

/** Moves a file's modification time forward, as an editor saving it a little later does. */
function touch(relative: string) {
  const later = new Date(Date.now() + 5_000);
  fs.utimesSync(path.join(root, relative), later, later);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-launcher-'));
  write('package.json', '{"name":"fixture","type":"module"}');
  write('package-lock.json', '{}');
  write('tsconfig.json', '{}');
  write('vite.config.ts', 'export default {};');
  write('server/main.ts', 'console.log("server");');
  write('server/main.test.ts', 'test');
  write('common/locales/en/portal.json', '{"hello":"Hello"}');
  write('web/index.html', '<!doctype html>');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function buildAndStamp() {
  for (const file of BUILD_OUTPUTS) write(file, 'built');
  writeStamp(root, sourceFingerprint(root));
}

describe('the build stamp', () => {
  it('finds a build current until a source changes', () => {
    buildAndStamp();
    expect(staleBuildReason(root)).toBeUndefined();
    touch('server/main.ts');
    expect(staleBuildReason(root)).toBe('the sources changed since the last build');
  });

  it('counts locale catalogs, the lock file and new files as sources, tests not', () => {
    buildAndStamp();
    touch('server/main.test.ts');
    expect(staleBuildReason(root)).toBeUndefined();
    touch('common/locales/en/portal.json');
    expect(staleBuildReason(root)).toBeDefined();
    buildAndStamp();
    touch('package-lock.json');
    expect(staleBuildReason(root)).toBeDefined();
    buildAndStamp();
    write('web/features/new-page.tsx', 'export {};');
    expect(staleBuildReason(root)).toBeDefined();
    buildAndStamp();
    fs.rmSync(path.join(root, 'web/features/new-page.tsx'));
    expect(staleBuildReason(root)).toBeDefined();
  });

  it('finds a build without its stamp or with an output missing stale', () => {
    for (const file of BUILD_OUTPUTS) write(file, 'built');
    expect(staleBuildReason(root)).toBe('the build has no stamp');
    buildAndStamp();
    fs.rmSync(path.join(root, 'dist/server/server.cjs'));
    expect(staleBuildReason(root)).toBe('dist/server/server.cjs is missing');
  });
});

describe('the launcher (npm start)', () => {
  beforeEach(() => {
    for (const file of ['scripts/start.mjs', 'scripts/lib/build-stamp.mjs']) {
      write(file, fs.readFileSync(path.resolve(file), 'utf8'));
    }
    // The stand-in build: counts its runs, then leaves what the real one leaves.
    write(
      'scripts/build.mjs',
      `import fs from 'node:fs';
import { BUILD_OUTPUTS, sourceFingerprint, writeStamp } from './lib/build-stamp.mjs';
const fingerprint = sourceFingerprint('.');
fs.appendFileSync('builds.log', 'build\\n');
for (const file of BUILD_OUTPUTS) fs.mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true });
for (const file of BUILD_OUTPUTS) fs.writeFileSync(file, 'built');
fs.writeFileSync('dist/server/main.js', 'console.log("the compiled server ran"); process.exitCode = 7;');
writeStamp('.', fingerprint);
`,
    );
  });

  const start = () =>
    spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, encoding: 'utf8' });
  const builds = () =>
    fs.existsSync(path.join(root, 'builds.log'))
      ? fs.readFileSync(path.join(root, 'builds.log'), 'utf8').split('\n').length - 1
      : 0;

  it('builds on the first start, not on a second with nothing changed, and again after an edit', () => {
    const first = start();
    expect(first.stderr).toContain('Building first: dist/web/index.html is missing.');
    expect(first.stdout).toContain('the compiled server ran');
    expect(first.status).toBe(7);
    expect(builds()).toBe(1);

    const second = start();
    expect(second.stderr).not.toContain('Building first');
    expect(second.stdout).toContain('the compiled server ran');
    expect(builds()).toBe(1);

    touch('common/locales/en/portal.json');
    const third = start();
    expect(third.stderr).toContain('Building first: the sources changed since the last build.');
    expect(builds()).toBe(2);
  });

  it('does not start the server when the build fails', () => {
    write('scripts/build.mjs', 'process.exit(3);');
    const run = start();
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('The build failed; the server was not started.');
    expect(run.stdout).not.toContain('the compiled server ran');
  });
});

describe("the server's V8 options", () => {
  it('are the ones npm start passes to node', () => {
    const scripts = (
      JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.start).toBe(
      `${Object.entries(SERVER_ENV)
        .map(([name, value]) => `${name}=${value} `)
        .join('')}node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`,
    );
  });
});
