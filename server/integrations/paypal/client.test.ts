import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-stand-in';
import {
  centsToValue,
  createPayPalClient,
  PayPalRefusedError,
  PayPalTransientError,
  type PayPalSettings,
} from './client';
import { PAYOUT_ITEM_EVENT_TYPES, parsePayPalPayoutEvent } from './webhook-event';

let standIn: PayPalStandIn;
let sequence = 0;

beforeAll(async () => {
  standIn = await startPayPalStandIn();
});
afterAll(async () => {
  await standIn.close();
});
afterEach(() => {
  vi.useRealTimers();
  standIn.expiresIn = 32_400;
  standIn.duplicateLinks = true;
});

function settings(overrides: Partial<PayPalSettings> = {}): PayPalSettings {
  return {
    apiBase: standIn.url,
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    webhookId: standIn.webhookId,
    ...overrides,
  };
}

/** A payout of its own for each test: the stand-in remembers every sender_batch_id. */
function payout(
  overrides: Partial<Parameters<ReturnType<typeof createPayPalClient>['createPayout']>[0]> = {},
) {
  sequence += 1;
  return {
    senderBatchId: `payout-${sequence}-${Date.now()}`,
    senderItemId: `payout-item-${sequence}-${Date.now()}`,
    receiver: 'maya@example.com',
    amountCents: 12_34,
    currency: 'USD',
    subject: 'You have a payment from Sunbite Partners',
    note: 'Your commissions, invoice INV-2026-000012',
    ...overrides,
  };
}

const requestsTo = (path: string, since = 0) => standIn.requests.slice(since).filter((r) => r.path === path);

describe('amounts', () => {
  it('are written from integer cents with two decimals', () => {
    expect(centsToValue(1234)).toBe('12.34');
    expect(centsToValue(5)).toBe('0.05');
    expect(centsToValue(100_000)).toBe('1000.00');
    expect(centsToValue(1)).toBe('0.01');
    for (const bad of [0, -100, 12.5, Number.NaN, 2 ** 60])
      expect(() => centsToValue(bad)).toThrow(RangeError);
  });
});

describe('the access token', () => {
  it('is asked once and shared by many calls, concurrent ones included', async () => {
    const client = createPayPalClient(settings());
    const before = standIn.tokenRequests;
    // Concurrent first calls: one token request, shared.
    const created = await Promise.all(Array.from({ length: 5 }, () => client.createPayout(payout())));
    expect(standIn.tokenRequests - before).toBe(1);
    await Promise.all(created.map((c) => client.getPayoutBatch(c.batchId!)));
    await client.createPayout(payout());
    expect(standIn.tokenRequests - before).toBe(1);
  });

  it('is sent as HTTP Basic client credentials in a form body', async () => {
    const since = standIn.requests.length;
    await createPayPalClient(settings()).getPayoutBatch(
      (await createPayPalClient(settings()).createPayout(payout())).batchId!,
    );
    const [tokenRequest] = requestsTo('/v1/oauth2/token', since);
    expect(tokenRequest!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${standIn.clientId}:${standIn.clientSecret}`).toString('base64')}`,
    );
    expect(tokenRequest!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenRequest!.body).toBe('grant_type=client_credentials');
  });

  it('is renewed shortly before it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    standIn.expiresIn = 3600;
    const client = createPayPalClient(settings());
    const before = standIn.tokenRequests;
    const { batchId } = await client.createPayout(payout());
    vi.setSystemTime(new Date('2026-03-01T10:58:00Z'));
    await client.getPayoutBatch(batchId!);
    expect(standIn.tokenRequests - before).toBe(1);
    // Within the last minute: a new token before PayPal would refuse the old one.
    vi.setSystemTime(new Date('2026-03-01T10:59:30Z'));
    await client.getPayoutBatch(batchId!);
    expect(standIn.tokenRequests - before).toBe(2);
    vi.setSystemTime(new Date('2026-03-01T12:30:00Z'));
    await client.getPayoutBatch(batchId!);
    expect(standIn.tokenRequests - before).toBe(3);
  });

  it('is dropped on a 401 and the call tried once more with a new one', async () => {
    const client = createPayPalClient(settings());
    const { batchId } = await client.createPayout(payout());
    const before = standIn.tokenRequests;
    const since = standIn.requests.length;
    standIn.revokeTokens();
    const batch = await client.getPayoutBatch(batchId!);
    expect(batch.batchId).toBe(batchId);
    expect(standIn.tokenRequests - before).toBe(1);
    expect(standIn.requests.slice(since).map((r) => `${r.path} ${r.status}`)).toEqual([
      `/v1/payments/payouts/${batchId} 401`,
      '/v1/oauth2/token 200',
      `/v1/payments/payouts/${batchId} 200`,
    ]);
    // The new token is kept.
    await client.getPayoutBatch(batchId!);
    expect(standIn.tokenRequests - before).toBe(1);
  });

  it('refused for wrong credentials is a definitive error that does not show the secret', async () => {
    const client = createPayPalClient(settings({ clientSecret: 'not-the-secret-xyz' }));
    const error = await client.createPayout(payout()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalRefusedError);
    expect(error).toMatchObject({ status: 401, name_: 'invalid_client' });
    expect(String((error as Error).message)).not.toContain('not-the-secret-xyz');
    expect(String((error as Error).message)).not.toContain(standIn.clientSecret);
  });
});

describe('createPayout', () => {
  it('sends one EMAIL item with the amount as a two-decimal string and answers the new batch', async () => {
    const client = createPayPalClient(settings());
    const input = payout({ amountCents: 250_05, currency: 'usd' });
    const since = standIn.requests.length;
    const created = await client.createPayout(input);
    expect(created).toEqual({ batchId: expect.any(String), batchStatus: 'PENDING', duplicate: false });
    const [sent] = requestsTo('/v1/payments/payouts', since);
    expect(sent!.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent!.body)).toEqual({
      sender_batch_header: {
        sender_batch_id: input.senderBatchId,
        email_subject: input.subject,
        email_message: input.note,
      },
      items: [
        {
          recipient_type: 'EMAIL',
          receiver: 'maya@example.com',
          amount: { value: '250.05', currency: 'USD' },
          note: input.note,
          sender_item_id: input.senderItemId,
        },
      ],
    });
    expect(standIn.paidCount(input.senderBatchId)).toBe(1);
    expect(standIn.batchFor(input.senderBatchId)!.batchId).toBe(created.batchId);
  });

  it('refuses amounts and currencies it cannot send, before asking PayPal', async () => {
    const client = createPayPalClient(settings());
    const since = standIn.requests.length;
    await expect(client.createPayout(payout({ amountCents: 12.5 }))).rejects.toThrow(RangeError);
    await expect(client.createPayout(payout({ amountCents: 0 }))).rejects.toThrow(RangeError);
    await expect(client.createPayout(payout({ currency: 'JPY' }))).rejects.toThrow(RangeError);
    await expect(client.createPayout(payout({ currency: 'US' }))).rejects.toThrow(RangeError);
    expect(standIn.requests.length).toBe(since);
  });

  it('answers a sender_batch_id PayPal has seen as a duplicate with the existing batch, paid once', async () => {
    const client = createPayPalClient(settings());
    const input = payout();
    const first = await client.createPayout(input);
    const since = standIn.requests.length;
    const again = await client.createPayout(input);
    expect(again).toEqual({ batchId: first.batchId, batchStatus: null, duplicate: true });
    // What PayPal answered: 400 USER_BUSINESS_ERROR naming SENDER_BATCH_ID.
    const [answer] = requestsTo('/v1/payments/payouts', since);
    expect(answer!.status).toBe(400);
    expect(standIn.paidCount(input.senderBatchId)).toBe(1);
    expect(standIn.paymentsFor(input.senderItemId)).toHaveLength(1);
  });

  it('answers a duplicate without a batch id when PayPal does not link to it', async () => {
    const client = createPayPalClient(settings());
    const input = payout();
    await client.createPayout(input);
    standIn.duplicateLinks = false;
    expect(await client.createPayout(input)).toEqual({ batchId: null, batchStatus: null, duplicate: true });
    expect(standIn.paidCount(input.senderBatchId)).toBe(1);
  });

  it('turns a 5xx into a transient error, with nothing created, and the retry pays', async () => {
    const client = createPayPalClient(settings());
    const input = payout();
    standIn.failNextCreates(1, 503);
    const error = await client.createPayout(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalTransientError);
    expect(error).toMatchObject({ status: 503 });
    expect(standIn.paidCount(input.senderBatchId)).toBe(0);
    expect(standIn.batchFor(input.senderBatchId)).toBeUndefined();
    const retried = await client.createPayout(input);
    expect(retried.duplicate).toBe(false);
    expect(standIn.paidCount(input.senderBatchId)).toBe(1);
  });

  it('turns a 429 into a transient error', async () => {
    const client = createPayPalClient(settings());
    standIn.failNextCreates(1, 429);
    await expect(client.createPayout(payout())).rejects.toBeInstanceOf(PayPalTransientError);
  });

  it('after a 500 that created the batch, the retry is a duplicate and exactly one payment exists', async () => {
    const client = createPayPalClient(settings());
    const input = payout();
    standIn.createThenFail(1);
    await expect(client.createPayout(input)).rejects.toBeInstanceOf(PayPalTransientError);
    expect(standIn.paidCount(input.senderBatchId)).toBe(1);
    const retried = await client.createPayout(input);
    expect(retried).toEqual({
      batchId: standIn.batchFor(input.senderBatchId)!.batchId,
      batchStatus: null,
      duplicate: true,
    });
    expect(standIn.paidCount(input.senderBatchId)).toBe(1);
    expect(standIn.paymentsFor(input.senderItemId)).toHaveLength(1);
  });

  it('gives up on a slow answer with a transient error; the batch it made is found on retry', async () => {
    const client = createPayPalClient(settings({ timeoutMs: 200 }));
    const input = payout();
    standIn.delayNextCreate(1500);
    const started = Date.now();
    const error = await client.createPayout(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalTransientError);
    expect((error as Error).message).toContain('within 200 ms');
    expect(Date.now() - started).toBeLessThan(1500);
    const retried = await client.createPayout(input);
    expect(retried.duplicate).toBe(true);
    expect(retried.batchId).toBe(standIn.batchFor(input.senderBatchId)!.batchId);
    expect(standIn.paidCount(input.senderBatchId)).toBe(1);
  });

  it('turns an unreachable PayPal into a transient error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createPayPalClient(settings({ apiBase: `http://127.0.0.1:${port}` }));
    const error = await client.createPayout(payout()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalTransientError);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('turns a validation error into a definitive refusal with PayPal name, details and debug id', async () => {
    const client = createPayPalClient(settings());
    const input = payout({ receiver: 'not-an-email' });
    const error = await client.createPayout(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalRefusedError);
    expect(error).toMatchObject({
      status: 400,
      name_: 'VALIDATION_ERROR',
      debugId: expect.stringMatching(/^[0-9a-f]+$/),
    });
    expect((error as Error).message).toContain('items[0].receiver');
    expect(standIn.paidCount(input.senderBatchId)).toBe(0);
  });
});

describe('the stand-in checks a payout like PayPal', () => {
  async function post(body: unknown) {
    const tokenRes = await fetch(`${standIn.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${standIn.clientId}:${standIn.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const res = await fetch(`${standIn.url}/v1/payments/payouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { name?: string; details?: { field: string }[] },
    };
  }
  const item = (amount: unknown) => ({
    sender_batch_header: { sender_batch_id: `check-${++sequence}` },
    items: [{ recipient_type: 'EMAIL', receiver: 'a@b.co', amount }],
  });

  it('refuses malformed amounts and unknown currencies', async () => {
    for (const amount of [
      { value: '12.345', currency: 'USD' },
      { value: 12.34, currency: 'USD' },
      { value: '0.00', currency: 'USD' },
      { value: '1.00', currency: 'XYZ' },
    ]) {
      const answer = await post(item(amount));
      expect(answer.status).toBe(400);
      expect(answer.body.name).toBe('VALIDATION_ERROR');
      expect(answer.body.details![0]!.field).toMatch(/^items\[0\]\.amount\./);
    }
    expect((await post(item({ value: '1.5', currency: 'USD' }))).status).toBe(201);
  });

  it('refuses a call without a valid bearer token', async () => {
    const res = await fetch(`${standIn.url}/v1/payments/payouts/ANYTHING`, {
      headers: { authorization: 'Bearer forged' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { name: string }).name).toBe('AUTHENTICATION_FAILURE');
  });
});

describe('getPayoutBatch', () => {
  it('maps a paid batch', async () => {
    const client = createPayPalClient(settings());
    const input = payout();
    const { batchId } = await client.createPayout(input);
    const batch = await client.getPayoutBatch(batchId!);
    expect(batch).toEqual({
      batchId,
      senderBatchId: input.senderBatchId,
      batchStatus: 'SUCCESS',
      items: [
        {
          itemId: expect.any(String),
          senderItemId: input.senderItemId,
          transactionStatus: 'SUCCESS',
          transactionId: expect.any(String),
          error: null,
        },
      ],
    });
  });

  it("maps an unclaimed item with PayPal's reason, and a pending one", async () => {
    const client = createPayPalClient(settings());
    const input = payout();
    standIn.setItemOutcome(input.senderBatchId, 'UNCLAIMED');
    const { batchId } = await client.createPayout(input);
    const unclaimed = await client.getPayoutBatch(batchId!);
    expect(unclaimed.batchStatus).toBe('SUCCESS');
    expect(unclaimed.items[0]).toMatchObject({
      transactionStatus: 'UNCLAIMED',
      error: expect.stringMatching(/^RECEIVER_UNREGISTERED: /),
    });

    standIn.setItemOutcome(input.senderBatchId, 'PENDING');
    const pending = await client.getPayoutBatch(batchId!);
    expect(pending.batchStatus).toBe('PENDING');
    expect(pending.items[0]).toMatchObject({ transactionStatus: 'PENDING', error: null });

    const failedInput = payout();
    standIn.setItemOutcome(failedInput.senderBatchId, 'FAILED');
    const failed = await client.getPayoutBatch((await client.createPayout(failedInput)).batchId!);
    expect(failed.items[0]).toMatchObject({
      transactionStatus: 'FAILED',
      transactionId: null,
      error: expect.stringMatching(/^RECEIVER_ACCOUNT_LOCKED: /),
    });

    const heldInput = payout();
    standIn.setItemOutcome(heldInput.senderBatchId, 'ONHOLD');
    expect((await client.getPayoutBatch((await client.createPayout(heldInput)).batchId!)).batchStatus).toBe(
      'PROCESSING',
    );
  });

  it('refuses an unknown batch with a 404', async () => {
    const error = await createPayPalClient(settings())
      .getPayoutBatch('NOSUCHBATCH00')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalRefusedError);
    expect(error).toMatchObject({ status: 404, name_: 'INVALID_RESOURCE_ID' });
  });
});

describe('an unclaimed item: getPayoutItem and cancelPayoutItem', () => {
  /** A payout whose item PayPal reports UNCLAIMED. */
  async function unclaimed() {
    const client = createPayPalClient(settings());
    const input = payout();
    standIn.setItemOutcome(input.senderBatchId, 'UNCLAIMED');
    const { batchId } = await client.createPayout(input);
    const itemId = standIn.batchFor(input.senderBatchId)!.items[0]!.itemId;
    return { client, input, batchId: batchId!, itemId };
  }

  it('reads one item, with its batch and reason', async () => {
    const { client, input, batchId, itemId } = await unclaimed();
    expect(await client.getPayoutItem(itemId)).toEqual({
      itemId,
      senderItemId: input.senderItemId,
      transactionStatus: 'UNCLAIMED',
      transactionId: expect.any(String),
      error: expect.stringMatching(/^RECEIVER_UNREGISTERED: /),
      batchId,
      senderBatchId: input.senderBatchId,
    });
  });

  it('cancels an unclaimed item, which goes back to the sender (RETURNED); a second cancel says it was cancelled already', async () => {
    const { client, input, batchId, itemId } = await unclaimed();
    const since = standIn.requests.length;
    expect(await client.cancelPayoutItem(itemId)).toEqual({
      itemId,
      senderItemId: input.senderItemId,
      transactionStatus: 'RETURNED',
      transactionId: expect.any(String),
      error: null,
      batchId,
      senderBatchId: input.senderBatchId,
      alreadyCancelled: false,
    });
    const [request] = requestsTo(`/v1/payments/payouts-item/${itemId}/cancel`, since);
    expect(request).toMatchObject({ method: 'POST', status: 200 });
    expect(request!.headers.authorization).toMatch(/^Bearer /);
    expect(standIn.moneyFor(input.receiver).map((i) => i.itemId)).not.toContain(itemId);
    expect((await client.getPayoutItem(itemId)).transactionStatus).toBe('RETURNED');

    expect(await client.cancelPayoutItem(itemId)).toEqual({
      itemId,
      transactionStatus: 'RETURNED',
      alreadyCancelled: true,
    });
    expect(requestsTo(`/v1/payments/payouts-item/${itemId}/cancel`, since).map((r) => r.status)).toEqual([
      200, 400,
    ]);
  });

  it('refuses to cancel an item the receiver claimed: a definitive error, and the item shows SUCCESS', async () => {
    const { client, input, itemId } = await unclaimed();
    standIn.claimItem(input.senderBatchId);
    const error = await client.cancelPayoutItem(itemId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalRefusedError);
    expect(error).toMatchObject({ status: 400, name_: 'ITEM_INCORRECT_STATUS' });
    expect((error as Error).message).toContain('UNCLAIMED');
    expect((await client.getPayoutItem(itemId)).transactionStatus).toBe('SUCCESS');
  });

  it('refuses an unknown item with a 404', async () => {
    const client = createPayPalClient(settings());
    for (const call of [client.cancelPayoutItem('NOSUCHITEM000'), client.getPayoutItem('NOSUCHITEM000')]) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PayPalRefusedError);
      expect(error).toMatchObject({ status: 404, name_: 'INVALID_RESOURCE_ID' });
    }
  });

  it('turns a 5xx or 429 into a transient error, with nothing cancelled; the retry cancels', async () => {
    const { client, itemId } = await unclaimed();
    for (const status of [503, 429]) {
      standIn.failNextCancels(1, status);
      const error = await client.cancelPayoutItem(itemId).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PayPalTransientError);
      expect(error).toMatchObject({ status });
      expect(standIn.item(itemId)!.status).toBe('UNCLAIMED');
    }
    expect(await client.cancelPayoutItem(itemId)).toMatchObject({
      transactionStatus: 'RETURNED',
      alreadyCancelled: false,
    });
  });

  it('after a 500 that cancelled the item, the retry answers that it was cancelled already', async () => {
    const { client, itemId } = await unclaimed();
    standIn.cancelThenFail(1);
    await expect(client.cancelPayoutItem(itemId)).rejects.toBeInstanceOf(PayPalTransientError);
    expect(standIn.item(itemId)).toMatchObject({ status: 'RETURNED', cancelledAt: expect.any(String) });
    expect(await client.cancelPayoutItem(itemId)).toEqual({
      itemId,
      transactionStatus: 'RETURNED',
      alreadyCancelled: true,
    });
  });
});

describe('verifyWebhook', () => {
  async function paidBatch() {
    const input = payout();
    await createPayPalClient(settings()).createPayout(input);
    return input;
  }

  it('accepts an event PayPal signed, as raw text or parsed', async () => {
    const client = createPayPalClient(settings());
    const { senderBatchId } = await paidBatch();
    const signed = standIn.signedEvent(senderBatchId, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    expect(await client.verifyWebhook(signed.headers, signed.body)).toBe(true);
    expect(await client.verifyWebhook(signed.headers, Buffer.from(signed.body))).toBe(true);
    expect(await client.verifyWebhook(signed.headers, JSON.parse(signed.body))).toBe(true);
    // Header names in any case, and repeated headers, as Node may hand them over.
    const shouted = Object.fromEntries(
      Object.entries(signed.headers).map(([k, v]) => [k.toUpperCase(), [v]]),
    );
    expect(await client.verifyWebhook(shouted, signed.body)).toBe(true);
  });

  it('sends the transmission headers, our webhook id and the event as it came', async () => {
    const client = createPayPalClient(settings());
    const { senderBatchId } = await paidBatch();
    const signed = standIn.signedEvent(senderBatchId, 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED');
    const since = standIn.requests.length;
    await client.verifyWebhook(signed.headers, signed.body);
    const [sent] = requestsTo('/v1/notifications/verify-webhook-signature', since);
    expect(JSON.parse(sent!.body)).toEqual({
      transmission_id: signed.headers['paypal-transmission-id'],
      transmission_time: signed.headers['paypal-transmission-time'],
      transmission_sig: signed.headers['paypal-transmission-sig'],
      cert_url: signed.headers['paypal-cert-url'],
      auth_algo: 'SHA256withRSA',
      webhook_id: standIn.webhookId,
      webhook_event: signed.event,
    });
  });

  it('refuses a tampered, forged or misdirected event', async () => {
    const client = createPayPalClient(settings());
    const { senderBatchId } = await paidBatch();
    const signed = standIn.signedEvent(senderBatchId, 'PAYMENT.PAYOUTS-ITEM.FAILED');
    expect(await client.verifyWebhook(signed.headers, signed.body.replace('"FAILED"', '"SUCCESS"'))).toBe(
      false,
    );
    expect(
      await client.verifyWebhook(
        { ...signed.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') },
        signed.body,
      ),
    ).toBe(false);
    expect(
      await client.verifyWebhook(
        { ...signed.headers, 'paypal-cert-url': 'https://evil.example/cert.pem' },
        signed.body,
      ),
    ).toBe(false);
    // Signed for another listener's webhook id.
    const elsewhere = standIn.signedEvent(senderBatchId, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', {
      webhookId: 'OTHERWEBHOOK1',
    });
    expect(await client.verifyWebhook(elsewhere.headers, elsewhere.body)).toBe(false);
    // Our client configured with another webhook id.
    const misconfigured = createPayPalClient(settings({ webhookId: 'NOTOURWEBHOOK' }));
    expect(await misconfigured.verifyWebhook(signed.headers, signed.body)).toBe(false);
  });

  it('answers false without asking PayPal when it cannot be genuine', async () => {
    const { senderBatchId } = await paidBatch();
    const signed = standIn.signedEvent(senderBatchId, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    const since = standIn.requests.length;
    expect(
      await createPayPalClient(settings({ webhookId: undefined })).verifyWebhook(signed.headers, signed.body),
    ).toBe(false);
    const client = createPayPalClient(settings());
    const { 'paypal-transmission-sig': _sig, ...unsigned } = signed.headers;
    expect(await client.verifyWebhook(unsigned, signed.body)).toBe(false);
    expect(await client.verifyWebhook(signed.headers, 'not json')).toBe(false);
    expect(await client.verifyWebhook(signed.headers, '[1,2]')).toBe(false);
    expect(standIn.requests.length).toBe(since);
  });

  it('throws a transient error when PayPal cannot check it now', async () => {
    const client = createPayPalClient(settings());
    const { senderBatchId } = await paidBatch();
    const signed = standIn.signedEvent(senderBatchId, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    standIn.failNextVerifications(1);
    const error = await client.verifyWebhook(signed.headers, signed.body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalTransientError);
    expect(error).toMatchObject({ status: 503 });
    expect(await client.verifyWebhook(signed.headers, signed.body)).toBe(true);
  });
});

describe('parsePayPalPayoutEvent', () => {
  it('reads every payout-item event type', async () => {
    const input = payout();
    const { batchId } = await createPayPalClient(settings()).createPayout(input);
    for (const type of PAYOUT_ITEM_EVENT_TYPES) {
      const signed = standIn.signedEvent(input.senderBatchId, type);
      const parsed = parsePayPalPayoutEvent(JSON.parse(signed.body));
      expect(parsed).toEqual({
        ok: true,
        event: {
          id: signed.event.id,
          eventType: type,
          batchId,
          itemId: standIn.batchFor(input.senderBatchId)!.items[0]!.itemId,
          senderItemId: input.senderItemId,
          senderBatchId: input.senderBatchId,
          transactionStatus: expect.any(String),
          error:
            type === 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED' ||
            type === 'PAYMENT.PAYOUTS-ITEM.FAILED' ||
            type === 'PAYMENT.PAYOUTS-ITEM.BLOCKED'
              ? expect.any(String)
              : null,
        },
      });
    }
    const unclaimed = parsePayPalPayoutEvent(
      JSON.parse(standIn.signedEvent(input.senderBatchId, 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED').body),
    );
    expect(unclaimed.ok && unclaimed.event).toMatchObject({
      transactionStatus: 'UNCLAIMED',
      error: expect.stringMatching(/^RECEIVER_UNREGISTERED: /),
    });
    const held = parsePayPalPayoutEvent(
      JSON.parse(standIn.signedEvent(input.senderBatchId, 'PAYMENT.PAYOUTS-ITEM.HELD').body),
    );
    expect(held.ok && held.event).toMatchObject({ transactionStatus: 'ONHOLD', error: null });
  });

  const genuine = {
    id: 'WH-7Y7254563A4550640-11V2185806837105M',
    event_version: '1.0',
    create_time: '2026-03-01T10:00:00.000Z',
    resource_type: 'payouts_item',
    event_type: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
    summary: 'A payout item is unclaimed',
    resource: {
      payout_item_id: 'X8CUZMZFAJMB8',
      transaction_id: '5GR74669W57774449',
      transaction_status: 'UNCLAIMED',
      payout_batch_id: 'ARF4WZLU59N5J',
      payout_item: {
        recipient_type: 'EMAIL',
        amount: { value: '12.34', currency: 'USD' },
        receiver: 'maya@example.com',
        sender_item_id: '12',
      },
      errors: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered', details: {}, links: {} },
    },
  };

  it('takes a missing sender_batch_id as null and a bare errors name as the error', () => {
    expect(parsePayPalPayoutEvent(genuine)).toEqual({
      ok: true,
      event: {
        id: genuine.id,
        eventType: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
        batchId: 'ARF4WZLU59N5J',
        itemId: 'X8CUZMZFAJMB8',
        senderItemId: '12',
        senderBatchId: null,
        transactionStatus: 'UNCLAIMED',
        error: 'RECEIVER_UNREGISTERED: Receiver is unregistered',
      },
    });
    const bare = { ...genuine, resource: { ...genuine.resource, errors: { name: 'RECEIVER_UNREGISTERED' } } };
    expect(parsePayPalPayoutEvent(bare)).toMatchObject({
      ok: true,
      event: { error: 'RECEIVER_UNREGISTERED' },
    });
  });

  it('ignores event types that are not about payout items', () => {
    expect(
      parsePayPalPayoutEvent({
        ...genuine,
        event_type: 'PAYMENT.PAYOUTSBATCH.SUCCESS',
        resource: { batch_header: {} },
      }),
    ).toEqual({ ok: true, event: null });
    expect(parsePayPalPayoutEvent({ id: 'WH-1', event_type: 'CHECKOUT.ORDER.APPROVED' })).toEqual({
      ok: true,
      event: null,
    });
  });

  it('refuses bodies that are not well-formed events', () => {
    const { payout_item_id: _id, ...withoutItemId } = genuine.resource;
    const bad: unknown[] = [
      null,
      'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
      [genuine],
      { event_type: genuine.event_type, resource: genuine.resource },
      { ...genuine, id: '' },
      { ...genuine, event_type: 42 },
      { ...genuine, resource: undefined },
      { ...genuine, resource: withoutItemId },
      { ...genuine, resource: { ...genuine.resource, payout_batch_id: 7 } },
      { ...genuine, resource: { ...genuine.resource, transaction_status: null } },
      { ...genuine, resource: { ...genuine.resource, payout_item: {} } },
      { ...genuine, resource: { ...genuine.resource, payout_item_id: 'X'.repeat(65) } },
      { ...genuine, resource: { ...genuine.resource, payout_item: { sender_item_id: 'a\u0000b' } } },
      { ...genuine, resource: { ...genuine.resource, errors: 'RECEIVER_UNREGISTERED' } },
    ];
    for (const body of bad) {
      const parsed = parsePayPalPayoutEvent(body);
      expect(parsed.ok, JSON.stringify(body)).toBe(false);
      if (!parsed.ok) expect(parsed.error).not.toBe('');
    }
  });
});
