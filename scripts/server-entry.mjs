// The compiled server's entry, copied by scripts/build-server.mjs to dist/server/main.js.
// It runs the bundle beside it (server.cjs) as Node runs any CommonJS module, but with a V8 code
// cache: compiling the bundle's JavaScript was about a third of the CPU a start costs, and the cache
// lets V8 skip it. Node 22 does the same by itself (module.enableCompileCache); Node 20 has only
// vm.Script's cachedData (decisions/017).
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const file = fileURLToPath(new URL('./server.cjs', import.meta.url));
const cacheFile = `${file}.v8cache`;

let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), {
  filename: file,
  cachedData,
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});

// The cache is written when a run ends cleanly, so it holds every function that run compiled (the
// whole start, and the requests it served), not only the bundle's top level. V8 rejects a cache
// made for other source or another V8; it is then written anew.
if (!cachedData || script.cachedDataRejected) {
  process.once('exit', (code) => {
    if (code !== 0) return;
    try {
      const temporary = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(temporary, script.createCachedData());
      fs.renameSync(temporary, cacheFile);
    } catch {
      // A read-only build only starts without the cache.
    }
  });
}

const module = { id: file, filename: file, exports: {} };
script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
