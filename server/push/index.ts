// Live push (decisions §8): socket.io on the API server. A client authenticates with its bearer
// token in the handshake; its socket joins the room of its partner uuid; the server emits
// `new_order` and `partner_changed` there. With REDIS_URL, rooms span every server node.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Db } from '../db';

export type PushEvent = 'new_order' | 'partner_changed' | 'payout_changed' | 'badge_awarded' | 'announcement' | 'notification' | 'promotion' | 'challenge_changed' | 'challenge_rewarded' | 'test_notification';

export interface Push {
  toPartner(uuid: string, event: PushEvent, payload: Record<string, unknown>): void;
  /** Every open portal (a broadcast): each then reads what is its own. */
  toEveryone(event: PushEvent, payload: Record<string, unknown>): void;
  /** Sockets open on this node now (the live-connections gauge of /metrics). */
  connections(): number;
  close(): Promise<void>;
}

/** A push that goes nowhere: for processes without a socket server (scripts, tests of services). */
export const silentPush: Push = { toPartner: () => undefined, toEveryone: () => undefined, connections: () => 0, close: async () => undefined };

export function attachPush(
  server: HttpServer,
  options: {
    db: Db;
    redisUrl?: string | undefined;
    /** The partner uuid a bearer token belongs to, or undefined. */
    authenticate(token: string): Promise<string | undefined>;
    log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  },
): Push {
  const io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const redis: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => options.log.error({ err }, 'redis (push) error'));
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const header = socket.handshake.headers.authorization;
    const token = typeof auth.token === 'string' ? auth.token : header?.replace(/^Bearer\s+/i, '');
    if (!token) return next(new Error('Not Authorized'));
    options.authenticate(token).then(
      (uuid) => {
        if (!uuid) return next(new Error('Not Authorized'));
        void socket.join(uuid);
        next();
      },
      () => next(new Error('Not Authorized')),
    );
  });
  return {
    toPartner(uuid, event, payload) {
      io.to(uuid).emit(event, payload);
    },
    toEveryone(event, payload) {
      io.emit(event, payload);
    },
    // Sockets past the sign-in check, on this node alone (the local map, not the adapter's rooms).
    connections: () => io.of('/').sockets.size,
    async close() {
      // Not io.close(): that would close the HTTP server, which Fastify closes itself.
      io.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}
