// The compiled server's entry, copied by scripts/build-server.mjs to dist/server/main.js. It loads
// the bundle beside it (server.cjs) as a plain CommonJS module: every start is the same, and the
// bundle's dynamic import()s (sharp, pdfkit) go through Node's own loader. It used to run the bundle
// through vm.Script with a V8 code cache written at a clean exit; on Node 20 a script restored from
// that cache lost its dynamic import callback, so from the second start every lazily loaded module
// failed (issue 29, decisions/017, scripts/restart-check.ts).
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./server.cjs');
