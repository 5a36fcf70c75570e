// How a refused Shopify delivery is shown to staff (docs/decisions/039-needs-a-look.md): its
// error read back into problems the SPA words in the staff member's language, the ids the
// payload names (to tell whether the ledger got the order later), and the payload itself,
// pretty-printed, cut short when huge, with anything that works as a credential hidden.
import type { REJECTION_ISSUES } from '../../../common/contracts/overview';

/** What went wrong with one field, as the SPA has words for it (the list is the contract's). */
export type RejectionIssue = (typeof REJECTION_ISSUES)[number];

export interface RejectionProblem {
  /** The field's path without its item numbers (`line_items.price`); `body` for the payload itself. */
  field: string;
  /** The item's number, from 1, when the field is in a list (`line_items.2.price` is item 3). */
  item: number | null;
  issue: RejectionIssue;
  /** The technical words, as logged: the SPA shows them when it has none of its own. */
  detail: string;
}

// The checks' own words (server/integrations/shopify/webhooks.ts and zod's), first match wins.
const ISSUE_PATTERNS: readonly [RegExp, RejectionIssue][] = [
  [/^not JSON$/, 'not_json'],
  [/^refunds more than an order can hold$/, 'refund_too_large'],
  [/^not an amount$/, 'amount'],
  [/^an amount from /, 'amount_range'],
  [/^not a date and time$/, 'date'],
  [/^not an e-mail address$/, 'email'],
  [/NUL character/, 'nul'],
  [/received (undefined|null)$/, 'missing'],
  [/expected int, received number/, 'whole_number'],
  [/expected object, received/, 'not_object'],
  [/expected \w+, received \w+/, 'wrong_type'],
  [/^Too big: expected string/, 'too_long'],
  [/^Too big: expected array/, 'too_many'],
  [/^Too (big|small): expected number/, 'out_of_range'],
  [/^Invalid (string|input)/, 'bad_format'],
];

/**
 * The problems of a rejection's error (`path: message; path: message`, as the intake writes it).
 * The body's root is `body`; a refund's own `id` is `refund_id`, an order's `order_id` is kept.
 */
export function problemsOf(topic: string, error: string | null): RejectionProblem[] {
  if (!error) return [];
  return error
    .split('; ')
    .map((part) => {
      const colon = part.indexOf(': ');
      if (colon < 0) return { field: 'body', item: null, issue: 'other' as const, detail: part };
      const path = part.slice(0, colon).split('.');
      const message = part.slice(colon + 2);
      const index = path.findIndex((segment) => /^\d+$/.test(segment));
      const item = index >= 0 ? Number(path[index]) + 1 : null;
      let field = path.filter((segment) => !/^\d+$/.test(segment)).join('.') || 'body';
      if (field === 'id') field = topic === 'refunds/create' ? 'refund_id' : 'order_id';
      const issue = ISSUE_PATTERNS.find(([pattern]) => pattern.test(message))?.[1] ?? 'other';
      return { field, item, issue, detail: part };
    })
    .filter((problem) => problem.detail.length > 0);
}

// ---------------------------------------------------------------------------------------------
// The ids a payload names

/**
 * The top-level `id` and `order_id` of a JSON object, read from the start of its text without
 * parsing the rest (a page of rejections reads a few kilobytes of each body, not megabytes): a
 * key nested deeper (a line item's id) is skipped. A value that is not a Shopify id is left out.
 */
export function topLevelIds(prefix: string): { id: string | null; order_id: string | null } {
  const found: { id: string | null; order_id: string | null } = { id: null, order_id: null };
  let depth = 0;
  let i = prefix.indexOf('{');
  if (i < 0) return found;
  const readString = (start: number): [string, number] | null => {
    let out = '';
    for (let j = start + 1; j < prefix.length; j++) {
      const c = prefix[j]!;
      if (c === '\\') {
        out += prefix[j + 1] ?? '';
        j++;
      } else if (c === '"') return [out, j + 1];
      else out += c;
    }
    return null;
  };
  for (; i < prefix.length; i++) {
    const c = prefix[i]!;
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      const read = readString(i);
      if (!read) break;
      const [text, next] = read;
      i = next - 1;
      if (depth !== 1 || (text !== 'id' && text !== 'order_id')) continue;
      // A key is followed by a colon; a string value is not.
      const after = /^\s*:\s*("?)([^",}\]\s]*)\1/.exec(prefix.slice(next, next + 40));
      if (!after) continue;
      const value = after[2]!;
      if (/^[1-9]\d{0,19}$/.test(value)) found[text] ??= value;
    }
    if (found.id !== null && found.order_id !== null) break;
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The payload, for a person to read

/** At most this many characters of a payload are shown (a big order is far smaller). */
export const PAYLOAD_SHOWN_MAX = 60_000;
export const REDACTED = '[hidden]';

// What is stored is the raw body Shopify signed: the order as the store sends it. Its customer's
// name and address are what staff already see of orders; what is hidden is what works as a key
// (checkout and cart tokens, the order status page's link with its key, card details, the
// buyer's browser), which no one needs to decide what an order should have been.
const SECRET_KEY =
  /token|secret|passw|signature|hmac|api_?key|access_?key|private_?key|authori[sz]ation|credit_card|card_number|cvv|cvc|order_status_url|browser_ip|client_details|payment_details/i;

function redact(value: unknown, hidden: { count: number }): unknown {
  if (Array.isArray(value)) return value.map((item) => redact(item, hidden));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (SECRET_KEY.test(key) && inner !== null && inner !== '') {
        hidden.count++;
        out[key] = REDACTED;
      } else out[key] = redact(inner, hidden);
    }
    return out;
  }
  return value;
}

// A body that is not JSON is shown as text, with the same keys' values hidden where they look
// like JSON members.
const SECRET_MEMBER = /("([^"\\]|\\.)*"\s*:\s*)("([^"\\]|\\.)*"|[^\s,}\]]+)/g;

export interface PayloadView {
  format: 'json' | 'text';
  text: string;
  /** Characters of the whole (pretty-printed) text; `text` holds at most PAYLOAD_SHOWN_MAX of them. */
  length: number;
  truncated: boolean;
  /** Values hidden because they work as keys or card details. */
  hidden: number;
}

export function payloadView(body: string, max = PAYLOAD_SHOWN_MAX): PayloadView {
  const hidden = { count: 0 };
  let format: PayloadView['format'] = 'text';
  let text: string;
  try {
    text = JSON.stringify(redact(JSON.parse(body), hidden), null, 2);
    format = 'json';
  } catch {
    text = body.replace(SECRET_MEMBER, (member: string, key: string, _k: string, value: string) => {
      const name = key.slice(1, key.lastIndexOf('"'));
      if (!SECRET_KEY.test(name) || value === 'null' || value === '""') return member;
      hidden.count++;
      return `${key}"${REDACTED}"`;
    });
  }
  const truncated = text.length > max;
  return {
    format,
    text: truncated ? text.slice(0, max) : text,
    length: text.length,
    truncated,
    hidden: hidden.count,
  };
}
