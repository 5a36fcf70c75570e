// Serves the built SPA with history fallback: any GET that is not an API path or a file
// answers index.html, so deep links such as /account/products/acv load the app.
// Unknown /api/... paths answer the JSON 404 of the error contract.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES } from '../errors';
import { localizeMessage, requestLocale } from '../i18n';

const CLIENT_PLACEHOLDER = '__PORTAL_CLIENT__';
const PAYLOAD_KEY_PLACEHOLDER = '__PORTAL_PAYLOAD_KEY__';

// A path that climbs (a `..` segment, however encoded), or holds a NUL or a backslash, names
// nothing we serve: it is not found, never a file, never the app page, under /api or not.
function climbsOut(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..');
}

export async function registerSpa(
  app: FastifyInstance,
  options: { webRoot: string; publicClientToken: string; userPayloadKey: Buffer },
): Promise<void> {
  const indexFile = path.join(options.webRoot, 'index.html');
  // The credential is public by design (spec point 6), and the payload key only hides the
  // profile from casual inspection (decisions §5); meta tags keep the page free of inline script.
  const indexHtml = fs.existsSync(indexFile)
    ? fs
        .readFileSync(indexFile, 'utf8')
        .replaceAll(CLIENT_PLACEHOLDER, options.publicClientToken)
        .replaceAll(PAYLOAD_KEY_PLACEHOLDER, options.userPayloadKey.toString('base64'))
    : undefined;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      index: false,
      wildcard: true,
      allowedPath: (pathName) => pathName !== '/index.html' && !climbsOut(pathName),
      // Our own Cache-Control below; the plugin's default would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webRoot: options.webRoot }, 'the SPA is not built (npm run build): only the API is served');
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  // The root is a directory to the static plugin; it is the app's index page to us.
  if (indexHtml) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !climbsOut(pathname) &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !path.extname(pathname);
    if (wantsPage && indexHtml) {
      return sendIndex(reply);
    }
    const message = localizeMessage(MESSAGES.notFound, requestLocale(request));
    return reply.code(404).type('application/json; charset=utf-8').send({ code: 404, message });
  });
}
