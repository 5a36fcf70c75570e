// PayPal's PAYMENT.PAYOUTS-ITEM.* webhook events: the shape we read, checked before anything
// changes. Only call this on a body whose signature PayPal has confirmed (client.verifyWebhook).
//
// What PayPal sends (facts the schema follows): an envelope { id: "WH-…", event_version,
// create_time, resource_type: "payouts_item", event_type, summary, resource, links }, where
// `resource` is the payout item exactly as GET /v1/payments/payouts-item/{id} shows it:
// payout_item_id, payout_batch_id, transaction_status (SUCCESS, FAILED, PENDING, UNCLAIMED,
// RETURNED, ONHOLD, BLOCKED, REFUNDED, REVERSED), usually sender_batch_id, transaction_id once a
// transaction exists, `payout_item` holding what we sent (receiver, amount, note, sender_item_id),
// and `errors` { name, message, information_link, details } when the item did not go through
// (e.g. RECEIVER_UNREGISTERED for an unclaimed item). `details` is sometimes [] and sometimes {}.
// PayPal redelivers an event (same id) until it gets a 2xx, so handling must be idempotent.
import { z } from 'zod';
import { noNul } from '../../../common/validation';

export const PAYOUT_ITEM_EVENT_TYPES = [
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
  'PAYMENT.PAYOUTS-ITEM.FAILED',
  'PAYMENT.PAYOUTS-ITEM.RETURNED',
  'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED',
  'PAYMENT.PAYOUTS-ITEM.REFUNDED',
  'PAYMENT.PAYOUTS-ITEM.REVERSED',
  'PAYMENT.PAYOUTS-ITEM.CANCELED',
  'PAYMENT.PAYOUTS-ITEM.DENIED',
  'PAYMENT.PAYOUTS-ITEM.HELD',
] as const;

export type PayoutItemEventType = (typeof PAYOUT_ITEM_EVENT_TYPES)[number];

export interface PayPalPayoutEvent {
  /** PayPal's event id ("WH-…"): the same on every redelivery of one event. */
  id: string;
  eventType: PayoutItemEventType;
  batchId: string;
  itemId: string;
  senderItemId: string;
  senderBatchId: string | null;
  transactionStatus: string;
  /** "NAME: message" of the item's `errors`, when PayPal gave one. */
  error: string | null;
}

export type ParsedPayPalEvent = { ok: true; event: PayPalPayoutEvent | null } | { ok: false; error: string };

// Bounded, NUL-free text: what we keep must fit a column and PostgreSQL's text.
const text = (max: number) => z.string().min(1).max(max).refine(noNul, 'contains a NUL character');

/** PayPal's `errors` object of a payout item; loose, since its `details` and `links` vary. */
export const payoutItemErrorsSchema = z.looseObject({
  name: z.string().max(200).optional(),
  message: z.string().max(2000).optional(),
});

export function describePayoutItemErrors(
  errors: z.infer<typeof payoutItemErrorsSchema> | null | undefined,
): string | null {
  if (!errors) return null;
  const name = errors.name?.trim();
  const message = errors.message?.trim();
  if (name && message) return `${name}: ${message}`;
  return name || message || null;
}

const envelopeSchema = z.looseObject({ id: text(255), event_type: text(255) });

const payoutItemEventSchema = z.looseObject({
  id: text(255),
  event_type: z.enum(PAYOUT_ITEM_EVENT_TYPES),
  resource: z.looseObject({
    payout_item_id: text(64),
    payout_batch_id: text(64),
    transaction_status: text(64),
    sender_batch_id: text(256).nullish(),
    payout_item: z.looseObject({ sender_item_id: text(255) }),
    errors: payoutItemErrorsSchema.nullish(),
  }),
});

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(body)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Reads a PayPal webhook body. Payout-item events come back mapped; any other event type is
 * `{ ok: true, event: null }` (nothing to do); a body that is not a well-formed event is
 * `{ ok: false }` with what is wrong.
 */
export function parsePayPalPayoutEvent(body: unknown): ParsedPayPalEvent {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return { ok: false, error: describeIssues(envelope.error) };
  if (!(PAYOUT_ITEM_EVENT_TYPES as readonly string[]).includes(envelope.data.event_type))
    return { ok: true, event: null };
  const parsed = payoutItemEventSchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  const { id, event_type, resource } = parsed.data;
  return {
    ok: true,
    event: {
      id,
      eventType: event_type,
      batchId: resource.payout_batch_id,
      itemId: resource.payout_item_id,
      senderItemId: resource.payout_item.sender_item_id,
      senderBatchId: resource.sender_batch_id ?? null,
      transactionStatus: resource.transaction_status,
      error: describePayoutItemErrors(resource.errors),
    },
  };
}
