// A live socket ends with its session (issue 31 item 5, docs/decisions/061): a sign-out closes that
// session's sockets and no other's; a password change the other sessions'; a password reset and a
// suspension every one of the partner's; a socket also closes when its token expires, and one whose
// token was revoked while its handshake was being checked. With Redis, a revocation through one
// node closes the sockets held by another. Each proof is an event: the socket's `disconnect` with
// the server's reason, or a push that a socket left open still hears after the revocation.
import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db';
import { issueOneTimeToken } from '../modules/one-time-tokens/service';
import { issueToken } from '../modules/auth/service';
import { createPartnerAccount } from '../modules/partners/service';
import { createTestApp } from '../test/app';
import type { TestApp } from '../test/app';
import { redisAnswers } from '../test/cluster';
import { createTestDatabase } from '../test/db';
import type { TestDatabase } from '../test/db';
import { bearer, createStaffWithToken } from '../test/payouts-fixture';
import { attachPush } from '.';
import type { SocketSession } from '.';

const CLIENT = 'socket-sessions-public-client-token-0';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER_CLOSED = 'io server disconnect';

interface Partner {
  id: number;
  uuid: string;
  email: string;
  password: string;
}

let made = 0;
async function makePartner(db: Db): Promise<Partner> {
  made += 1;
  const email = `sockets-${made}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = `password-${made}-sockets`;
  const partner = await createPartnerAccount(db, {
    email,
    password,
    first_name: 'Live',
    last_name: `Partner ${made}`,
    verified: 1,
    locale: 'en',
  });
  return { id: partner.id, uuid: partner.uuid, email, password };
}

const sessionOf = async (db: Db, partner: Partner) => (await issueToken(db, 'partner', partner.id)).token;

const urlOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A connected socket, with the reason of its end once it ends. */
interface Live {
  socket: Socket;
  ended: Promise<string>;
}

async function open(url: string, token: string): Promise<Live> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, ended };
}

/** What a connection with `token` is answered: 'connected', or the refusal's message. */
async function handshake(url: string, token: string): Promise<string> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  try {
    return await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (err) => resolve(err.message));
    });
  } finally {
    socket.close();
  }
}

/**
 * Proves `live` still open after a revocation already answered: a profile saved through `app`
 * (with a live token of the same partner) pushes `partner_changed`, which only an open socket hears.
 */
async function stillOpen(app: App, live: Live, token: string): Promise<void> {
  const heard = new Promise<void>((resolve) => live.socket.once('partner_changed', () => resolve()));
  const saved = await app.inject({
    method: 'POST',
    url: '/api/update',
    headers: bearer(token),
    payload: { first_name: 'Still', last_name: 'Here' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await heard;
  expect(live.socket.connected).toBe(true);
}

const suspend = (app: App, staffToken: string, uuid: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/manager/partners/${uuid}`,
    headers: bearer(staffToken),
    payload: { status: 'suspended' },
  });

describe('one node: a socket ends with its session', () => {
  let t: TestApp;
  let url: string;
  const db = () => t.database.db;
  const opened: Live[] = [];
  const openSocket = async (token: string) => {
    const live = await open(url, token);
    opened.push(live);
    return live;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = urlOf(t.app);
  });
  afterAll(async () => {
    for (const live of opened) live.socket.close();
    await t?.close();
  });

  it('sign-out closes that session’s socket at once, not another session’s of the same partner; the token opens none again', async () => {
    const partner = await makePartner(db());
    const [leaving, staying] = [await sessionOf(db(), partner), await sessionOf(db(), partner)];
    const gone = await openSocket(leaving);
    const kept = await openSocket(staying);
    const out = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(leaving) });
    expect(out.json()).toEqual({ data: true });
    expect(await gone.ended).toBe(SERVER_CLOSED);
    await stillOpen(t.app, kept, staying);
    expect(await handshake(url, leaving)).toBe('Not Authorized');
  });

  it('a password change closes the other sessions’ sockets; the changing session’s socket stays open', async () => {
    const partner = await makePartner(db());
    const [mine, other] = [await sessionOf(db(), partner), await sessionOf(db(), partner)];
    const mineLive = await openSocket(mine);
    const otherLive = [await openSocket(other), await openSocket(other)];
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(mine),
      payload: {
        current_password: partner.password,
        password: 'a-fresh-password-1',
        password_confirmation: 'a-fresh-password-1',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await Promise.all(otherLive.map((live) => live.ended))).toEqual([SERVER_CLOSED, SERVER_CLOSED]);
    await stillOpen(t.app, mineLive, mine);
  });

  it('a password reset closes every socket of the partner, and no other partner’s', async () => {
    const partner = await makePartner(db());
    const bystander = await makePartner(db());
    const sockets = [
      await openSocket(await sessionOf(db(), partner)),
      await openSocket(await sessionOf(db(), partner)),
    ];
    const bystanderToken = await sessionOf(db(), bystander);
    const bystanderLive = await openSocket(bystanderToken);
    const link = await issueOneTimeToken(db(), 'reset_password', partner.id, 60 * 60 * 1000);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      headers: bearer(CLIENT),
      payload: { token: link, password: 'a-reset-password-1', password_confirmation: 'a-reset-password-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await Promise.all(sockets.map((live) => live.ended))).toEqual([SERVER_CLOSED, SERVER_CLOSED]);
    await stillOpen(t.app, bystanderLive, bystanderToken);
  });

  it('a suspension closes every socket of the partner once it is committed, and no other partner’s', async () => {
    const manager = await createStaffWithToken(db(), 'manager');
    const partner = await makePartner(db());
    const bystander = await makePartner(db());
    const sockets = [
      await openSocket(await sessionOf(db(), partner)),
      await openSocket(await sessionOf(db(), partner)),
    ];
    const bystanderToken = await sessionOf(db(), bystander);
    const bystanderLive = await openSocket(bystanderToken);
    // The suspension's own push still reaches the portal before its socket closes.
    const told = new Promise<unknown>((resolve) => sockets[0]!.socket.once('partner_changed', resolve));
    const res = await suspend(t.app, manager.token, partner.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(await told).toEqual({ status: 'suspended' });
    expect(await Promise.all(sockets.map((live) => live.ended))).toEqual([SERVER_CLOSED, SERVER_CLOSED]);
    await stillOpen(t.app, bystanderLive, bystanderToken);
  });

  it('a staff token opens no socket: the live push takes partner tokens only', async () => {
    const manager = await createStaffWithToken(db(), 'manager');
    expect(await handshake(url, manager.token)).toBe('Not Authorized');
  });
});

describe('the socket server on its own', () => {
  /** A socket server whose `authenticate` answers what the test says, call after call. */
  async function serve(answers: (SocketSession | undefined)[]) {
    const server = createServer();
    const push = attachPush(server, {
      db: {} as Db,
      authenticate: async () => answers.shift(),
      log: { info: () => undefined, error: () => undefined },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url,
      async close() {
        await push.close();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }
  const session = (expiresInMs: number): SocketSession => ({
    uuid: 'a-partner-uuid',
    tokenHash: 'a-token-hash',
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
  });

  it('closes a socket when its token expires', async () => {
    const hour = 60 * 60 * 1000;
    const server = await serve([session(300), session(hour)]);
    try {
      const live = await open(server.url, 'a-token');
      expect(await live.ended).toBe(SERVER_CLOSED);
    } finally {
      await server.close();
    }
  });

  it('closes a socket whose token was revoked while its handshake was being checked', async () => {
    // Live at the handshake's check, revoked by the time the socket is in its rooms: a revocation
    // committed in between reached no room the socket was in yet.
    const server = await serve([session(60 * 60 * 1000), undefined]);
    try {
      const live = await open(server.url, 'a-token');
      expect(await live.ended).toBe(SERVER_CLOSED);
    } finally {
      await server.close();
    }
  });
});

const redisUp = await redisAnswers(REDIS_URL);

describe.skipIf(!redisUp)(
  'two nodes on one Redis: a revocation through one node closes the sockets held by the other',
  () => {
    let database: TestDatabase;
    let dataDir: string;
    let nodes: [App, App];
    const opened: Live[] = [];
    const db = () => database.db;
    const openOn = async (node: App, token: string) => {
      const live = await open(urlOf(node), token);
      opened.push(live);
      return live;
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-sockets-'));
      const built: App[] = [];
      for (let i = 0; i < 2; i++) {
        const config = loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          REDIS_URL,
          PUBLIC_CLIENT_TOKEN: CLIENT,
          DATA_DIR: dataDir,
        });
        const app = await buildApp({ config, database, webRoot: path.join(dataDir, 'no-web-build') });
        await app.listen({ port: 0, host: '127.0.0.1' });
        built.push(app);
      }
      nodes = [built[0]!, built[1]!];
    });
    afterAll(async () => {
      for (const live of opened) live.socket.close();
      for (const node of nodes ?? []) await node.close();
      await database?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('a sign-out through node A closes the session’s socket on node B', async () => {
      const [a, b] = nodes;
      const partner = await makePartner(db());
      const token = await sessionOf(db(), partner);
      const live = await openOn(b, token);
      expect(
        (await a.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(token) })).json(),
      ).toEqual({ data: true });
      expect(await live.ended).toBe(SERVER_CLOSED);
    });

    it('a password change through node A closes the other session’s socket on node B; the changing session’s, on node B too, stays open', async () => {
      const [a, b] = nodes;
      const partner = await makePartner(db());
      const [mine, other] = [await sessionOf(db(), partner), await sessionOf(db(), partner)];
      const mineLive = await openOn(b, mine);
      const otherLive = await openOn(b, other);
      const changed = await a.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: bearer(mine),
        payload: {
          current_password: partner.password,
          password: 'a-fresh-password-2',
          password_confirmation: 'a-fresh-password-2',
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await otherLive.ended).toBe(SERVER_CLOSED);
      // Pushed through node A after the change: node B's socket of the changing session hears it.
      await stillOpen(a, mineLive, mine);
    });

    it('a suspension through node A closes the partner’s sockets on both nodes', async () => {
      const [a, b] = nodes;
      const manager = await createStaffWithToken(db(), 'manager');
      const partner = await makePartner(db());
      const onA = await openOn(a, await sessionOf(db(), partner));
      const onB = await openOn(b, await sessionOf(db(), partner));
      expect((await suspend(a, manager.token, partner.uuid)).statusCode).toBe(200);
      expect(await Promise.all([onA.ended, onB.ended])).toEqual([SERVER_CLOSED, SERVER_CLOSED]);
    });
  },
);
