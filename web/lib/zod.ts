// zod as the SPA's build sees it (vite.config.ts points `zod` here): the same API, told before any
// schema is made not to compile its parsers with `new Function`. To decide whether it may, zod
// tries `new Function('')` once, the first time an object schema is made; the CSP allows no eval
// (server/plugins/security.ts), so the try fails, which zod expects, but Chromium still reports
// the blocked eval as a Content Security Policy issue (Lighthouse's best practices, on the settings
// page, docs/performance.md). The server and the tests use zod itself.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
