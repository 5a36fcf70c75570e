// Live push (docs/product/engagement.md#live-push): socket.io on the API server. A client authenticates with its bearer
// token in the handshake; its socket joins the room of its partner uuid; the server emits
// `new_order` and `partner_changed` there. With REDIS_URL, rooms span every server node.
// A socket lives no longer than its session (docs/decisions/061-sockets-end-with-their-session.md):
// it also joins the room of its token's hash; `endSessions` closes a token's room, or a partner's
// room but for one token's, once their revocation is committed; and it closes when its token
// expires.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import type { Db } from '../db';

export type PushEvent =
  | 'new_order'
  | 'partner_changed'
  | 'payout_changed'
  | 'badge_awarded'
  | 'announcement'
  | 'notification'
  | 'promotion'
  | 'challenge_changed'
  | 'challenge_rewarded'
  | 'test_notification';

/** What a socket's bearer token opens (partner tokens only), as the app's `authenticate` answers it. */
export interface SocketSession {
  /** The partner's uuid: the room `toPartner` emits to. */
  uuid: string;
  /** The token's hash, as `auth_tokens.token_hash` keeps it (server/credentials/tokens.ts). */
  tokenHash: string;
  /** When the token stops working (ISO 8601): the socket is closed then. */
  expiresAt: string;
}

/**
 * Sessions whose tokens were just revoked: one token's, or every one of a partner's but the one
 * `keepHash` names. The partner is named by uuid, not id: every node of every deployment on one
 * Redis shares the adapter's channel, and a uuid is nobody else's.
 */
export type EndedSessions = { tokenHash: string } | { partnerUuid: string; keepHash?: string };

const tokenRoom = (tokenHash: string) => `session:${tokenHash}`;

// setTimeout's longest wait (about 24.8 days); tokens live 24 hours (server/modules/auth/service.ts).
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface Push {
  toPartner(uuid: string, event: PushEvent, payload: Record<string, unknown>): void;
  /** Every open portal (a broadcast): each then reads what is its own. */
  toEveryone(event: PushEvent, payload: Record<string, unknown>): void;
  /**
   * Closes the sockets of sessions whose revocation is committed, on every node (with REDIS_URL,
   * through the adapter). The client hears `io server disconnect`.
   */
  endSessions(ended: EndedSessions): void;
  /** Sockets open on this node now (the live-connections gauge of /metrics). */
  connections(): number;
  close(): Promise<void>;
}

/** A push that goes nowhere: for processes without a socket server (scripts, tests of services). */
export const silentPush: Push = {
  toPartner: () => undefined,
  toEveryone: () => undefined,
  endSessions: () => undefined,
  connections: () => 0,
  close: async () => undefined,
};

function bearerOfHandshake(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown };
  const header = socket.handshake.headers.authorization;
  return typeof auth.token === 'string' ? auth.token : header?.replace(/^Bearer\s+/i, '');
}

export function attachPush(
  server: HttpServer,
  options: {
    db: Db;
    redisUrl?: string | undefined;
    /** The live session a bearer token opens, or undefined. */
    authenticate(token: string): Promise<SocketSession | undefined>;
    log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  },
): Push {
  const io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const redis: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const client of [pub, sub])
      client.on('error', (err) => options.log.error({ err }, 'redis (push) error'));
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  io.use((socket, next) => {
    const token = bearerOfHandshake(socket);
    if (!token) return next(new Error('Not Authorized'));
    options.authenticate(token).then(
      (session) => {
        if (!session) return next(new Error('Not Authorized'));
        socket.data.session = session;
        void socket.join([session.uuid, tokenRoom(session.tokenHash)]);
        next();
      },
      () => next(new Error('Not Authorized')),
    );
  });
  io.on('connection', (socket) => {
    const session = socket.data.session as SocketSession;
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.min(LONGEST_TIMER_MS, Math.max(0, Date.parse(session.expiresAt) - Date.now())),
    );
    expiry.unref();
    socket.once('disconnect', () => clearTimeout(expiry));
    // A socket still in the check above is in no room `endSessions` reaches (socket.io counts it
    // only from here): a revocation committed meanwhile would miss it. So its token is asked
    // about once more now that it is in its rooms: whatever is revoked from here on finds it.
    options.authenticate(bearerOfHandshake(socket)!).then(
      (again) => {
        if (!again) socket.disconnect(true);
      },
      (err: unknown) =>
        options.log.error({ err }, 'live push: a new socket’s token could not be checked again'),
    );
  });
  return {
    toPartner(uuid, event, payload) {
      io.to(uuid).emit(event, payload);
    },
    toEveryone(event, payload) {
      io.emit(event, payload);
    },
    endSessions(ended) {
      const room = 'tokenHash' in ended ? tokenRoom(ended.tokenHash) : ended.partnerUuid;
      const kept = 'tokenHash' in ended || ended.keepHash === undefined ? [] : [tokenRoom(ended.keepHash)];
      // This node's sockets at once; with Redis, every node's as well (this one's again, by then
      // none), through the adapter's request channel.
      io.local.in(room).except(kept).disconnectSockets(true);
      if (redis.length) io.in(room).except(kept).disconnectSockets(true);
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
