// The API's JSON answers compressed for a client that accepts it (Brotli or gzip, as the built
// assets are, plugins/spa.ts). On a phone's connection an answer's bytes are its time: Grab and
// Go's list of images is 18 kB as JSON and a few as Brotli, and the page's first pictures wait for
// it (docs/performance.md, 2026-11-27). Small answers go as they are (a compressed frame would not
// be smaller), and so do streamed ones (the CSV exports, which write as they read). Compression
// runs on libuv's thread pool, off the event loop.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { pickEncoding } from './spa';

/** Below this many bytes an answer goes uncompressed. */
export const COMPRESS_FROM_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli's quality 4 and gzip's level 6: a few tenths of a millisecond for the largest answers,
 * within a few percent of the size the slowest settings reach on JSON this size.
 */
const compress = (encoding: 'br' | 'gzip', body: string | Buffer) =>
  encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzip(body, { level: 6 });

export function registerApiCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // A HEAD answer's body is never sent: its headers say what a GET would get, uncompressed.
    if (request.method === 'HEAD') return payload;
    if (!request.url.startsWith('/api/') || reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return payload;
    // What a cache between keeps depends on the client's Accept-Encoding from here on.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await compress(encoding, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
