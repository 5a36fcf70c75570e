// GET /metrics in Prometheus' text format (decisions/041), behind METRICS_TOKEN. Each node keeps
// its own registry and Prometheus scrapes every node; nothing here is shared between nodes.
//
// Counters are bumped where the thing happens (a request answered, a webhook delivery settled, a
// mail sent); what is state rather than events (the job queue, payouts by status, open sockets)
// is read when Prometheus asks, so it costs nothing between scrapes and is true on every node.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { fileRoute } from '../../common/contracts/answers';
import { notAuthorized, notFound } from '../errors';
import type { Mailer } from '../integrations/mail/mailer';

/** How a Shopify delivery ended: the answer's own `outcome`, or refused (bad signature), or failed (5xx, retried). */
export type WebhookOutcome =
  'processed' | 'duplicate' | 'ignored' | 'rejected' | 'test' | 'unauthorized' | 'failed';
const WEBHOOK_OUTCOMES: readonly WebhookOutcome[] = [
  'processed',
  'duplicate',
  'ignored',
  'rejected',
  'test',
  'unauthorized',
  'failed',
];

/** What the rest of the server counts into (AppContext.metrics). */
export interface Metrics {
  readonly registry: Registry;
  webhookDelivery(outcome: WebhookOutcome): void;
  /** The mailer, counting each mail it sends and each it fails to send. */
  countMail(mailer: Mailer): Mailer;
}

/**
 * What a scrape reads besides the counters, handed in by the app that owns it (app.ts): the plugin
 * needs neither the app's context nor the modules that keep this state.
 */
export interface ScrapeSources {
  /** METRICS_TOKEN; unset, GET /metrics answers the JSON 404. */
  token: string | undefined;
  /** The job queue's state (`queueStats` of jobs/queue.ts). */
  jobQueue(): Promise<{ waiting: number; oldestWaitingSeconds: number; givenUp: number }>;
  /** Payouts counted by status. */
  payoutsByStatus(): Promise<Record<string, number>>;
  /** socket.io connections open on this node. */
  liveConnections(): number;
}

/** Requests take a millisecond or less here; the lowest buckets keep that visible. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The route label of answers no route gave (the not-found handler: the SPA's pages and the JSON 404). */
const UNMATCHED = 'unmatched';

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

// The process's own figures (CPU, memory, event-loop lag, GC) are the process's, whatever app it
// runs: gathered once per process. Each collectDefaultMetrics starts observers that never stop,
// and tests build many apps in one process.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): Metrics & { http: HttpMetrics } {
  const registry = new Registry();
  processMetrics();
  const webhooks = new Counter({
    name: 'portal_shopify_webhook_deliveries_total',
    help: 'Shopify webhook deliveries by how they ended',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const mailSent = new Counter({
    name: 'portal_mail_sent_total',
    help: 'Mail handed to the SMTP server or written to the outbox',
    labelNames: ['transport'],
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: 'portal_mail_failed_total',
    help: 'Mail the SMTP server refused or that could not be written (each attempt)',
    labelNames: ['transport'],
    registers: [registry],
  });
  // Every label value from the start, at 0: rate() sees the first event, and a dashboard the series.
  for (const outcome of WEBHOOK_OUTCOMES) webhooks.inc({ outcome }, 0);
  return {
    registry,
    http: httpMetrics(registry),
    webhookDelivery: (outcome) => webhooks.inc({ outcome }),
    countMail(mailer) {
      const transport = mailer.mode;
      mailSent.inc({ transport }, 0);
      mailFailed.inc({ transport }, 0);
      return {
        mode: transport,
        async send(message, log) {
          try {
            const sent = await mailer.send(message, log);
            mailSent.inc({ transport });
            return sent;
          } catch (error) {
            mailFailed.inc({ transport });
            throw error;
          }
        },
        close: () => mailer.close(),
      };
    },
  };
}

type RecordRequest = (method: string, status: number, elapsedMs: number) => void;
interface HttpMetrics {
  /** The recorder of one route, its label fixed: the pattern, never the URL (bounded cardinality). */
  recorderFor(route: string): RecordRequest;
}

function httpMetrics(registry: Registry): HttpMetrics {
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request read to the answer sent, by route pattern, method and status class',
    labelNames: ['method', 'route', 'status_class'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return {
    recorderFor(route) {
      // Each route keeps its labelled series by method and status: a request costs one map read,
      // an increment and an observation, no label hashing.
      const series = new Map<string, { count: Counter.Internal; time: Histogram.Internal<string> }>();
      return (method, status, elapsedMs) => {
        const key = method + status;
        let s = series.get(key);
        if (s === undefined) {
          s = {
            count: requests.labels(method, route, String(status)),
            time: durations.labels(method, route, statusClass(status)),
          };
          series.set(key, s);
        }
        s.count.inc();
        s.time.observe(elapsedMs / 1000);
      };
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the request carries `Bearer <token>`; compared in constant time (both sides hashed to one length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * The per-request counting, and GET /metrics. Register before the routes: each route gets its
 * recorder when it is declared.
 */
export function registerMetrics(
  app: FastifyInstance,
  sources: ScrapeSources,
  metrics: Metrics & { http: HttpMetrics },
): void {
  const { registry } = metrics;
  app.addHook('onRoute', (route: RouteOptions) => {
    const record = metrics.http.recorderFor(route.url);
    const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      record(request.method, reply.statusCode, reply.elapsedTime);
      done();
    };
    route.onResponse = route.onResponse === undefined ? [hook] : [...[route.onResponse].flat(), hook];
  });
  // Answers of the not-found handler (no route's hook ran): one label for all, whatever the URL.
  const unmatched = metrics.http.recorderFor(UNMATCHED);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime);
    done();
  });

  const jobsWaiting = new Gauge({
    name: 'portal_job_queue_depth',
    help: 'Jobs queued and not done yet (attempts left)',
    registers: [registry],
  });
  const jobsOldest = new Gauge({
    name: 'portal_job_queue_oldest_age_seconds',
    help: 'Age of the oldest job not done yet (attempts left); 0 when none',
    registers: [registry],
  });
  const jobsGivenUp = new Gauge({
    name: 'portal_job_queue_given_up',
    help: 'Jobs out of attempts, waiting for a person',
    registers: [registry],
  });
  const payouts = new Gauge({
    name: 'portal_payouts',
    help: 'Payouts in each status',
    labelNames: ['status'],
    registers: [registry],
  });
  const sockets = new Gauge({
    name: 'portal_live_connections',
    help: 'socket.io connections open on this node',
    registers: [registry],
  });

  app.get(
    '/metrics',
    { schema: { hide: true, ...fileRoute('text/plain', 'The metrics in the Prometheus text format') } },
    async (request, reply) => {
      const { token } = sources;
      // Unconfigured, the route does not exist as far as anyone can tell.
      if (!token) throw notFound();
      if (!bearerMatches(request.headers.authorization, token)) throw notAuthorized();
      const [queue, byStatus] = await Promise.all([sources.jobQueue(), sources.payoutsByStatus()]);
      jobsWaiting.set(queue.waiting);
      jobsOldest.set(queue.oldestWaitingSeconds);
      jobsGivenUp.set(queue.givenUp);
      for (const [status, count] of Object.entries(byStatus)) payouts.set({ status }, count);
      sockets.set(sources.liveConnections());
      return reply
        .type(registry.contentType)
        .header('Cache-Control', 'no-store')
        .send((await processMetrics().metrics()) + (await registry.metrics()));
    },
  );
}
