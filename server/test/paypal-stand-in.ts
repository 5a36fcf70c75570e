// A local stand-in for PayPal's REST API (OAuth token, Payouts, webhook signature check) that
// speaks PayPal's wire format over real HTTP, with knobs for the failures that matter to a
// payout: a 5xx before or after the batch exists, an answer too slow to wait for, a duplicate
// sender_batch_id, each item outcome, the cancel of an unclaimed item, a receiver claiming it. It keeps what a test needs to prove that no payout is
// ever paid twice: every request received and every batch actually created.
//
// Webhook signatures: PayPal signs "transmission id|time|webhook id|CRC of the body" with its
// certificate and checks it for us at /v1/notifications/verify-webhook-signature. Here an HMAC
// key that never leaves this process plays the certificate, over a SHA-256 of the event: only
// events this stand-in built, sent to the right webhook id, unchanged, verify.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PayPalItemStatus =
  | 'SUCCESS'
  | 'FAILED'
  | 'UNCLAIMED'
  | 'RETURNED'
  | 'BLOCKED'
  | 'REFUNDED'
  | 'REVERSED'
  | 'PENDING'
  | 'ONHOLD';

export type PayoutItemEventName =
  | 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED'
  | 'PAYMENT.PAYOUTS-ITEM.FAILED'
  | 'PAYMENT.PAYOUTS-ITEM.RETURNED'
  | 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED'
  | 'PAYMENT.PAYOUTS-ITEM.BLOCKED'
  | 'PAYMENT.PAYOUTS-ITEM.REFUNDED'
  | 'PAYMENT.PAYOUTS-ITEM.REVERSED'
  | 'PAYMENT.PAYOUTS-ITEM.CANCELED'
  | 'PAYMENT.PAYOUTS-ITEM.DENIED'
  | 'PAYMENT.PAYOUTS-ITEM.HELD';

export interface PayPalStandInOptions {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  /** Seconds each access token lives (PayPal's are about 9 hours). */
  expiresIn?: number;
  /** A fixed port (the browser tests start the portal pointing at it); any free one by default. */
  port?: number;
}

export interface StandInItem {
  itemId: string;
  senderItemId: string | null;
  receiver: string;
  recipientType: string;
  value: string;
  currency: string;
  note: string | null;
  /** Set once the item has a transaction (not while PENDING, FAILED or BLOCKED). */
  transactionId: string | null;
  status: string;
  /** When POST /v1/payments/payouts-item/{id}/cancel took it back (it is RETURNED then). */
  cancelledAt: string | null;
}

export interface StandInBatch {
  batchId: string;
  senderBatchId: string | null;
  emailSubject: string | null;
  emailMessage: string | null;
  createdAt: string;
  items: StandInItem[];
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The status the stand-in answered (undefined while the answer is delayed). */
  status?: number;
}

export interface SignedEvent {
  /** The exact JSON text PayPal would POST. */
  body: string;
  event: Record<string, unknown>;
  /** The transmission headers PayPal sends with it. */
  headers: Record<string, string>;
}

export interface PayPalStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Seconds tokens issued from now on live. */
  expiresIn: number;
  /** When false, a duplicate sender_batch_id is answered the older way, without the link to the existing batch. */
  duplicateLinks: boolean;
  /** Milliseconds every call waits before it is handled (0 by default): rounds on several nodes then overlap. */
  latencyMs: number;
  readonly tokenRequests: number;
  readonly requests: ReceivedRequest[];
  /** Batches by payout_batch_id, in creation order. */
  readonly batches: Map<string, StandInBatch>;
  /** How many batches were created (paid) for this sender_batch_id: never more than 1. */
  paidCount(senderBatchId: string): number;
  /** Every item paid to this sender_item_id, across batches: a retry that changed its sender_batch_id shows here twice. */
  paymentsFor(senderItemId: string): StandInItem[];
  /**
   * Every item whose money went, or may still go, to this receiver: paid (SUCCESS), claimable
   * (UNCLAIMED) or not settled yet (PENDING, ONHOLD). Failed, returned, cancelled, blocked,
   * refunded, reversed and denied items are not in it.
   */
  moneyFor(receiver: string): StandInItem[];
  /** The item with this payout_item_id, in any batch. */
  item(itemId: string): StandInItem | undefined;
  batchFor(senderBatchId: string): StandInBatch | undefined;
  /** The next n creates answer `status` (5xx or 429) without creating anything. */
  failNextCreates(n: number, status?: number): void;
  /** The next n creates create the batch, then answer 500: the caller cannot know it went through. */
  createThenFail(n: number): void;
  /** The next create creates its batch at once but answers only after `ms`. */
  delayNextCreate(ms: number): void;
  /** The outcome of a batch's items ('default': of batches created from now on without their own). */
  setItemOutcome(senderBatchId: string | 'default', status: PayPalItemStatus): void;
  /** The receiver opens a PayPal account and claims the batch's UNCLAIMED item: it becomes SUCCESS. Throws for an item that is not UNCLAIMED. */
  claimItem(senderBatchId: string): StandInItem;
  /** The next n cancels answer `status` (5xx or 429) without cancelling anything. */
  failNextCancels(n: number, status?: number): void;
  /** The next n cancels cancel the item, then answer 500: the caller cannot know it went through. */
  cancelThenFail(n: number): void;
  /** Every token issued so far stops working: the next API call gets a 401. */
  revokeTokens(): void;
  /** The next n signature checks answer `status` (503 by default). */
  failNextVerifications(n: number, status?: number): void;
  /** A PayPal-signed PAYMENT.PAYOUTS-ITEM.* event for the batch's item; the batch's item takes the event's status. */
  signedEvent(
    senderBatchId: string,
    eventType: PayoutItemEventName,
    options?: { webhookId?: string },
  ): SignedEvent;
  close(): Promise<void>;
}

const INFORMATION_LINK = 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors';
const SUPPORTED_CURRENCIES = new Set([
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'RUB',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
]);
const ZERO_DECIMAL_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const AUTH_ALGO = 'SHA256withRSA';

// What each item status looks like: the batch around it, and the `errors` PayPal attaches.
const OUTCOMES: Record<
  PayPalItemStatus,
  { batch: string; transaction: boolean; errors?: { name: string; message: string } }
> = {
  SUCCESS: { batch: 'SUCCESS', transaction: true },
  FAILED: {
    batch: 'SUCCESS',
    transaction: false,
    errors: {
      name: 'RECEIVER_ACCOUNT_LOCKED',
      message: "The receiver's account is locked or inactive; the money went back to the sender.",
    },
  },
  UNCLAIMED: {
    batch: 'SUCCESS',
    transaction: true,
    errors: {
      name: 'RECEIVER_UNREGISTERED',
      message:
        'The receiver has no PayPal account yet. They were invited to open one; unclaimed after 30 days, the money returns to the sender.',
    },
  },
  RETURNED: { batch: 'SUCCESS', transaction: true },
  BLOCKED: {
    batch: 'SUCCESS',
    transaction: false,
    errors: { name: 'RISK_DECLINE', message: 'The payment was blocked by a risk review.' },
  },
  REFUNDED: { batch: 'SUCCESS', transaction: true },
  REVERSED: { batch: 'SUCCESS', transaction: true },
  PENDING: { batch: 'PENDING', transaction: false },
  ONHOLD: { batch: 'PROCESSING', transaction: true },
};

const EVENT_STATUS: Record<PayoutItemEventName, string> = {
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED': 'SUCCESS',
  'PAYMENT.PAYOUTS-ITEM.FAILED': 'FAILED',
  'PAYMENT.PAYOUTS-ITEM.RETURNED': 'RETURNED',
  'PAYMENT.PAYOUTS-ITEM.UNCLAIMED': 'UNCLAIMED',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED': 'BLOCKED',
  'PAYMENT.PAYOUTS-ITEM.REFUNDED': 'REFUNDED',
  'PAYMENT.PAYOUTS-ITEM.REVERSED': 'REVERSED',
  // A canceled unclaimed item goes back to the sender: PayPal shows it RETURNED.
  'PAYMENT.PAYOUTS-ITEM.CANCELED': 'RETURNED',
  'PAYMENT.PAYOUTS-ITEM.DENIED': 'DENIED',
  'PAYMENT.PAYOUTS-ITEM.HELD': 'ONHOLD',
};

/** A PayPal-looking id: upper-case letters and digits. */
function paypalId(length = 13): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

function toCents(value: string): number {
  const [units, decimals = ''] = value.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}

function centsToValue(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

interface Detail {
  field: string;
  location: 'body';
  issue: string;
  /** On a duplicate sender_batch_id: the existing batch. */
  link?: { href: string; rel: string; method: string; encType: string }[];
}

export async function startPayPalStandIn(options: PayPalStandInOptions = {}): Promise<PayPalStandIn> {
  const clientId = options.clientId ?? `AStandIn${paypalId(20)}`;
  const clientSecret = options.clientSecret ?? `EStandIn${paypalId(24)}`;
  const webhookId = options.webhookId ?? paypalId(17);
  const signingKey = randomBytes(32);

  const tokens = new Map<string, number>(); // access token → expiry (ms since epoch)
  const batches = new Map<string, StandInBatch>();
  const bySenderBatchId = new Map<string, StandInBatch>();
  const paid = new Map<string, number>();
  const outcomes = new Map<string, PayPalItemStatus>(); // sender_batch_id or 'default' → status for new batches
  const transmissions = new Map<string, { certUrl: string; authAlgo: string }>();
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let tokenRequests = 0;
  const knobs = {
    failCreates: 0,
    failStatus: 500,
    createThenFail: 0,
    delayMs: 0,
    failVerifications: 0,
    verifyStatus: 503,
    failCancels: 0,
    failCancelStatus: 500,
    cancelThenFail: 0,
  };

  let url = '';

  const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

  function send(req: ReceivedRequest, res: http.ServerResponse, status: number, body: unknown) {
    req.status = status;
    // The caller may have given up (time-out): there is no one left to answer.
    if (res.destroyed || res.writableEnded) return;
    const id = isObject(body) && typeof body.debug_id === 'string' ? body.debug_id : debugId();
    res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': id });
    res.end(JSON.stringify(body));
  }

  function apiError(name: string, message: string, details: Detail[] = []) {
    return { name, message, debug_id: debugId(), information_link: INFORMATION_LINK, details, links: [] };
  }

  function authenticated(req: http.IncomingMessage): boolean {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const expiry = m ? tokens.get(m[1]!) : undefined;
    return expiry !== undefined && Date.now() < expiry;
  }

  const authFailure = () => ({
    name: 'AUTHENTICATION_FAILURE',
    message:
      'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
  });

  function token(req: http.IncomingMessage, body: string): [number, unknown] {
    tokenRequests += 1;
    const m = /^Basic (\S+)$/.exec(req.headers.authorization ?? '');
    const credentials = m ? Buffer.from(m[1]!, 'base64').toString() : '';
    if (credentials !== `${clientId}:${clientSecret}`) {
      return [401, { error: 'invalid_client', error_description: 'Client Authentication failed' }];
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return [400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' }];
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + stand.expiresIn * 1000);
    return [
      200,
      {
        scope:
          'https://uri.paypal.com/services/payments/payouts https://uri.paypal.com/services/applications/webhooks',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: stand.expiresIn,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      },
    ];
  }

  /** PayPal's checks of a create-payout body: the details of each problem, empty when it is fine. */
  function validatePayout(body: Record<string, unknown>): Detail[] {
    const details: Detail[] = [];
    const problem = (field: string, issue: string) => details.push({ field, location: 'body', issue });
    const header = body.sender_batch_header;
    if (!isObject(header)) problem('sender_batch_header', 'Required field is missing.');
    else {
      if (
        header.sender_batch_id !== undefined &&
        (typeof header.sender_batch_id !== 'string' || header.sender_batch_id.length > 256)
      ) {
        problem('sender_batch_header.sender_batch_id', 'Must be a string of at most 256 characters.');
      }
      if (
        header.email_subject !== undefined &&
        (typeof header.email_subject !== 'string' || header.email_subject.length > 255)
      ) {
        problem('sender_batch_header.email_subject', 'Must be a string of at most 255 characters.');
      }
      if (
        header.email_message !== undefined &&
        (typeof header.email_message !== 'string' || header.email_message.length > 1000)
      ) {
        problem('sender_batch_header.email_message', 'Must be a string of at most 1000 characters.');
      }
    }
    const items = body.items;
    if (!Array.isArray(items) || items.length === 0) {
      problem('items', 'At least one payout item is required.');
      return details;
    }
    if (items.length > 15000) problem('items', 'A batch holds at most 15000 items.');
    items.forEach((item: unknown, i) => {
      const at = `items[${i}]`;
      if (!isObject(item)) return problem(at, 'Must be an object.');
      const type = item.recipient_type ?? (isObject(header) ? header.recipient_type : undefined) ?? 'EMAIL';
      if (!['EMAIL', 'PHONE', 'PAYPAL_ID'].includes(String(type).toUpperCase())) {
        problem(`${at}.recipient_type`, 'Recipient type must be EMAIL, PHONE or PAYPAL_ID.');
      }
      if (typeof item.receiver !== 'string' || !item.receiver)
        problem(`${at}.receiver`, 'Required field is missing.');
      else if (String(type).toUpperCase() === 'EMAIL' && !EMAIL.test(item.receiver)) {
        problem(`${at}.receiver`, 'Receiver is invalid or does not match with type');
      }
      const amount = item.amount;
      if (!isObject(amount)) return problem(`${at}.amount`, 'Required field is missing.');
      const currency = amount.currency;
      if (typeof currency !== 'string' || !SUPPORTED_CURRENCIES.has(currency)) {
        problem(`${at}.amount.currency`, 'Currency code is invalid or not supported.');
      }
      const value = amount.value;
      if (typeof value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(value)) {
        problem(
          `${at}.amount.value`,
          'Amount must be a positive decimal string with at most 2 decimal places.',
        );
      } else if (toCents(value) <= 0) {
        problem(`${at}.amount.value`, 'Amount must be greater than zero.');
      } else if (
        typeof currency === 'string' &&
        ZERO_DECIMAL_CURRENCIES.has(currency) &&
        value.includes('.')
      ) {
        problem(`${at}.amount.value`, 'Currency does not support decimals.');
      }
      if (item.note !== undefined && (typeof item.note !== 'string' || item.note.length > 4000)) {
        problem(`${at}.note`, 'Must be a string of at most 4000 characters.');
      }
      if (
        item.sender_item_id !== undefined &&
        (typeof item.sender_item_id !== 'string' || item.sender_item_id.length > 63)
      ) {
        problem(`${at}.sender_item_id`, 'Must be a string of at most 63 characters.');
      }
    });
    return details;
  }

  const batchLink = (batchId: string) => `${url}/v1/payments/payouts/${batchId}`;

  function createBatch(body: Record<string, unknown>): StandInBatch {
    const header = body.sender_batch_header as Record<string, unknown>;
    const senderBatchId = typeof header.sender_batch_id === 'string' ? header.sender_batch_id : null;
    const status = (senderBatchId && outcomes.get(senderBatchId)) || outcomes.get('default') || 'SUCCESS';
    const batch: StandInBatch = {
      batchId: paypalId(),
      senderBatchId,
      emailSubject: typeof header.email_subject === 'string' ? header.email_subject : null,
      emailMessage: typeof header.email_message === 'string' ? header.email_message : null,
      createdAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      items: (body.items as Record<string, unknown>[]).map((item) => {
        const amount = item.amount as { value: string; currency: string };
        return {
          itemId: paypalId(),
          senderItemId: typeof item.sender_item_id === 'string' ? item.sender_item_id : null,
          receiver: item.receiver as string,
          recipientType: String(item.recipient_type ?? 'EMAIL').toUpperCase(),
          value: centsToValue(toCents(amount.value)),
          currency: amount.currency,
          note: typeof item.note === 'string' ? item.note : null,
          transactionId: null,
          status,
          cancelledAt: null,
        };
      }),
    };
    applyStatus(batch, status);
    batches.set(batch.batchId, batch);
    if (senderBatchId) {
      bySenderBatchId.set(senderBatchId, batch);
      paid.set(senderBatchId, (paid.get(senderBatchId) ?? 0) + 1);
    }
    return batch;
  }

  function applyStatus(batch: StandInBatch, status: string) {
    for (const item of batch.items) setStatus(item, status);
  }

  function setStatus(item: StandInItem, status: string) {
    const outcome = OUTCOMES[status as PayPalItemStatus];
    item.status = status;
    if (outcome?.transaction ?? status !== 'DENIED') item.transactionId ??= paypalId(17);
  }

  function findItem(itemId: string): { batch: StandInBatch; item: StandInItem } | undefined {
    for (const batch of batches.values()) {
      const item = batch.items.find((i) => i.itemId === itemId);
      if (item) return { batch, item };
    }
    return undefined;
  }

  function batchStatus(batch: StandInBatch): string {
    return OUTCOMES[batch.items[0]?.status as PayPalItemStatus]?.batch ?? 'SUCCESS';
  }

  function itemErrors(status: string) {
    const errors = OUTCOMES[status as PayPalItemStatus]?.errors;
    return errors ? { ...errors, information_link: INFORMATION_LINK, details: [], links: [] } : undefined;
  }

  /** An item as GET /v1/payments/payouts/{id} and the webhook events show it. */
  function itemJson(batch: StandInBatch, item: StandInItem) {
    const errors = itemErrors(item.status);
    return {
      payout_item_id: item.itemId,
      ...(item.transactionId ? { transaction_id: item.transactionId } : {}),
      transaction_status: item.status,
      payout_item_fee: { currency: item.currency, value: '0.00' },
      payout_batch_id: batch.batchId,
      ...(batch.senderBatchId ? { sender_batch_id: batch.senderBatchId } : {}),
      payout_item: {
        recipient_type: item.recipientType,
        amount: { currency: item.currency, value: item.value },
        ...(item.note !== null ? { note: item.note } : {}),
        receiver: item.receiver,
        ...(item.senderItemId !== null ? { sender_item_id: item.senderItemId } : {}),
        recipient_wallet: 'PAYPAL',
      },
      time_processed: batch.createdAt,
      ...(errors ? { errors } : {}),
      links: [
        {
          href: `${url}/v1/payments/payouts-item/${item.itemId}`,
          rel: 'item',
          method: 'GET',
          encType: 'application/json',
        },
      ],
    };
  }

  /** GET /v1/payments/payouts-item/{id}: the item, with links to itself and its batch. */
  function itemDetailsJson(batch: StandInBatch, item: StandInItem) {
    return {
      ...itemJson(batch, item),
      links: [
        {
          href: `${url}/v1/payments/payouts-item/${item.itemId}`,
          rel: 'self',
          method: 'GET',
          encType: 'application/json',
        },
        { href: batchLink(batch.batchId), rel: 'batch', method: 'GET', encType: 'application/json' },
      ],
    };
  }

  /**
   * POST /v1/payments/payouts-item/{id}/cancel: only an UNCLAIMED item can be cancelled; it becomes
   * RETURNED (the money goes back to the sender) and the answer is the item. Any other item is
   * refused with a 400 that names why, not what the item became.
   */
  function cancelItem(itemId: string): [number, unknown] {
    if (knobs.failCancels > 0) {
      knobs.failCancels -= 1;
      const status = knobs.failCancelStatus;
      return [
        status,
        status === 429
          ? apiError('RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.')
          : apiError('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'),
      ];
    }
    const found = findItem(itemId);
    if (!found) return [404, apiError('INVALID_RESOURCE_ID', 'Requested resource ID was not found.')];
    const { batch, item } = found;
    if (item.cancelledAt)
      return [400, apiError('ITEM_ALREADY_CANCELLED', 'Requested item is already cancelled.')];
    if (item.status !== 'UNCLAIMED') {
      return [
        400,
        apiError('ITEM_INCORRECT_STATUS', 'You can only cancel items that are in UNCLAIMED state.'),
      ];
    }
    setStatus(item, 'RETURNED');
    item.cancelledAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    if (knobs.cancelThenFail > 0) {
      knobs.cancelThenFail -= 1;
      return [500, apiError('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.')];
    }
    return [200, itemDetailsJson(batch, item)];
  }

  function senderBatchHeader(batch: StandInBatch) {
    return {
      ...(batch.senderBatchId !== null ? { sender_batch_id: batch.senderBatchId } : {}),
      ...(batch.emailSubject !== null ? { email_subject: batch.emailSubject } : {}),
      ...(batch.emailMessage !== null ? { email_message: batch.emailMessage } : {}),
    };
  }

  function batchJson(batch: StandInBatch) {
    const status = batchStatus(batch);
    const currency = batch.items[0]?.currency ?? 'USD';
    const total = batch.items.reduce((sum, item) => sum + toCents(item.value), 0);
    return {
      batch_header: {
        payout_batch_id: batch.batchId,
        batch_status: status,
        time_created: batch.createdAt,
        ...(status === 'SUCCESS' ? { time_completed: batch.createdAt } : {}),
        sender_batch_header: senderBatchHeader(batch),
        funding_source: 'BALANCE',
        amount: { currency, value: centsToValue(total) },
        fees: { currency, value: '0.00' },
      },
      items: batch.items.map((item) => itemJson(batch, item)),
      links: [{ href: batchLink(batch.batchId), rel: 'self', method: 'GET', encType: 'application/json' }],
    };
  }

  async function createPayout(req: ReceivedRequest, res: http.ServerResponse, raw: string) {
    if (knobs.failCreates > 0) {
      knobs.failCreates -= 1;
      const status = knobs.failStatus;
      const body =
        status === 429
          ? apiError('RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.')
          : apiError('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.');
      return send(req, res, status, body);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(
        req,
        res,
        400,
        apiError('MALFORMED_REQUEST', 'Incoming JSON request does not map to API request'),
      );
    }
    if (!isObject(body))
      return send(
        req,
        res,
        400,
        apiError('MALFORMED_REQUEST', 'Incoming JSON request does not map to API request'),
      );
    const details = validatePayout(body);
    if (details.length)
      return send(req, res, 400, apiError('VALIDATION_ERROR', 'Invalid request - see details', details));

    const senderBatchId = (body.sender_batch_header as Record<string, unknown>).sender_batch_id;
    const existing = typeof senderBatchId === 'string' ? bySenderBatchId.get(senderBatchId) : undefined;
    if (existing) {
      const link = [
        { href: batchLink(existing.batchId), rel: 'self', method: 'GET', encType: 'application/json' },
      ];
      // Today's answer links to the existing batch; older ones said only "Duplicate batch request".
      const detail: Detail = stand.duplicateLinks
        ? {
            field: 'SENDER_BATCH_ID',
            location: 'body',
            issue: 'Batch with given sender_batch_id already exists',
            link,
          }
        : { field: 'SENDER_BATCH_ID', location: 'body', issue: 'Duplicate batch request' };
      return send(req, res, 400, apiError('USER_BUSINESS_ERROR', 'User business error.', [detail]));
    }

    const batch = createBatch(body);
    if (knobs.createThenFail > 0) {
      knobs.createThenFail -= 1;
      return send(req, res, 500, apiError('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'));
    }
    if (knobs.delayMs > 0) {
      const ms = knobs.delayMs;
      knobs.delayMs = 0;
      await pause(ms);
    }
    send(req, res, 201, {
      batch_header: {
        payout_batch_id: batch.batchId,
        batch_status: 'PENDING',
        sender_batch_header: senderBatchHeader(batch),
      },
      links: [{ href: batchLink(batch.batchId), rel: 'self', method: 'GET', encType: 'application/json' }],
    });
  }

  function signature(transmissionId: string, time: string, forWebhookId: string, eventText: string): string {
    return createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${forWebhookId}|${sha256(eventText)}`)
      .digest('base64');
  }

  function verify(raw: string): [number, unknown] {
    if (knobs.failVerifications > 0) {
      knobs.failVerifications -= 1;
      return [knobs.verifyStatus, apiError('SERVICE_UNAVAILABLE', 'Service Unavailable.')];
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return [400, apiError('MALFORMED_REQUEST', 'Incoming JSON request does not map to API request')];
    }
    if (!isObject(body))
      return [400, apiError('MALFORMED_REQUEST', 'Incoming JSON request does not map to API request')];
    const details: Detail[] = [];
    for (const field of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ]) {
      if (typeof body[field] !== 'string' || !body[field])
        details.push({ field, location: 'body', issue: 'Required field is missing.' });
    }
    if (!isObject(body.webhook_event))
      details.push({ field: 'webhook_event', location: 'body', issue: 'Required field is missing.' });
    if (details.length) return [400, apiError('VALIDATION_ERROR', 'Invalid request - see details', details)];
    const fields = body as Record<string, string>;
    const issued = transmissions.get(fields.transmission_id!);
    const expected = signature(
      fields.transmission_id!,
      fields.transmission_time!,
      fields.webhook_id!,
      JSON.stringify(body.webhook_event),
    );
    const given = Buffer.from(fields.transmission_sig!, 'base64');
    const wanted = Buffer.from(expected, 'base64');
    const genuine =
      fields.webhook_id === webhookId &&
      issued !== undefined &&
      issued.certUrl === fields.cert_url &&
      issued.authAlgo === fields.auth_algo &&
      given.length === wanted.length &&
      timingSafeEqual(given, wanted);
    return [200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' }];
  }

  /** Waits `ms`, on a timer that close() clears. */
  function pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const record: ReceivedRequest = { method: req.method ?? 'GET', path, headers: req.headers, body: raw };
    requests.push(record);
    if (stand.latencyMs > 0) await pause(stand.latencyMs);
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const [status, body] = token(req, raw);
      return send(record, res, status, body);
    }
    const isCreate = req.method === 'POST' && path === '/v1/payments/payouts';
    const batchMatch = req.method === 'GET' ? /^\/v1\/payments\/payouts\/([^/]+)$/.exec(path) : null;
    const isVerify = req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature';
    const itemMatch = req.method === 'GET' ? /^\/v1\/payments\/payouts-item\/([^/]+)$/.exec(path) : null;
    const cancelMatch =
      req.method === 'POST' ? /^\/v1\/payments\/payouts-item\/([^/]+)\/cancel$/.exec(path) : null;
    if (!isCreate && !batchMatch && !isVerify && !itemMatch && !cancelMatch) {
      return send(record, res, 404, {
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
        debug_id: debugId(),
      });
    }
    if (!authenticated(req)) return send(record, res, 401, authFailure());
    if (isCreate) return createPayout(record, res, raw);
    if (isVerify) {
      const [status, body] = verify(raw);
      return send(record, res, status, body);
    }
    if (cancelMatch) {
      const [status, body] = cancelItem(decodeURIComponent(cancelMatch[1]!));
      return send(record, res, status, body);
    }
    if (itemMatch) {
      const found = findItem(decodeURIComponent(itemMatch[1]!));
      if (!found)
        return send(
          record,
          res,
          404,
          apiError('INVALID_RESOURCE_ID', 'Requested resource ID was not found.'),
        );
      return send(record, res, 200, itemDetailsJson(found.batch, found.item));
    }
    const batch = batches.get(decodeURIComponent(batchMatch![1]!));
    if (!batch)
      return send(record, res, 404, apiError('INVALID_RESOURCE_ID', 'Requested resource ID was not found.'));
    return send(record, res, 200, batchJson(batch));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString()).catch((error: unknown) => {
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: String(error) }));
        }
      });
    });
    res.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const stand: PayPalStandIn = {
    url,
    clientId,
    clientSecret,
    webhookId,
    expiresIn: options.expiresIn ?? 32_400,
    duplicateLinks: true,
    latencyMs: 0,
    get tokenRequests() {
      return tokenRequests;
    },
    requests,
    batches,
    paidCount: (senderBatchId) => paid.get(senderBatchId) ?? 0,
    paymentsFor: (senderItemId) =>
      [...batches.values()].flatMap((b) => b.items.filter((i) => i.senderItemId === senderItemId)),
    moneyFor: (receiver) =>
      [...batches.values()].flatMap((b) =>
        b.items.filter(
          (i) => i.receiver === receiver && ['SUCCESS', 'UNCLAIMED', 'PENDING', 'ONHOLD'].includes(i.status),
        ),
      ),
    item: (itemId) => findItem(itemId)?.item,
    batchFor: (senderBatchId) => bySenderBatchId.get(senderBatchId),
    failNextCreates(n, status = 500) {
      knobs.failCreates = n;
      knobs.failStatus = status;
    },
    createThenFail(n) {
      knobs.createThenFail = n;
    },
    delayNextCreate(ms) {
      knobs.delayMs = ms;
    },
    setItemOutcome(senderBatchId, status) {
      outcomes.set(senderBatchId, status);
      const batch = senderBatchId === 'default' ? undefined : bySenderBatchId.get(senderBatchId);
      if (batch) applyStatus(batch, status);
    },
    claimItem(senderBatchId) {
      const item = bySenderBatchId.get(senderBatchId)?.items[0];
      if (!item) throw new Error(`no batch with sender_batch_id ${senderBatchId}`);
      if (item.status !== 'UNCLAIMED')
        throw new Error(`item ${item.itemId} is ${item.status}, not UNCLAIMED`);
      setStatus(item, 'SUCCESS');
      return item;
    },
    failNextCancels(n, status = 500) {
      knobs.failCancels = n;
      knobs.failCancelStatus = status;
    },
    cancelThenFail(n) {
      knobs.cancelThenFail = n;
    },
    revokeTokens() {
      tokens.clear();
    },
    failNextVerifications(n, status = 503) {
      knobs.failVerifications = n;
      knobs.verifyStatus = status;
    },
    signedEvent(senderBatchId, eventType, eventOptions = {}) {
      const batch = bySenderBatchId.get(senderBatchId);
      if (!batch) throw new Error(`no batch with sender_batch_id ${senderBatchId}`);
      const item = batch.items[0]!;
      applyStatus(batch, EVENT_STATUS[eventType]);
      const id = `WH-${paypalId(17)}-${paypalId(17)}`;
      const event = {
        id,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'payouts_item',
        event_type: eventType,
        summary: `A payout item is ${eventType.split('.').pop()!.toLowerCase()}`,
        resource: itemJson(batch, item),
        links: [
          { href: `${url}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
          { href: `${url}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
        ],
      };
      const body = JSON.stringify(event);
      const transmissionId = randomUUID();
      const time = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      const certUrl = `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-${paypalId(8).toLowerCase()}`;
      transmissions.set(transmissionId, { certUrl, authAlgo: AUTH_ALGO });
      return {
        body,
        event,
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': signature(
            transmissionId,
            time,
            eventOptions.webhookId ?? webhookId,
            body,
          ),
          'paypal-cert-url': certUrl,
          'paypal-auth-algo': AUTH_ALGO,
        },
      };
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stand;
}
