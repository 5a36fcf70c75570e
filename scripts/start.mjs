// `npm start`: builds when dist/ is missing or older than the sources, then runs the compiled
// server in this very process (one process, no transpiler: its signals and exit code are the
// server's own). Plain JavaScript, so that it needs nothing compiled to run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleBuildReason } from './lib/build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const reason = staleBuildReason(root);
if (reason) {
  console.error(`Building first: ${reason}.`);
  // In a child process, so that the bundlers' memory and esbuild's service are gone before the server starts.
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
}
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
