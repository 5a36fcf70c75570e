// PayPal Payouts behind one small interface, in PayPal's REST wire format. The base URL comes
// from configuration (PAYPAL_API_BASE) so tests point it at server/test/paypal-stand-in.ts.
//
// What PayPal does, and what this client is built on:
// - A payout is created by POST /v1/payments/payouts; PayPal answers 201 with
//   batch_header.payout_batch_id and batch_status PENDING. The item's outcome comes later: from
//   GET /v1/payments/payouts/{payout_batch_id} or from PAYMENT.PAYOUTS-ITEM.* webhooks.
// - PayPal keeps each sender_batch_id for 30 days and pays it at most once; after a 5xx it
//   documents that the same request may safely be sent again. A repeated sender_batch_id is
//   answered HTTP 400, name USER_BUSINESS_ERROR, with a `details` entry whose field is
//   SENDER_BATCH_ID and whose issue says the batch with that sender_batch_id already exists.
//   That entry carries a `link` array whose `self` href is the existing batch
//   (…/v1/payments/payouts/{payout_batch_id}); the top-level `links` is empty. Older answers
//   said "Duplicate batch request" and had no link, so the batch id is not always known.
//   Hence: a 5xx, a 429 or a time-out is retried by the caller with the SAME sender_batch_id,
//   and a duplicate answer means "sent already", never a failure.
// - The PayPal-Request-Id header does not make payouts idempotent; only sender_batch_id does.
// - API errors read { name, message, debug_id, information_link, details: [{ field, location,
//   issue }], links }; the token endpoint answers OAuth-style { error, error_description }.
// - An item PayPal reports UNCLAIMED (the receiver has no account yet) stays claimable for 30
//   days, then goes back to the sender (RETURNED). POST /v1/payments/payouts-item/{id}/cancel
//   ends it sooner: 200 with the item, whose transaction_status is then RETURNED. An item that
//   is not unclaimed is refused with HTTP 400: ITEM_ALREADY_CANCELLED when a cancel took it
//   already, ITEM_INCORRECT_STATUS (or ITEM_CANCELLATION_FAILED) otherwise, which does not say
//   what the item became: GET /v1/payments/payouts-item/{id} does.
// - A webhook is checked by POST /v1/notifications/verify-webhook-signature with the five
//   PAYPAL-* transmission headers, our webhook id and the event; PayPal answers
//   { verification_status: "SUCCESS" | "FAILURE" }.
import { z } from 'zod';
import { describePayoutItemErrors, payoutItemErrorsSchema } from './webhook-event';

export interface PayPalSettings {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  webhookId?: string | undefined;
  timeoutMs?: number;
}

/** No definitive answer (5xx, 429, time-out, network): retry later with the SAME sender_batch_id. */
export class PayPalTransientError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PayPalTransientError';
  }
}

/** A definitive 4xx: sending the same request again gets the same answer. */
export class PayPalRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly name_: string,
    readonly debugId?: string,
  ) {
    super(message);
    this.name = 'PayPalRefusedError';
  }
}

export interface PayoutItemOutcome {
  itemId: string;
  senderItemId: string | null;
  transactionStatus: string;
  transactionId: string | null;
  error: string | null;
}

export interface PayoutBatch {
  batchId: string;
  senderBatchId: string;
  batchStatus: string;
  items: PayoutItemOutcome[];
}

/** One payout item, as GET /v1/payments/payouts-item/{id} and the cancel call answer it. */
export interface PayoutItemDetails extends PayoutItemOutcome {
  batchId: string | null;
  senderBatchId: string | null;
}

/** The answer to a cancel: the item, now RETURNED. */
export type CancelledPayoutItem =
  | (PayoutItemDetails & { alreadyCancelled: false })
  /** PayPal answered that an earlier cancel took it already (it does not show the item then). */
  | { itemId: string; transactionStatus: 'RETURNED'; alreadyCancelled: true };

export interface CreatePayoutInput {
  senderBatchId: string;
  senderItemId: string;
  /** The partner's PayPal e-mail. */
  receiver: string;
  amountCents: number;
  currency: string;
  subject: string;
  note: string;
}

export interface PayPalClient {
  /** POST /v1/payments/payouts with one item. A sender_batch_id PayPal has seen already answers { duplicate: true, batchId (if PayPal's answer lets us know it, else null) } instead of throwing. */
  createPayout(
    input: CreatePayoutInput,
  ): Promise<{ batchId: string | null; batchStatus: string | null; duplicate: boolean }>;
  getPayoutBatch(batchId: string): Promise<PayoutBatch>;
  getPayoutItem(itemId: string): Promise<PayoutItemDetails>;
  /**
   * POST /v1/payments/payouts-item/{id}/cancel: an UNCLAIMED item goes back to the sender. An item
   * cancelled already answers { alreadyCancelled: true, transactionStatus: 'RETURNED' }; any
   * other item PayPal will not cancel (claimed meanwhile, say) is a PayPalRefusedError: ask
   * getPayoutItem what it became. 5xx, 429 and time-outs are PayPalTransientError.
   */
  cancelPayoutItem(itemId: string): Promise<CancelledPayoutItem>;
  /**
   * POST /v1/notifications/verify-webhook-signature with the transmission headers, webhook_id and
   * the event; true only for verification_status SUCCESS. Pass the raw body (string or Buffer)
   * when you have it: PayPal checks the event as it sent it, and parsing then re-serialising can
   * change it. Network/5xx failures throw PayPalTransientError (the route answers 5xx so PayPal
   * redelivers); no webhookId configured, a missing header or a body PayPal calls malformed → false.
   */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, event: unknown): Promise<boolean>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
// Renew the token this long before PayPal says it expires (at most half its lifetime).
const TOKEN_RENEW_MARGIN_MS = 60_000;
// PayPal refuses decimals for these; an amount in cents cannot be sent in them.
const ZERO_DECIMAL_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);
const TRANSMISSION_HEADERS = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

interface Answer {
  status: number;
  /** The parsed JSON body; null when there was none or it was not JSON. */
  body: unknown;
  debugId: string | undefined;
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

const errorSchema = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  details: z
    .array(
      z.looseObject({
        field: z.string().optional(),
        issue: z.string().optional(),
        link: z.array(z.looseObject({ href: z.string().optional(), rel: z.string().optional() })).optional(),
      }),
    )
    .optional(),
  links: z.array(z.looseObject({ href: z.string().optional(), rel: z.string().optional() })).optional(),
});

const createdSchema = z.looseObject({
  batch_header: z.looseObject({ payout_batch_id: z.string().min(1), batch_status: z.string().min(1) }),
});

const batchSchema = z.looseObject({
  batch_header: z.looseObject({
    payout_batch_id: z.string().min(1),
    batch_status: z.string().min(1),
    sender_batch_header: z.looseObject({ sender_batch_id: z.string() }),
  }),
  items: z
    .array(
      z.looseObject({
        payout_item_id: z.string().min(1),
        transaction_id: z.string().nullish(),
        transaction_status: z.string().min(1),
        payout_item: z.looseObject({ sender_item_id: z.string().nullish() }).optional(),
        errors: payoutItemErrorsSchema.nullish(),
      }),
    )
    .default([]),
});

const itemSchema = z.looseObject({
  payout_item_id: z.string().min(1),
  transaction_id: z.string().nullish(),
  transaction_status: z.string().min(1),
  payout_batch_id: z.string().nullish(),
  sender_batch_id: z.string().nullish(),
  payout_item: z.looseObject({ sender_item_id: z.string().nullish() }).optional(),
  errors: payoutItemErrorsSchema.nullish(),
});

const verificationSchema = z.looseObject({ verification_status: z.string() });

/** 1234 → "12.34", in integers only. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw new RangeError(`not a positive amount in cents: ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function isTransientStatus(status: number): boolean {
  // 408 is a time-out by another name.
  return status >= 500 || status === 429 || status === 408;
}

const PAYOUT_LINK = /\/v1\/payments\/payouts\/([^/?#]+)/;

/** The duplicate-sender_batch_id answer, and the existing batch's id when it links to it. */
function duplicateBatch(answer: Answer): { batchId: string | null } | null {
  if (answer.status !== 400) return null;
  const parsed = errorSchema.safeParse(answer.body);
  if (!parsed.success || parsed.data.name !== 'USER_BUSINESS_ERROR') return null;
  const detail = parsed.data.details?.find(
    (d) => /sender_batch_id/i.test(d.field ?? '') && /already exists|duplicate/i.test(d.issue ?? ''),
  );
  if (!detail) return null;
  const hrefs = [...(detail.link ?? []), ...(parsed.data.links ?? [])].map((l) => l.href ?? '');
  for (const href of hrefs) {
    const m = PAYOUT_LINK.exec(href);
    if (m) return { batchId: decodeURIComponent(m[1]!) };
  }
  return { batchId: null };
}

function itemDetails(item: z.infer<typeof itemSchema>): PayoutItemDetails {
  return {
    itemId: item.payout_item_id,
    senderItemId: item.payout_item?.sender_item_id ?? null,
    transactionStatus: item.transaction_status,
    transactionId: item.transaction_id ?? null,
    error: describePayoutItemErrors(item.errors),
    batchId: item.payout_batch_id ?? null,
    senderBatchId: item.sender_batch_id ?? null,
  };
}

function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (first) return first;
  }
  return undefined;
}

/** The event as JSON text to place in the verification request, or null when it is not a JSON object. */
function eventJson(event: unknown): string | null {
  if (typeof event === 'string' || Buffer.isBuffer(event)) {
    const raw = event.toString();
    try {
      const value: unknown = JSON.parse(raw);
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? raw.trim() : null;
    } catch {
      return null;
    }
  }
  return event !== null && typeof event === 'object' && !Array.isArray(event) ? JSON.stringify(event) : null;
}

export function createPayPalClient(settings: PayPalSettings, fetchImpl: typeof fetch = fetch): PayPalClient {
  const base = settings.apiBase.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');

  let cached: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function send(path: string, init: RequestInit, what: string): Promise<Answer> {
    try {
      const res = await fetchImpl(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      const debugId = res.headers.get('paypal-debug-id') ?? undefined;
      return { status: res.status, body, debugId };
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new PayPalTransientError(`PayPal did not answer ${what} within ${timeoutMs} ms`);
      }
      const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
      const reason =
        typeof cause?.code === 'string'
          ? cause.code
          : error instanceof Error
            ? error.message
            : 'unknown error';
      throw new PayPalTransientError(`PayPal unreachable for ${what}: ${reason}`);
    }
  }

  /** Throws the error an unwanted answer stands for. */
  function fail(answer: Answer, what: string): never {
    const parsed = errorSchema.safeParse(answer.body);
    const body = parsed.success ? parsed.data : {};
    const name = body.name ?? body.error ?? `HTTP_${answer.status}`;
    const debugId = body.debug_id ?? answer.debugId;
    const issues = (body.details ?? [])
      .map((d) => [d.field, d.issue].filter(Boolean).join(': '))
      .filter(Boolean)
      .join('; ');
    const message = [
      `PayPal answered ${what} with ${answer.status} ${name}`,
      body.message ?? body.error_description,
      issues,
    ]
      .filter(Boolean)
      .join(' - ');
    if (isTransientStatus(answer.status)) throw new PayPalTransientError(message, answer.status);
    throw new PayPalRefusedError(message, answer.status, name, debugId);
  }

  async function fetchToken(): Promise<string> {
    const requestedAt = Date.now();
    const answer = await send(
      '/v1/oauth2/token',
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      'the token request',
    );
    if (answer.status !== 200) fail(answer, 'the token request');
    const token = tokenSchema.safeParse(answer.body);
    if (!token.success)
      throw new PayPalTransientError('PayPal answered the token request with an unreadable body');
    const lifetimeMs = token.data.expires_in * 1000;
    cached = {
      token: token.data.access_token,
      renewAt: requestedAt + lifetimeMs - Math.min(TOKEN_RENEW_MARGIN_MS, lifetimeMs / 2),
    };
    return token.data.access_token;
  }

  function accessToken(): Promise<string> {
    if (cached && Date.now() < cached.renewAt) return Promise.resolve(cached.token);
    // Concurrent callers share one token request.
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** An API call with the bearer token; a 401 drops the token and tries once more with a new one. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    what: string,
  ): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken();
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const answer = await send(path, { method, headers, ...(body !== undefined ? { body } : {}) }, what);
      if (answer.status !== 401 || attempt > 0) return answer;
      if (cached?.token === token) cached = null;
    }
  }

  return {
    async createPayout(input) {
      const value = centsToValue(input.amountCents);
      const currency = input.currency.toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency) || ZERO_DECIMAL_CURRENCIES.has(currency)) {
        throw new RangeError(`not a currency with cents: ${input.currency}`);
      }
      const body = JSON.stringify({
        sender_batch_header: {
          sender_batch_id: input.senderBatchId,
          email_subject: input.subject,
          email_message: input.note,
        },
        items: [
          {
            recipient_type: 'EMAIL',
            receiver: input.receiver,
            amount: { value, currency },
            note: input.note,
            sender_item_id: input.senderItemId,
          },
        ],
      });
      const what = `payout ${input.senderBatchId}`;
      const answer = await call('POST', '/v1/payments/payouts', body, what);
      if (answer.status >= 200 && answer.status < 300) {
        const created = createdSchema.safeParse(answer.body);
        // The batch may well exist: the caller retries with the same sender_batch_id and learns it.
        if (!created.success)
          throw new PayPalTransientError(`PayPal accepted ${what} with an unreadable answer`, answer.status);
        const header = created.data.batch_header;
        return { batchId: header.payout_batch_id, batchStatus: header.batch_status, duplicate: false };
      }
      const duplicate = duplicateBatch(answer);
      if (duplicate) return { batchId: duplicate.batchId, batchStatus: null, duplicate: true };
      return fail(answer, what);
    },

    async getPayoutBatch(batchId) {
      const what = `payout batch ${batchId}`;
      const answer = await call(
        'GET',
        `/v1/payments/payouts/${encodeURIComponent(batchId)}`,
        undefined,
        what,
      );
      if (answer.status !== 200) fail(answer, what);
      const parsed = batchSchema.safeParse(answer.body);
      if (!parsed.success)
        throw new PayPalTransientError(`PayPal answered ${what} with an unreadable body`, answer.status);
      const { batch_header, items } = parsed.data;
      return {
        batchId: batch_header.payout_batch_id,
        senderBatchId: batch_header.sender_batch_header.sender_batch_id,
        batchStatus: batch_header.batch_status,
        items: items.map((item) => ({
          itemId: item.payout_item_id,
          senderItemId: item.payout_item?.sender_item_id ?? null,
          transactionStatus: item.transaction_status,
          transactionId: item.transaction_id ?? null,
          error: describePayoutItemErrors(item.errors),
        })),
      };
    },

    async getPayoutItem(itemId) {
      const what = `payout item ${itemId}`;
      const answer = await call(
        'GET',
        `/v1/payments/payouts-item/${encodeURIComponent(itemId)}`,
        undefined,
        what,
      );
      if (answer.status !== 200) fail(answer, what);
      const parsed = itemSchema.safeParse(answer.body);
      if (!parsed.success)
        throw new PayPalTransientError(`PayPal answered ${what} with an unreadable body`, answer.status);
      return itemDetails(parsed.data);
    },

    async cancelPayoutItem(itemId) {
      const what = `the cancel of payout item ${itemId}`;
      const answer = await call(
        'POST',
        `/v1/payments/payouts-item/${encodeURIComponent(itemId)}/cancel`,
        undefined,
        what,
      );
      if (answer.status >= 200 && answer.status < 300) {
        const parsed = itemSchema.safeParse(answer.body);
        // It may well be cancelled: asked again, PayPal says so.
        if (!parsed.success)
          throw new PayPalTransientError(`PayPal answered ${what} with an unreadable body`, answer.status);
        return { ...itemDetails(parsed.data), alreadyCancelled: false };
      }
      const error = errorSchema.safeParse(answer.body);
      if (answer.status === 400 && error.success && error.data.name === 'ITEM_ALREADY_CANCELLED') {
        return { itemId, transactionStatus: 'RETURNED', alreadyCancelled: true };
      }
      return fail(answer, what);
    },

    async verifyWebhook(headers, event) {
      if (!settings.webhookId) return false;
      const transmission: Record<string, string> = {};
      for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
        const value = headerValue(headers, header);
        if (!value) return false;
        transmission[field] = value;
      }
      const json = eventJson(event);
      if (json === null) return false;
      // The event goes in as the JSON text we were given, so PayPal checks what it signed.
      const head = JSON.stringify({ ...transmission, webhook_id: settings.webhookId });
      const body = `${head.slice(0, -1)},"webhook_event":${json}}`;
      const what = 'the webhook signature check';
      const answer = await call('POST', '/v1/notifications/verify-webhook-signature', body, what);
      if (answer.status === 200) {
        const parsed = verificationSchema.safeParse(answer.body);
        if (!parsed.success)
          throw new PayPalTransientError(`PayPal answered ${what} with an unreadable body`, answer.status);
        return parsed.data.verification_status === 'SUCCESS';
      }
      // A malformed transmission (forged headers, say) is the request's fault, not ours.
      if (answer.status === 400 || answer.status === 422) return false;
      return fail(answer, what);
    },
  };
}
