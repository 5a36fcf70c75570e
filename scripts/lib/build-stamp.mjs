// Whether dist/ was built from the sources as they are now. `npm run build` writes a stamp: a hash
// of the path, size and modification time of every file the build reads. `npm start` compares it
// with the sources (a walk of a few hundred stat calls, a few milliseconds) and builds only when
// they differ: an edit, a checkout, a new or deleted file, an `npm install` that moved the lock file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders whose every file (tests aside) can change the web or the server build. */
const SOURCE_DIRS = ['server', 'common', 'web', 'content', 'scripts'];
/** Single files the builds read. */
const SOURCE_FILES = ['vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];
/** What a complete build leaves; a build interrupted half-way has no stamp. */
export const BUILD_OUTPUTS = ['dist/web/index.html', 'dist/server/main.js', 'dist/server/server.cjs'];
export const STAMP_FILE = 'dist/build-stamp.json';

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** @param {string} root */
export function sourceFingerprint(root) {
  const lines = [];
  const visit = (relative) => {
    let stat;
    try {
      stat = fs.statSync(path.join(root, relative));
    } catch {
      lines.push(`${relative}\tmissing`);
      return;
    }
    if (!stat.isDirectory()) {
      lines.push(`${relative}\t${stat.size}\t${stat.mtimeMs}`);
      return;
    }
    const entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name === 'node_modules' || (!entry.isDirectory() && isTest(entry.name))) continue;
      visit(`${relative}/${entry.name}`);
    }
  };
  for (const entry of [...SOURCE_DIRS, ...SOURCE_FILES]) visit(entry);
  return crypto.createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** @param {string} root */
export function readStamp(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8')).fingerprint;
  } catch {
    return undefined;
  }
}

/** @param {string} root @param {string} fingerprint the sources' fingerprint taken before the build began */
export function writeStamp(root, fingerprint) {
  fs.mkdirSync(path.join(root, path.dirname(STAMP_FILE)), { recursive: true });
  fs.writeFileSync(
    path.join(root, STAMP_FILE),
    `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() })}\n`,
  );
}

export function removeStamp(root) {
  fs.rmSync(path.join(root, STAMP_FILE), { force: true });
}

/**
 * Why the build must run, or undefined when dist/ is current.
 * @param {string} root
 * @returns {string | undefined}
 */
export function staleBuildReason(root) {
  const missing = BUILD_OUTPUTS.find((file) => !fs.existsSync(path.join(root, file)));
  if (missing) return `${missing} is missing`;
  const stamp = readStamp(root);
  if (!stamp) return 'the build has no stamp';
  if (stamp !== sourceFingerprint(root)) return 'the sources changed since the last build';
  return undefined;
}
