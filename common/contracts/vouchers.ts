// A voucher as the routes that show one answer it: the partner's list
// (server/modules/dashboard/routes.ts), the one staff issue (server/modules/marketplace/routes.ts),
// and a partner's vouchers and a revoked one in the back office
// (server/modules/partner-admin/routes.ts). docs/decisions/014-voucher-amounts.md.
import { z } from 'zod';
import { dataAnswer } from './answers';

export const VOUCHER_TYPES = ['percent', 'fixed', 'product'] as const;

export const VOUCHER_AMOUNT_MEANING =
  'By type: `percent`, percent points off (20 means 20 % off; at most 100, up to two decimals); ' +
  '`fixed`, the amount off in the program currency, in major units rounded to cents (5.5 means 5.50; at most 10000); ' +
  '`product`, how many free products (a whole number, at most 100).';

/** A voucher as staff and the partner read it. */
export const voucherRow = z.object({
  id: z.number(),
  code: z.string(),
  type: z.enum(VOUCHER_TYPES),
  amount: z.number().describe(VOUCHER_AMOUNT_MEANING),
  valid_from: z.string(),
  valid_till: z.string().nullable(),
  status: z
    .string()
    .describe('active, used, expired (an active voucher past its end reads expired) or revoked'),
});

/** One voucher: issued (POST /api/manager/partners/{uuid}/vouchers) or revoked. */
export const voucherAnswer = dataAnswer(voucherRow);
