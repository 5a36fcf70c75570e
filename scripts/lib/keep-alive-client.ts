// The load generators' HTTP client: node:http over a pool of keep-alive sockets. The benchmark's
// clients share the two cores with the server they measure, and `fetch` (undici behind WHATWG
// streams) spent about as much CPU per request as the server's whole ingestion of an order, so the
// client, not the server, set the ingestion figure (docs/performance.md, 2026-11-27).
import http from 'node:http';
import https from 'node:https';

export interface ClientAnswer {
  status: number;
  body: Buffer;
}

export interface KeepAliveClient {
  request(
    method: string,
    path: string,
    headers?: http.OutgoingHttpHeaders,
    body?: string,
  ): Promise<ClientAnswer>;
  close(): void;
}

/**
 * A client for `base` (`http://host:port`, or https, with a path prefix if the portal is under
 * one) holding at most `sockets` connections open between requests.
 */
export function keepAliveClient(base: string, sockets: number): KeepAliveClient {
  const url = new URL(base);
  const secure = url.protocol === 'https:';
  const transport = secure ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  const prefix = url.pathname.replace(/\/$/, '');
  return {
    request(method, path, headers = {}, body) {
      return new Promise<ClientAnswer>((resolve, reject) => {
        const req = transport.request(
          {
            agent,
            host: url.hostname,
            port: url.port || (secure ? 443 : 80),
            method,
            path: prefix + path,
            headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
