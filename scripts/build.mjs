// `npm run build`: the SPA (`npm run build:web`, Vite) into dist/web, the server (esbuild) into
// dist/server, then the stamp that tells `npm start` the build matches the sources.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';
import { removeStamp, sourceFingerprint, writeStamp } from './lib/build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Taken before building: a file edited while the build runs makes the next start build again.
const fingerprint = sourceFingerprint(root);
removeStamp(root);
// Through npm, so that whatever build:web grows into is part of every build.
const web = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: 'inherit' });
if (web.status !== 0) process.exit(web.status ?? 1);
await buildServer();
writeStamp(root, fingerprint);
