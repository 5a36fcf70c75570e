// GET /metrics (decisions/041): hidden while METRICS_TOKEN is unset, refused without the token,
// and, with it, the series of issue 14 counted from what really happened: requests by route
// pattern, Shopify deliveries by outcome, mail, the job queue, payouts by status, open sockets.
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import type { TestApp } from '../test/app';
import { bearer, createPartnerWithEarnings, createStaffWithToken } from '../test/payouts-fixture';
import type { FixturePartner } from '../test/payouts-fixture';
import { deliver, shopifyOrderPayload } from '../test/shopify';
import { startTestSmtp } from '../test/smtp';
import type { TestSmtp } from '../test/smtp';
import { createPromoCode } from '../modules/promo-codes/service';

const TOKEN = 'metrics-test-scrape-token-0123456789';
const CLIENT = 'metrics-test-public-client-token-000';
const SECRET = 'metrics-test-webhook-secret';

/** One sample of the text format: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (among others); undefined when absent. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers the JSON 404 of any unknown path, token or not', async () => {
    const t = await createTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ code: 404, error: 'not_found', message: 'Not Found' });
      }
    } finally {
      await t.close();
    }
  });

  it('is refused at start when the token is too short', async () => {
    const { loadConfig, ConfigError } = await import('../config');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in the middle of it' })).toThrow(
      /METRICS_TOKEN must be printable ASCII/,
    );
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let payee: FixturePartner;
  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return { text: res.body, samples: parseMetrics(res.body) };
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        PUBLIC_CLIENT_TOKEN: CLIENT,
        SHOPIFY_WEBHOOK_SECRET: SECRET,
        SMTP_URL: smtp.url,
      },
    });
    payee = await createPartnerWithEarnings(t.database.db, { approved: [4000, 2000] });
    await createPromoCode(t.database.db, payee.id, 'METRIC15');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses a missing or wrong token with the 401 of the contract', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-some-length',
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
    }
  });

  it('answers the text format with the right token, process metrics included', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const samples = parseMetrics(res.body);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts requests by route pattern, method and status, never by URL', async () => {
    const staff = await createStaffWithToken(t.database.db, 'manager');
    const uuid = (
      await t.database.db
        .selectFrom('partners')
        .select('uuid')
        .where('id', '=', payee.id)
        .executeTakeFirstOrThrow()
    ).uuid;
    const before = (await scrape()).samples;
    const route = '/api/manager/partners/:uuid';
    const countOf = (samples: Sample[], labels: Record<string, string>) =>
      valueOf(samples, 'portal_http_requests_total', labels) ?? 0;

    for (let i = 0; i < 2; i++)
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/manager/partners/${uuid}`,
            headers: bearer(staff.token),
          })
        ).statusCode,
      ).toBe(200);
    const unknownPartner = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/manager/partners/${unknownPartner}`,
          headers: bearer(staff.token),
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' })).statusCode).toBe(404);
    // The HEAD twin Fastify adds to a GET route is counted once, under its own method.
    expect(
      (
        await t.app.inject({
          method: 'HEAD',
          url: `/api/manager/partners/${uuid}`,
          headers: bearer(staff.token),
        })
      ).statusCode,
    ).toBe(200);

    const { text, samples } = await scrape();
    expect(
      countOf(samples, { method: 'GET', route, status_code: '200' }) -
        countOf(before, { method: 'GET', route, status_code: '200' }),
    ).toBe(2);
    expect(
      countOf(samples, { method: 'GET', route, status_code: '404' }) -
        countOf(before, { method: 'GET', route, status_code: '404' }),
    ).toBe(1);
    expect(
      countOf(samples, { method: 'HEAD', route, status_code: '200' }) -
        countOf(before, { method: 'HEAD', route, status_code: '200' }),
    ).toBe(1);
    // No route answered: one label for every such URL.
    expect(
      countOf(samples, { method: 'GET', route: 'unmatched', status_code: '404' }) -
        countOf(before, { method: 'GET', route: 'unmatched', status_code: '404' }),
    ).toBe(1);
    // The latency histogram: by status class, its count matching the requests, its buckets cumulative.
    const durations = { method: 'GET', route, status_class: '2xx' };
    expect(valueOf(samples, 'portal_http_request_duration_seconds_count', durations)).toBe(2);
    expect(
      valueOf(samples, 'portal_http_request_duration_seconds_bucket', { ...durations, le: '+Inf' }),
    ).toBe(2);
    expect(valueOf(samples, 'portal_http_request_duration_seconds_sum', durations)).toBeGreaterThan(0);
    expect(
      valueOf(samples, 'portal_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status_class: '4xx',
      }),
    ).toBe(1);
    // The URLs themselves are nowhere.
    expect(text).not.toContain(uuid);
    expect(text).not.toContain(unknownPartner);
    expect(text).not.toContain('no-such-thing');
    // Every route label is a declared pattern or `unmatched`.
    const routes = new Set(
      samples.filter((s) => s.name === 'portal_http_requests_total').map((s) => s.labels.route),
    );
    expect([...routes].sort()).toEqual(['/api/manager/partners/:uuid', '/metrics', 'unmatched']);
  });

  it('counts Shopify deliveries by outcome', async () => {
    const before = (await scrape()).samples;
    const delta = (samples: Sample[], outcome: string) =>
      (valueOf(samples, 'portal_shopify_webhook_deliveries_total', { outcome }) ?? 0) -
      (valueOf(before, 'portal_shopify_webhook_deliveries_total', { outcome }) ?? 0);
    const order = shopifyOrderPayload({ code: 'METRIC15' });
    expect(
      (await deliver(t.app, 'orders/paid', order, { secret: SECRET, webhookId: 'metrics-1' })).json().data
        .outcome,
    ).toBe('processed');
    expect(
      (await deliver(t.app, 'orders/paid', order, { secret: SECRET, webhookId: 'metrics-1' })).json().data
        .outcome,
    ).toBe('duplicate');
    expect(
      (await deliver(t.app, 'products/update', { id: 1, title: 'Gummies' }, { secret: SECRET })).json().data
        .outcome,
    ).toBe('ignored');
    const poison = { ...shopifyOrderPayload({ code: 'METRIC15' }), created_at: 'not a date' };
    expect((await deliver(t.app, 'orders/paid', poison, { secret: SECRET })).json().data.outcome).toBe(
      'rejected',
    );
    expect(
      (await deliver(t.app, 'orders/paid', order, { secret: SECRET, signature: 'AAAA' })).statusCode,
    ).toBe(401);

    const { samples } = await scrape();
    expect(
      Object.fromEntries(
        ['processed', 'duplicate', 'ignored', 'rejected', 'unauthorized', 'failed'].map((o) => [
          o,
          delta(samples, o),
        ]),
      ),
    ).toEqual({
      processed: 1,
      duplicate: 1,
      ignored: 1,
      rejected: 1,
      unauthorized: 1,
      failed: 0,
    });
    expect(
      valueOf(samples, 'portal_http_requests_total', {
        method: 'POST',
        route: '/api/webhooks/shopify',
        status_code: '200',
      }),
    ).toBe(4);
  });

  it('reads the job queue, payouts by status and mail as they are', async () => {
    // Start from a queue with nothing left to run.
    await t.app.background.tick();
    let { samples } = await scrape();
    expect(valueOf(samples, 'portal_job_queue_depth')).toBe(0);
    expect(valueOf(samples, 'portal_job_queue_oldest_age_seconds')).toBe(0);
    expect(valueOf(samples, 'portal_job_queue_given_up')).toBe(0);
    expect(valueOf(samples, 'portal_payouts', { status: 'PENDING' })).toBe(0);
    expect(valueOf(samples, 'portal_mail_sent_total', { transport: 'smtp' })).toBe(0);

    // An order: its follow-up queued as a job, not run yet (the background is ticked by hand).
    expect(
      (
        await deliver(t.app, 'orders/paid', shopifyOrderPayload({ code: 'METRIC15' }), { secret: SECRET })
      ).json().data.outcome,
    ).toBe('processed');
    // A job out of attempts stays for a person; it is counted apart and does not age the queue.
    await t.database.db
      .insertInto('jobs')
      .values({
        kind: 'metrics_test',
        payload: '{}',
        run_after: '2020-01-01T00:00:00.000Z',
        attempts: 8,
        locked_until: null,
        done_at: null,
        last_error: 'gave up',
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
    // A cash-out: a PENDING payout.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payMeNow', headers: bearer(payee.token) })).statusCode,
    ).toBe(201);
    ({ samples } = await scrape());
    expect(valueOf(samples, 'portal_job_queue_depth')).toBe(1);
    expect(valueOf(samples, 'portal_job_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'portal_job_queue_oldest_age_seconds')).toBeLessThan(60);
    expect(valueOf(samples, 'portal_job_queue_given_up')).toBe(1);
    const payouts = Object.fromEntries(
      samples.filter((s) => s.name === 'portal_payouts').map((s) => [s.labels.status, s.value]),
    );
    expect(payouts).toEqual({
      PENDING: 1,
      IN_REVIEW: 0,
      APPROVED: 0,
      MANAGER_IN_REVIEW: 0,
      MANAGER_APPROVED: 0,
      PAID: 0,
      REJECTED: 0,
      MANAGER_REJECTED: 0,
    });

    // The job runs; the queue is empty again but for the one given up.
    await t.app.background.tick();
    ({ samples } = await scrape());
    expect(valueOf(samples, 'portal_job_queue_depth')).toBe(0);
    expect(valueOf(samples, 'portal_job_queue_given_up')).toBe(1);

    // A password-reset mail through the SMTP server, then one it refuses.
    const forgot = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        headers: { authorization: `Bearer ${CLIENT}` },
        payload: { email },
      });
    expect((await forgot(payee.email)).statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const other = await createPartnerWithEarnings(t.database.db, {});
    smtp.refuse(true);
    try {
      expect((await forgot(other.email)).statusCode).toBe(500);
    } finally {
      smtp.refuse(false);
    }
    ({ samples } = await scrape());
    expect(valueOf(samples, 'portal_mail_sent_total', { transport: 'smtp' })).toBe(1);
    expect(valueOf(samples, 'portal_mail_failed_total', { transport: 'smtp' })).toBe(1);
  });

  it('counts the sockets open on this node', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect(valueOf((await scrape()).samples, 'portal_live_connections')).toBe(0);
    const socket = connect(url, {
      auth: { token: payee.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      expect(valueOf((await scrape()).samples, 'portal_live_connections')).toBe(1);
    } finally {
      socket.close();
    }
    await expect.poll(async () => valueOf((await scrape()).samples, 'portal_live_connections')).toBe(0);
  });
});
