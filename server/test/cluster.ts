// Three real server processes on one fresh PostgreSQL database and one Redis, as a deployment of
// several nodes behind a load balancer runs them (decisions/043). The server is the compiled one
// (the build's own function, as server/main.test.ts does): it starts in about a second, where the
// TypeScript sources through a loader take several, three times over on a CI machine of two cores.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildServer } from '../../scripts/build-server.mjs';
import { openPostgres } from '../db';
import type { DatabaseHandle } from '../db';
import type { MetaStandIn } from './meta-stand-in';
import type { PayPalStandIn } from './paypal-stand-in';
import { adminQuery, databaseUrl } from './postgres';

export const CLUSTER_SECRET = 'cluster-webhook-secret';
export const CLUSTER_CLIENT = 'cluster-public-client-token-00000000';

/** The variables that point every node at a PayPal stand-in (server/test/paypal-stand-in.ts). */
export function payPalEnv(
  stand: Pick<PayPalStandIn, 'url' | 'clientId' | 'clientSecret' | 'webhookId'>,
): Record<string, string> {
  return {
    PAYPAL_CLIENT_ID: stand.clientId,
    PAYPAL_CLIENT_SECRET: stand.clientSecret,
    PAYPAL_API_BASE: stand.url,
    PAYPAL_WEBHOOK_ID: stand.webhookId,
  };
}

/** The variables that point every node's Instagram connection at a Meta stand-in (server/test/meta-stand-in.ts). */
export function instagramEnv(stand: Pick<MetaStandIn, 'url' | 'appId' | 'secret'>): Record<string, string> {
  return {
    INSTAGRAM_APP_ID: stand.appId,
    INSTAGRAM_APP_SECRET: stand.secret,
    INSTAGRAM_AUTHORIZE_URL: `${stand.url}/oauth/authorize`,
    INSTAGRAM_API_URL: stand.url,
    INSTAGRAM_GRAPH_URL: stand.url,
  };
}

/**
 * Where the cluster tests can run, or why not: they need a PostgreSQL server (several nodes share
 * PostgreSQL only; SQLite is one node's file) and a Redis server (what the nodes share besides).
 */
export async function clusterPrerequisites(): Promise<
  { adminUrl: string; redisUrl: string } | { skip: string }
> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    return {
      skip: 'several nodes share PostgreSQL only: set TEST_DATABASE_URL (the CI run on PostgreSQL does)',
    };
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!(await redisAnswers(redisUrl))) {
    // CI's run on PostgreSQL starts a Redis (.ci/run): there a missing one is a failure, not a skip.
    if (process.env.CI)
      throw new Error(
        `the cluster tests need Redis beside PostgreSQL: none answers at ${redisUrl} (TEST_REDIS_URL)`,
      );
    return { skip: `no Redis answers at ${redisUrl} (TEST_REDIS_URL)` };
  }
  return { adminUrl, redisUrl };
}

export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ClusterNode {
  url: string;
  /** This node's DATA_DIR (its outbox of mail, without SMTP). */
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote, stdout and stderr (its JSON log lines), over all its starts. */
  output(): string;
  /** The log lines at level error (50) or worse. */
  errors(): string[];
}

export interface Cluster {
  nodes: ClusterNode[];
  /** The test's own connection to the nodes' database. */
  database: DatabaseHandle;
  databaseUrl: string;
  redisUrl: string;
  /** Stops every node, then starts them all again at the same instant (an upgrade's restart). */
  restart(): Promise<void>;
  /** Kills node `index` with SIGKILL (a crash: no shutdown, leases and transactions left open); resolves once it has exited. */
  kill(index: number): Promise<void>;
  /** Starts node `index` again on its port (after `kill`) and waits until it answers its health check. */
  startNode(index: number): Promise<void>;
  stop(): Promise<void>;
}

// One compilation per cluster, removed when it stops (a test worker may end without an exit event).
async function compiledServer(): Promise<{ entry: string; outDir: string }> {
  // Inside the repository, so that the packages left out of the bundle resolve from node_modules.
  const outDir = path.resolve('.tmp', `cluster-${process.pid}-${randomBytes(4).toString('hex')}`);
  return { entry: await buildServer({ outDir }), outDir };
}

/**
 * Starts `size` nodes at the same instant on an empty database of their own (each node migrates
 * on start, under the start-up lock), with Redis, and waits until every one answers its health
 * check. `env` adds or overrides variables of every node.
 */
export async function startCluster(options: {
  adminUrl: string;
  redisUrl: string;
  size?: number;
  env?: Record<string, string>;
  /** Runs on the new, empty database before any node starts (the soak migrates and seeds there). */
  prepare?: (databaseUrl: string) => Promise<void>;
  /** Node options given to every node before the server's file (the soak gives production's heap flags). */
  nodeArgs?: string[];
}): Promise<Cluster> {
  const size = options.size ?? 3;
  const name = `pp_cluster_${process.pid}_${randomBytes(4).toString('hex')}`;
  const { entry: server, outDir } = await compiledServer();
  await adminQuery(options.adminUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(options.adminUrl, name);
  if (options.prepare) {
    try {
      await options.prepare(url);
    } catch (error) {
      await adminQuery(options.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(outDir, { recursive: true, force: true });
      throw error;
    }
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-cluster-'));
  const ports = await Promise.all(Array.from({ length: size }, () => freePort()));
  const outputs = ports.map(() => '');
  const spawnNode = (i: number): ClusterNode => {
    const port = ports[i]!;
    const dataDir = path.join(root, `node-${i}`);
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), server], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: url,
        REDIS_URL: options.redisUrl,
        // Each node its own outbox and uploads, as separate machines have.
        DATA_DIR: dataDir,
        SEED_DEMO: 'off',
        SHOPIFY_WEBHOOK_SECRET: CLUSTER_SECRET,
        PUBLIC_CLIENT_TOKEN: CLUSTER_CLIENT,
        // The tests send many requests from one address; the per-client API limit is not what they test.
        RATE_LIMIT_API: '100000',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (outputs[i] += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (outputs[i] += d.toString()));
    return {
      url: `http://127.0.0.1:${port}`,
      dataDir,
      child,
      output: () => outputs[i]!,
      errors: () =>
        outputs[i]!.split('\n').filter(
          (line) => /"level":(50|60)/.test(line) || /could not start/.test(line),
        ),
    };
  };
  const nodes: ClusterNode[] = ports.map((_, i) => spawnNode(i));
  const database = openPostgres(url, 5);
  const stopNodes = () =>
    Promise.all(
      nodes.map(
        (node) =>
          new Promise<void>((resolve) => {
            if (node.child.exitCode !== null || node.child.signalCode !== null) return resolve();
            const timer = setTimeout(() => node.child.kill('SIGKILL'), 10_000);
            node.child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            node.child.kill('SIGTERM');
          }),
      ),
    );
  const stop = async () => {
    await stopNodes();
    await database.close();
    await adminQuery(options.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  };
  const allHealthy = async () => {
    try {
      await Promise.all(nodes.map((node) => healthy(node, 45_000)));
    } catch (error) {
      await stop();
      throw error;
    }
  };
  await allHealthy();
  return {
    nodes,
    database,
    databaseUrl: url,
    redisUrl: options.redisUrl,
    async restart() {
      await stopNodes();
      nodes.splice(0, nodes.length, ...ports.map((_, i) => spawnNode(i)));
      await allHealthy();
    },
    async kill(index) {
      const node = nodes[index]!;
      if (node.child.exitCode !== null || node.child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => node.child.once('exit', () => resolve()));
      node.child.kill('SIGKILL');
      await exited;
    },
    async startNode(index) {
      const node = spawnNode(index);
      nodes[index] = node;
      await healthy(node, 45_000);
    },
    stop,
  };
}

async function healthy(node: ClusterNode, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null)
      throw new Error(`node ${node.url} exited (${node.child.exitCode}):\n${node.output()}`);
    try {
      const answer = await fetch(`${node.url}/api/health`);
      if (answer.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`node ${node.url} did not become healthy:\n${node.output()}`);
}
