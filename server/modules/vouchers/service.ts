// Vouchers staff issue to partners (free product, a percentage, or an amount off). A voucher
// code is unique among vouchers and promo codes alike, since both arrive as Shopify discount codes.
// `amount` has one meaning wherever a voucher is written or read (docs/decisions/014-voucher-amounts.md).
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { VOUCHER_AMOUNT_MEANING, VOUCHER_TYPES, voucherRow } from '../../../common/contracts/vouchers';
import type { Db } from '../../db';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import type { Voucher } from '../../db/schema';
import { AppError, invalid, notFound } from '../../errors';
import { sayKey } from '../../i18n';
import { recordAudit } from '../audit/service';
import { findPromoCode } from '../promo-codes/service';
import {
  insertVoucher,
  partnerVoucher,
  revokeActiveVoucher,
  voucherCodeExists,
  voucherPartner,
} from './repository';

// The types, the amount's meaning and the answer are the contract's (common/contracts/vouchers.ts).
export { VOUCHER_AMOUNT_MEANING, VOUCHER_TYPES };

// Stored as integers (docs/product/errors-and-languages.md#the-api-conventions): basis points, cents, a count. `scale` turns the API's number
// into the stored one; `max` is in stored units.
const STORAGE: Record<Voucher['type'], { scale: number; max: number }> = {
  percent: { scale: 100, max: 10_000 },
  fixed: { scale: 100, max: 1_000_000 },
  product: { scale: 1, max: 100 },
};

/** The stored integer for an amount as the API states it, or null when it means nothing for the type. */
export function storedVoucherAmount(type: Voucher['type'], amount: number): number | null {
  const { scale, max } = STORAGE[type];
  const scaled = amount * scale;
  const stored = Math.round(scaled);
  // More decimals than the type holds would be rounded away: refused rather than guessed at.
  if (!Number.isFinite(scaled) || Math.abs(scaled - stored) > 1e-6) return null;
  return stored >= 1 && stored <= max ? stored : null;
}

/** A stored amount as the API states it. */
export const voucherAmount = (type: Voucher['type'], stored: number): number => stored / STORAGE[type].scale;

export const voucherAmountSchema = z
  .number({ error: (issue) => sayKey(issue.input === undefined ? 'required' : 'wrong_value') })
  .positive(sayKey('wrong_value'))
  .describe(VOUCHER_AMOUNT_MEANING);

/** What staff send to issue a voucher. */
export const voucherInputSchema = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9]{4,40}$/, sayKey('promo_code_format'))
    .optional(),
  type: z.enum(VOUCHER_TYPES, { error: sayKey('wrong_value') }),
  amount: voucherAmountSchema,
  valid_from: z.iso.datetime({ error: sayKey('wrong_value') }).optional(),
  valid_till: z.iso
    .datetime({ error: sayKey('wrong_value') })
    .nullable()
    .optional(),
});
export type VoucherInput = z.infer<typeof voucherInputSchema>;

/** A voucher as staff and the partner read it. */
export const voucherAnswerSchema = voucherRow;

export function voucherJson(v: Voucher, now = new Date()): z.infer<typeof voucherAnswerSchema> {
  return {
    id: v.id,
    code: v.code,
    type: v.type,
    amount: voucherAmount(v.type, v.amount),
    valid_from: v.valid_from,
    valid_till: v.valid_till,
    status:
      v.status === 'active' && v.valid_till !== null && v.valid_till < nowIso(now) ? 'expired' : v.status,
  };
}

async function codeTaken(db: Db, code: string): Promise<boolean> {
  if (await findPromoCode(db, code)) return true;
  return voucherCodeExists(db, code.toLowerCase());
}

export async function issueVoucher(
  db: Db,
  staffId: number | null,
  partnerUuid: string,
  input: VoucherInput,
  now = new Date(),
): Promise<Voucher> {
  const partner = await voucherPartner(db, partnerUuid);
  if (!partner) throw notFound();
  const amount = storedVoucherAmount(input.type, input.amount);
  if (amount === null) throw invalid({ amount: [sayKey('wrong_value')] });
  // Stored in the one ISO form every other time uses, so text comparisons stay exact.
  const validFrom = input.valid_from ? new Date(input.valid_from).toISOString() : nowIso(now);
  const validTill = input.valid_till ? new Date(input.valid_till).toISOString() : null;
  if (validTill && validTill <= validFrom) throw invalid({ valid_till: [sayKey('wrong_value')] });
  let code = input.code?.trim().toUpperCase();
  if (code && (await codeTaken(db, code))) throw invalid({ code: ['promo_code_taken'] });
  if (!code) {
    const base =
      partner.first_name
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .slice(0, 8) || 'GIFT';
    for (let i = 0; i < 20 && !code; i++) {
      const candidate = `${base}GIFT${randomInt(100, 10_000)}`;
      if (!(await codeTaken(db, candidate))) code = candidate;
    }
    if (!code) throw new AppError(409, 'partner_admin.voucher_code_unavailable');
  }
  const voucherCode = code;
  try {
    // A staff issue is written with its line of the audit log (docs/product/back-office.md#audit-log), in one transaction
    // (the caller's, when it runs in one: a challenge's reward).
    const write = async (trx: Db) => {
      const voucher = await insertVoucher(trx, {
        partner_id: partner.id,
        code: voucherCode,
        type: input.type,
        amount,
        valid_from: validFrom,
        valid_till: validTill,
        status: 'active',
        issued_by: staffId,
        created_at: nowIso(now),
      });
      if (staffId !== null)
        await recordAudit(
          trx,
          {
            staffId,
            action: 'voucher.issue',
            entity: 'voucher',
            entityId: voucher.code,
            after: {
              type: voucher.type,
              amount: voucherAmount(voucher.type, voucher.amount),
              valid_from: voucher.valid_from,
              valid_till: voucher.valid_till,
              partner: partnerUuid,
            },
          },
          nowIso(now),
        );
      return voucher;
    };
    return await (db.isTransaction ? write(db) : db.transaction().execute(write));
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ code: ['promo_code_taken'] });
    throw error;
  }
}

/**
 * Staff revoke one of a partner's vouchers: only an active one (a used, expired or revoked
 * voucher answers 409), by a conditional update, with its audit line in the same transaction.
 */
export async function revokeVoucher(
  db: Db,
  staffId: number,
  partnerId: number,
  voucherId: number,
  now = new Date(),
): Promise<Voucher> {
  return db.transaction().execute(async (trx) => {
    const voucher = await partnerVoucher(trx, partnerId, voucherId);
    if (!voucher) throw notFound('partner_admin.voucher_not_found');
    if (voucherJson(voucher, now).status !== 'active')
      throw new AppError(409, 'partner_admin.voucher_not_active');
    const revoked = await revokeActiveVoucher(trx, voucher.id);
    if (!revoked) throw new AppError(409, 'partner_admin.voucher_not_active');
    await recordAudit(
      trx,
      {
        staffId,
        action: 'voucher.revoke',
        entity: 'voucher',
        entityId: voucher.code,
        before: { status: voucher.status },
        after: { status: 'revoked' },
      },
      nowIso(now),
    );
    return revoked;
  });
}
