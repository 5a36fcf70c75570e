// What the server and the pages share about a partner's own changes of their money details
// (docs/decisions/063-account-changes.md).

/** A PayPal e-mail that replaced another holds cash-out this long. */
export const PAYPAL_CHANGE_HOLD_MS = 72 * 3600 * 1000;

/** Until when cash-out waits after the PayPal e-mail was changed at `changedAt`; null when it does not. */
export function paypalHoldUntil(changedAt: string | null, now: Date = new Date()): string | null {
  if (!changedAt) return null;
  const until = Date.parse(changedAt) + PAYPAL_CHANGE_HOLD_MS;
  return until > now.getTime() ? new Date(until).toISOString() : null;
}

/** An address as a notice names it: enough to recognise, not enough to copy ("p…@g….com"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}…@${host[0] ?? ''}…${tld}`;
}
