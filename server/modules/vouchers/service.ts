// Vouchers staff issue to partners (free product, a percentage, or an amount off). A voucher
// code is unique among vouchers and promo codes alike, since both arrive as Shopify discount codes.
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import type { Voucher } from '../../db/schema';
import { API_MESSAGES, AppError, invalid, notFound } from '../../errors';
import { sayKey } from '../../i18n';
import { findPromoCode } from '../promo-codes/service';

export interface VoucherInput {
  code?: string | undefined;
  type: Voucher['type'];
  amount: number;
  valid_from?: string | undefined;
  valid_till?: string | null | undefined;
}

async function codeTaken(db: Db, code: string): Promise<boolean> {
  if (await findPromoCode(db, code)) return true;
  return Boolean(await db.selectFrom('vouchers').select('id').where(sql<string>`lower(code)`, '=', code.toLowerCase()).executeTakeFirst());
}

export async function issueVoucher(db: Db, staffId: number, partnerUuid: string, input: VoucherInput, now = new Date()): Promise<Voucher> {
  const partner = await db.selectFrom('partners').select(['id', 'first_name']).where('uuid', '=', partnerUuid).executeTakeFirst();
  if (!partner) throw notFound();
  // Stored in the one ISO form every other time uses, so text comparisons stay exact.
  const validFrom = input.valid_from ? new Date(input.valid_from).toISOString() : nowIso(now);
  const validTill = input.valid_till ? new Date(input.valid_till).toISOString() : null;
  if (validTill && validTill <= validFrom) throw invalid({ valid_till: [sayKey('wrong_value')] });
  let code = input.code?.trim().toUpperCase();
  if (code && (await codeTaken(db, code))) throw invalid({ code: [API_MESSAGES.promo_code_taken] });
  if (!code) {
    const base = partner.first_name.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 8) || 'GIFT';
    for (let i = 0; i < 20 && !code; i++) {
      const candidate = `${base}GIFT${randomInt(100, 10_000)}`;
      if (!(await codeTaken(db, candidate))) code = candidate;
    }
    if (!code) throw new AppError(409, 'Could not find a free voucher code');
  }
  try {
    return await db
      .insertInto('vouchers')
      .values({ partner_id: partner.id, code, type: input.type, amount: input.amount, valid_from: validFrom, valid_till: validTill, status: 'active', issued_by: staffId, created_at: nowIso(now) })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ code: [API_MESSAGES.promo_code_taken] });
    throw error;
  }
}
