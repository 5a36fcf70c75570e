// Partner promo codes (docs/product/partners-and-accounts.md#registration, docs/product/commissions.md#promo-codes): 4 to 20 letters or digits, unique ignoring case,
// never expiring; the customer discount and the commission rate are kept per code.
import { randomInt } from 'node:crypto';
import { PROMO_CODE_PATTERN } from '../../../common/validation';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import type { PromoCode } from '../../db/schema';
import { readNewCodeTerms } from '../settings/service';
import { findPromoCode, insertPromoCode, promoCodesOf, takenCodes, updatePromoCodeValue } from './repository';

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Free variants of a taken code: the code with a number, shortened when needed to fit 20 characters. */
export async function suggestCodes(db: Db, code: string, count = 3): Promise<string[]> {
  const base = normalizeCode(code)
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16);
  if (base.length < 2) return [];
  const year = String(new Date().getUTCFullYear() % 100);
  const candidates = new Set<string>([`${base}${year}`, `${base}1`, `${base}X`, `${base}15`]);
  while (candidates.size < 12) candidates.add(`${base}${randomInt(2, 1000)}`);
  const valid = [...candidates].map((c) => c.slice(0, 20)).filter((c) => PROMO_CODE_PATTERN.test(c));
  const taken = await takenCodes(db, valid);
  return valid.filter((c) => !taken.has(c.toLowerCase())).slice(0, count);
}

export async function codeAvailability(db: Db, code: string) {
  const normalized = normalizeCode(code);
  if (!PROMO_CODE_PATTERN.test(normalized))
    return { code: normalized, available: false, suggestions: await suggestCodes(db, normalized) };
  const available = (await takenCodes(db, [normalized])).size === 0;
  return { code: normalized, available, suggestions: available ? [] : await suggestCodes(db, normalized) };
}

/**
 * A new code, with the program's default customer discount (15% unless staff changed it) and the
 * commission of a partner with no verified sales yet (the first tier's), as they are now.
 */
export async function createPromoCode(db: Db, partnerId: number, code: string): Promise<PromoCode> {
  const terms = await readNewCodeTerms(db);
  return insertPromoCode(db, {
    partner_id: partnerId,
    code: normalizeCode(code),
    value_bp: terms.valueBp,
    commission_rate_bp: terms.commissionRateBp,
    created_at: nowIso(),
  });
}

export function toPromoCodeJson(code: PromoCode) {
  return { code: code.code, value: code.value_bp / 100, commission_rate: code.commission_rate_bp / 100 };
}

export { findPromoCode, promoCodesOf, updatePromoCodeValue };
