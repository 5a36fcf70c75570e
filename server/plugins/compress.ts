// The API's JSON answers compressed for a client that accepts it (Brotli or gzip, as the built
// assets are, plugins/spa.ts). On a phone's connection an answer's bytes are its time: Grab and
// Go's list of images is 18 kB as JSON and a few as Brotli, and the page's first pictures wait for
// it (docs/performance.md, 2026-11-27). Answers under 4 KiB go as they are: compressing one saves a
// phone a few milliseconds, and cost about a third of a small read's throughput (the paged sales
// list at a million orders, 7,581 → 4,722 requests/s). Streamed ones go as they are too (the CSV
// exports, which write as they read). Measured with a sender that accepts compression
// (docs/performance-log.md, 2026-11-27): the sales list ×0.37 of health from 1 KiB, ×0.68 from 4 KiB.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { pickEncoding } from './spa';

/** Below this many bytes an answer goes uncompressed. */
export const COMPRESS_FROM_BYTES = 4096;

/** Above this many bytes compression runs on libuv's thread pool; below, at once. */
const ON_THE_POOL_FROM_BYTES = 64 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli's quality 4 (a 256 KiB window: no answer is larger where it matters) and gzip's level 6:
 * within a few percent of the size the slowest settings reach on JSON this size. An answer of some
 * kB is compressed at once, in 20–50 µs; through the thread pool the same took about 100 µs of CPU
 * (a stream and its buffers made for each answer, and the hand-over).
 */
const BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};
const GZIP = { level: 6 };
const compress = async (encoding: 'br' | 'gzip', body: string | Buffer): Promise<Buffer> => {
  if (Buffer.byteLength(body) < ON_THE_POOL_FROM_BYTES)
    return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : zlib.gzipSync(body, GZIP);
  return encoding === 'br' ? brotli(body, BROTLI) : gzip(body, GZIP);
};

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
