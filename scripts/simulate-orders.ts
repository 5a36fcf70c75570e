// `npm run simulate-orders -- --url http://localhost:3000 --rate 5 --count 100 --codes MAYA15`
// Posts correctly signed Shopify `orders/paid` webhooks to a running portal: a live demo (watch
// the dashboard's bell), and the load driver of the benchmark. Bounded by --count.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { keepAliveClient } from './lib/keep-alive-client';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { signShopifyBody } from '../server/integrations/shopify/webhooks';

const PRODUCTS: [string, number][] = [
  ['ACV Gummies', 2499],
  ['Dreamy Sleep Gummies', 2499],
  ['Matcha Mind Gummies', 2999],
  ['Calm Bites', 2999],
  ['Kids Multi Gummies', 2299],
];

export interface SimulationOptions {
  url: string;
  secret: string;
  rate: number;
  count: number;
  codes: string[];
  concurrency?: number;
}

/** One signed webhook, ready to send. */
function signedOrder(options: SimulationOptions, i: number) {
  const code = options.codes[i % options.codes.length] ?? null;
  const [title, price] = PRODUCTS[i % PRODUCTS.length]!;
  const items: [string, number, number][] = [[title, 1 + (i % 3), price]];
  const body = JSON.stringify(shopifyOrderPayload({ code, items, country: ['CA', 'US', 'FR'][i % 3]! }));
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/paid',
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-shop-domain': 'sunbite.myshopify.com',
      'x-shopify-hmac-sha256': signShopifyBody(body, options.secret),
    },
  };
}

/**
 * Sends `count` signed orders at about `rate` per second (0: as fast as the portal answers, the
 * payloads signed beforehand so that the sender is not what is measured); answers the outcome
 * counts, when sending started (epoch ms) and the time taken.
 */
export async function simulateOrders(options: SimulationOptions, onProgress?: (sent: number) => void) {
  const prepared =
    options.rate > 0 ? undefined : Array.from({ length: options.count }, (_, i) => signedOrder(options, i));
  const startedAt = Date.now();
  const started = performance.now();
  const outcomes: Record<string, number> = {};
  let sent = 0;
  const interval = options.rate > 0 ? 1000 / options.rate : 0;
  const inFlight = new Set<Promise<void>>();
  const concurrency = options.concurrency ?? 16;
  const client = keepAliveClient(options.url, concurrency);
  for (let i = 0; i < options.count; i++) {
    const { body, headers } = prepared?.[i] ?? signedOrder(options, i);
    const request = client
      .request('POST', '/api/webhooks/shopify', headers, body)
      .then((res) => {
        const ok = res.status >= 200 && res.status < 300;
        const key = ok
          ? String((JSON.parse(res.body.toString('utf8')) as { data?: { outcome?: string } }).data?.outcome)
          : `http ${res.status}`;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      })
      .catch(() => {
        outcomes.unreachable = (outcomes.unreachable ?? 0) + 1;
      })
      .finally(() => {
        inFlight.delete(request);
        sent++;
        onProgress?.(sent);
      });
    inFlight.add(request);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (interval) await new Promise((r) => setTimeout(r, interval));
  }
  await Promise.all(inFlight);
  client.close();
  return { outcomes, startedAt, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      rate: { type: 'string', default: '2' },
      count: { type: 'string', default: '20' },
      codes: { type: 'string', default: 'MAYA15' },
      secret: { type: 'string', default: process.env.SHOPIFY_WEBHOOK_SECRET ?? '' },
    },
  });
  const rate = Number(values.rate);
  const count = Number(values.count);
  if (!values.secret) {
    console.error('Set SHOPIFY_WEBHOOK_SECRET (the server must have the same) or pass --secret.');
    process.exit(2);
  }
  if (!Number.isFinite(rate) || rate < 0 || !Number.isInteger(count) || count < 1 || count > 1_000_000) {
    console.error(
      '--rate must be a number ≥ 0 (0: as fast as possible) and --count a whole number from 1 to 1,000,000.',
    );
    process.exit(2);
  }
  console.log(
    `Sending ${count} signed orders/paid webhooks to ${values.url} at ${rate || 'full'} per second…`,
  );
  const result = await simulateOrders(
    {
      url: values.url!,
      secret: values.secret,
      rate,
      count,
      codes: values
        .codes!.split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    },
    (sent) => {
      if (sent % 10 === 0 || sent === count) process.stdout.write(`\r  ${sent}/${count}`);
    },
  );
  console.log(
    `\nDone in ${result.seconds.toFixed(1)} s (${(count / result.seconds).toFixed(0)} orders/s):`,
    result.outcomes,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
