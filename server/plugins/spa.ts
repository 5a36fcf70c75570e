// Serves the built SPA with history fallback: any GET that is not an API path or a file
// answers index.html, so deep links such as /account/products/acv load the app.
// Unknown /api/... paths answer the JSON 404 of the error contract.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale, sayApi } from '../i18n';

const CLIENT_PLACEHOLDER = '__PORTAL_CLIENT__';
const PAYLOAD_KEY_PLACEHOLDER = '__PORTAL_PAYLOAD_KEY__';

type Encoding = 'br' | 'gzip';

/**
 * The encoding to send among those the build precompresses (decisions/015): the one with the
 * higher weight in Accept-Encoding, Brotli on a tie; none when neither is accepted.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}

interface IndexVariant {
  body: Buffer;
  etag: string;
}

/** index.html as filled in at start, compressed once: each encoding is its own representation and tag. */
function indexVariants(html: string): Record<Encoding | 'identity', IndexVariant> {
  const identity = Buffer.from(html, 'utf8');
  const tag = crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const br = zlib.brotliCompressSync(identity, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
  const gzip = zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION });
  return {
    identity: { body: identity, etag: `"${tag}"` },
    br: { body: br, etag: `"${tag}-br"` },
    gzip: { body: gzip, etag: `"${tag}-gz"` },
  };
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

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
  // The credential is public by design (docs/product/partners-and-accounts.md#public-client-credential), and the payload key only hides the
  // profile from casual inspection (docs/product/partners-and-accounts.md#the-profile-payload); meta tags keep the page free of inline script.
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
      // The build writes `.br` and `.gz` twins of the text files (scripts/lib/precompress.ts);
      // the plugin picks one by Accept-Encoding and falls back to the file itself.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The plugin does not say it, and a shared cache must not hand Brotli to a gzip-only client.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn(
      { webRoot: options.webRoot },
      'the SPA is not built (npm run build): only the API is served',
    );
  }

  const variants = indexHtml ? indexVariants(indexHtml) : undefined;
  // no-cache: a new deploy's page is seen at once; the ETag makes that check a 304.
  const sendIndex = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Record<Encoding | 'identity', IndexVariant>,
  ) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const variant = page[encoding ?? 'identity'];
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .header('ETag', variant.etag);
    if (matchesEtag(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.code(200).send(variant.body);
  };
  // The root is a directory to the static plugin; it is the app's index page to us.
  if (variants)
    app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply, variants));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !climbsOut(pathname) &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !path.extname(pathname);
    if (wantsPage && variants) {
      return sendIndex(request, reply, variants);
    }
    const message = sayApi('not_found', requestLocale(request));
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ code: 404, error: 'not_found', message });
  });
}
