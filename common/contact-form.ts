// The contact-details prompt (docs/product/partners-and-accounts.md#the-partner-profile): the portal
// asks a partner once for the shipping address the program sends samples and bottles to. "Not
// now" puts it off for CONTACT_FORM_RETURN_DAYS; a complete address saved ends it for good. Both
// sides read these rules: the dashboard to show the card, the server to record a dismissal once and
// to mark the form filled when the profile's address is complete.

/** Days after a dismissal before the prompt comes back. */
export const CONTACT_FORM_RETURN_DAYS = 30;
export const CONTACT_FORM_RETURN_MS = CONTACT_FORM_RETURN_DAYS * 24 * 60 * 60 * 1000;

/** Countries whose postal addresses carry a state or province (the program's two markets). */
const STATE_REQUIRED = new Set(['CA', 'US']);

export interface ContactFormFlags {
  contact_form_filled: boolean;
  /** When the partner last answered "Not now" (ISO 8601), or null. */
  contact_form_cancelled_date: string | null;
}

type AddressFields = Partial<
  Record<'address_1' | 'city' | 'state' | 'postal' | 'country', string | null | undefined>
>;

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * Whether an address can take a parcel: first line, city, postal code and country, and the state
 * or province where the country's addresses have one.
 */
export function isCompleteAddress(address: AddressFields): boolean {
  const country = address.country?.trim().toUpperCase() ?? '';
  if (!present(address.address_1) || !present(address.city) || !present(address.postal) || !country)
    return false;
  return !STATE_REQUIRED.has(country) || present(address.state);
}

/** Whether a dismissal made at `cancelledAt` still keeps the prompt away at `now`. */
export function dismissalHolds(cancelledAt: string | null, now: Date = new Date()): boolean {
  if (!cancelledAt) return false;
  const at = Date.parse(cancelledAt);
  return Number.isFinite(at) && now.getTime() - at < CONTACT_FORM_RETURN_MS;
}

/** Whether the prompt is shown: never once filled, else unless a dismissal still holds. */
export function contactFormDue(flags: ContactFormFlags, now: Date = new Date()): boolean {
  return !flags.contact_form_filled && !dismissalHolds(flags.contact_form_cancelled_date, now);
}
