// One kind of client of the soak (scripts/soak.ts), in a worker thread of its own so that the
// clients do not share the event loop of the soak's stand-ins (PayPal, SMTP) or of each other.
// Each request goes to the next node in turn, as a load balancer without health checks would send
// it: while a node is down its share fails (the figures count those apart, soak-stats.ts), and a
// client that must get its request through (Shopify, a partner cashing out) tries the next node.
// The worker runs until the main thread posts 'stop', then answers its samples and its record.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { shopifyOrderPayload } from '../../server/integrations/shopify/sample-payloads';
import { shopifyHeaders } from '../../server/test/shopify';
import type { Sample } from './soak-stats';

export type SoakTask =
  | { kind: 'reads'; action: string; nodes: string[]; tokens: string[]; paths: string[]; concurrency: number }
  | { kind: 'links'; nodes: string[]; codes: string[]; concurrency: number }
  | {
      kind: 'webhooks';
      nodes: string[];
      secret: string;
      codes: string[];
      perSecond: number;
      concurrency: number;
      idBase: number;
      duplicates: boolean;
      count?: number;
    }
  | { kind: 'cashouts'; nodes: string[]; cashers: { id: number; token: string }[]; perSecond: number }
  | { kind: 'review'; nodes: string[]; reviewers: string[]; manager: string };

/** A webhook Shopify got a 2xx for: the order must be in the ledger exactly once. */
export interface Acknowledged {
  orderId: string;
  webhookId: string;
  lineItems: number;
  code: string;
  subtotalCents: number;
  outcome: string;
}

/** A payout request the portal accepted (201), or one that got no answer (it may have been made). */
export interface CashOut {
  partnerId: number;
  payoutId: number | null;
  node: number;
  at: number;
  status: number;
}

export interface Decision {
  payoutId: number;
  action: 'approve' | 'reject';
  stage: 'review' | 'manager';
  status: number;
}

export interface WorkerResult {
  samples: Sample[];
  acknowledged: Acknowledged[];
  /** Orders sent whose webhook never got a 2xx (given up at the end). */
  unacknowledged: string[];
  cashOuts: CashOut[];
  decisions: Decision[];
  startedAt: number;
  endedAt: number;
}

const task = workerData as SoakTask;
let stopping = false;
parentPort?.on('message', (message) => {
  if (message === 'stop') stopping = true;
});

const result: WorkerResult = {
  samples: [],
  acknowledged: [],
  unacknowledged: [],
  cashOuts: [],
  decisions: [],
  startedAt: Date.now(),
  endedAt: 0,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let turn = 0;
const nextNode = () => turn++ % task.nodes.length;

interface Answer {
  status: number;
  body: unknown;
}

/** One request, recorded as a sample of `action`; a network failure answers status 0. */
async function request(
  action: string,
  node: number,
  path: string,
  init: RequestInit & { expectJson?: boolean } = {},
): Promise<Answer> {
  const at = Date.now();
  const started = performance.now();
  try {
    const res = await fetch(task.nodes[node] + path, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    result.samples.push({ action, node, at, ms: performance.now() - started, status: res.status });
    let body: unknown = undefined;
    if (init.expectJson && text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: res.status, body };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const code = cause?.code ?? (error as Error).name;
    result.samples.push({ action, node, at, ms: performance.now() - started, status: 0, error: code });
    return { status: 0, body: undefined };
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `concurrency` loops of `step` until stopped. */
async function loops(concurrency: number, step: (i: number) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stopping) await step(i++);
    }),
  );
}

/** Starts `step` about `perSecond` times a second, at most `concurrency` at once, until stopped (or `count` started). */
async function paced(
  perSecond: number,
  concurrency: number,
  step: (i: number) => Promise<void>,
  count = Number.POSITIVE_INFINITY,
) {
  const inFlight = new Set<Promise<void>>();
  const interval = perSecond > 0 ? 1000 / perSecond : 0;
  const t0 = performance.now();
  for (let i = 0; i < count && !stopping; i++) {
    if (interval) {
      const due = t0 + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    const run: Promise<void> = step(i).finally(() => inFlight.delete(run));
    inFlight.add(run);
  }
  await Promise.all(inFlight);
}

async function reads(t: Extract<SoakTask, { kind: 'reads' }>) {
  await loops(t.concurrency, async (i) => {
    await request(t.action, nextNode(), t.paths[i % t.paths.length]!, {
      headers: bearer(t.tokens[(i * 7) % t.tokens.length]!),
    });
  });
}

async function links(t: Extract<SoakTask, { kind: 'links' }>) {
  await loops(t.concurrency, async (i) => {
    await request('short links', nextNode(), `/s/${t.codes[(i * 13) % t.codes.length]}`, {
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; soak)', referer: 'https://www.instagram.com/' },
    });
  });
}

const PRODUCTS: [string, number][] = [
  ['ACV Gummies', 2499],
  ['Dreamy Sleep Gummies', 2499],
  ['Matcha Mind Gummies', 2999],
  ['Calm Bites', 2999],
];

/**
 * Signed orders/paid webhooks, each retried on the next node until a 2xx (as Shopify retries).
 * With `duplicates`, Shopify's repeats are sent too: of every 20 orders, one delivery goes to two
 * nodes at once, two are delivered again after their answer (same webhook id), and one order
 * arrives again under a new webhook id (Shopify's second delivery of the same event).
 */
async function webhooks(t: Extract<SoakTask, { kind: 'webhooks' }>, action = 'webhooks') {
  const deliver = async (
    body: string,
    webhookId: string,
    node: number,
  ): Promise<{ status: number; outcome: string }> => {
    const headers = shopifyHeaders('orders/paid', body, { secret: t.secret, webhookId });
    const answer = await request(action, node, '/api/webhooks/shopify', {
      method: 'POST',
      headers,
      body,
      expectJson: true,
    });
    const outcome = String((answer.body as { data?: { outcome?: string } } | undefined)?.data?.outcome ?? '');
    return { status: answer.status, outcome };
  };
  /** Until a 2xx, the next node each time; after the stop, for 30 s more at most. */
  const untilAcknowledged = async (body: string, webhookId: string, first: number) => {
    const giveUpAt = () => (stopping ? Date.now() + 30_000 : Number.POSITIVE_INFINITY);
    let deadline = giveUpAt();
    for (let attempt = 0, node = first; ; attempt++, node = (node + 1) % t.nodes.length) {
      const { status, outcome } = await deliver(body, webhookId, node);
      if (status >= 200 && status < 300) return outcome;
      if (!Number.isFinite(deadline)) deadline = giveUpAt();
      if (Date.now() > deadline) return undefined;
      await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 4)));
    }
  };
  await paced(
    t.perSecond,
    t.concurrency,
    async (i) => {
      const code = t.codes[(i * 31) % t.codes.length]!;
      const [title, price] = PRODUCTS[i % PRODUCTS.length]!;
      const items: [string, number, number][] =
        i % 4 === 0
          ? [
              [title, 1, price],
              ['Calm Bites', 2, 2999],
            ]
          : [[title, 1 + (i % 3), price]];
      const payload = shopifyOrderPayload({
        id: t.idBase + i,
        code,
        items,
        country: ['CA', 'US', 'FR'][i % 3]!,
      });
      const body = JSON.stringify(payload);
      const webhookId = randomUUID();
      const orderId = String(payload.id);
      const record = (outcome: string | undefined, id = webhookId) => {
        if (outcome === undefined) result.unacknowledged.push(orderId);
        else
          result.acknowledged.push({
            orderId,
            webhookId: id,
            lineItems: items.length,
            code,
            subtotalCents: Math.round(Number(payload.subtotal_price) * 100),
            outcome,
          });
      };
      const node = nextNode();
      const kind = t.duplicates ? i % 20 : -1;
      if (kind === 0) {
        // The same delivery to two nodes at once.
        const [a, b] = await Promise.all([
          untilAcknowledged(body, webhookId, node),
          untilAcknowledged(body, webhookId, (node + 1) % t.nodes.length),
        ]);
        record(a);
        record(b);
        return;
      }
      record(await untilAcknowledged(body, webhookId, node));
      if (kind === 5 || kind === 10)
        record(await untilAcknowledged(body, webhookId, (node + 1) % t.nodes.length));
      if (kind === 15) {
        const again = randomUUID();
        record(await untilAcknowledged(body, again, (node + 2) % t.nodes.length), again);
      }
    },
    t.count,
  );
}

/**
 * Partners asking for their payout, about `perSecond` a second. One ask in five is a double click
 * that reaches two nodes at once: exactly one may be accepted. An ask that gets no answer (its node
 * died) is asked again on the next node, as the partner would.
 */
async function cashOuts(t: Extract<SoakTask, { kind: 'cashouts' }>) {
  const ask = async (partner: { id: number; token: string }, node: number) => {
    const at = Date.now();
    const answer = await request('cash-outs', node, '/api/payMeNow', {
      method: 'POST',
      headers: bearer(partner.token),
      expectJson: true,
    });
    const payoutId =
      answer.status === 201 ? ((answer.body as { data?: { id?: number } }).data?.id ?? null) : null;
    result.cashOuts.push({ partnerId: partner.id, payoutId, node, at, status: answer.status });
    return answer.status;
  };
  let next = 0;
  await paced(t.perSecond, 8, async (i) => {
    const partner = t.cashers[next++];
    if (!partner) return;
    const node = nextNode();
    const statuses =
      i % 5 === 0
        ? await Promise.all([ask(partner, node), ask(partner, (node + 1) % t.nodes.length)])
        : [await ask(partner, node)];
    for (let retry = 1; retry < t.nodes.length && statuses.every((s) => s === 0 || s >= 500); retry++) {
      await sleep(300);
      statuses.push(await ask(partner, (node + retry) % t.nodes.length));
    }
    // A partner who saw the payout made reads their cash-out page.
    if (statuses.includes(201))
      await request('cash-outs', nextNode(), '/api/getPayMeNowStats', { headers: bearer(partner.token) });
  });
}

interface QueueRow {
  id: number;
  status: string;
}

/**
 * Staff at work on the payout queue: two reviewers on the first stage, taking the same oldest
 * payouts (so that one of them meets the other's decision: 409), and a manager on the second
 * stage. Each reads the payout before deciding; one in ten is rejected.
 */
async function review(t: Extract<SoakTask, { kind: 'review' }>) {
  const desk = async (
    token: string,
    status: 'PENDING' | 'MANAGER_IN_REVIEW',
    stage: 'review' | 'manager',
  ) => {
    while (!stopping) {
      const list = await request(
        'staff review',
        nextNode(),
        `/api/manager/payouts?status=${status}&page=1&length=10`,
        { headers: bearer(token), expectJson: true },
      );
      const rows = list.status === 200 ? ((list.body as { data: QueueRow[] }).data ?? []) : [];
      if (rows.length === 0) {
        await sleep(500);
        continue;
      }
      for (const row of rows) {
        if (stopping) break;
        await request('staff review', nextNode(), `/api/manager/payouts/${row.id}`, {
          headers: bearer(token),
        });
        const action = stage === 'review' && row.id % 10 === 3 ? 'reject' : 'approve';
        const decided = await request(
          'staff decisions',
          nextNode(),
          `/api/manager/payouts/${row.id}/review`,
          {
            method: 'POST',
            headers: { ...bearer(token), 'content-type': 'application/json' },
            body: JSON.stringify({
              action,
              expected_status: status,
              ...(action === 'reject' ? { reason: 'Soak: the code was shared on a coupon site.' } : {}),
            }),
          },
        );
        result.decisions.push({ payoutId: row.id, action, stage, status: decided.status });
      }
    }
  };
  await Promise.all([
    ...t.reviewers.map((token) => desk(token, 'PENDING', 'review')),
    desk(t.manager, 'MANAGER_IN_REVIEW', 'manager'),
  ]);
}

async function run() {
  switch (task.kind) {
    case 'reads':
      return reads(task);
    case 'links':
      return links(task);
    case 'webhooks':
      return webhooks(task, task.count === undefined ? 'webhooks' : 'ingestion');
    case 'cashouts':
      return cashOuts(task);
    case 'review':
      return review(task);
  }
}

void run().then(() => {
  result.endedAt = Date.now();
  parentPort!.postMessage(result);
});
