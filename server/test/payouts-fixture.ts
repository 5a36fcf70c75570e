// Partners with earnings in every status, staff with tokens, and the ledger's figures checked two
// ways (the earnings themselves and partner_earning_stats), for the cash-out and PayPal tests.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../db';
import type { EarningStatus } from '../db/schema';
import { issueToken } from '../modules/auth/service';
import { createPartnerAccount } from '../modules/partners/service';
import { createEarning } from '../modules/ledger/service';
import { createStaffUser } from '../modules/staff/service';
import type { StaffRole } from '../modules/staff/service';

export interface FixturePartner {
  id: number;
  email: string;
  paypalEmail: string | null;
  /** A partner bearer token. */
  token: string;
}

export interface PartnerEarnings {
  /** Payable now (cents each); a negative amount is an approved adjustment (a refund taken back). */
  approved?: readonly number[];
  /** Still in their holding period. */
  pending?: readonly number[];
  rejected?: readonly number[];
  inReview?: readonly number[];
}

const unique = () => randomBytes(4).toString('hex');

/**
 * A verified partner with a PayPal e-mail (unless told otherwise) and the given earnings, each
 * created through the ledger (event and stats included), spread over twelve months of 2025.
 */
export async function createPartnerWithEarnings(
  db: Db,
  earnings: PartnerEarnings,
  options: { verified?: boolean; paypalEmail?: string | null; locale?: 'en' | 'fr' } = {},
): Promise<FixturePartner> {
  const tag = unique();
  const email = `payee-${tag}@example.test`;
  const paypalEmail = options.paypalEmail === undefined ? `paypal-${tag}@example.test` : options.paypalEmail;
  const partner = await createPartnerAccount(db, {
    email,
    password: `password-${tag}`,
    first_name: 'Pay',
    last_name: `Ee ${tag}`,
    verified: options.verified === false ? 0 : 1,
    paypal_email: paypalEmail,
    locale: options.locale ?? 'en',
  });
  const holdUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const rows: { status: EarningStatus; cents: number }[] = [
    ...(earnings.approved ?? []).map((cents) => ({ status: 'APPROVED' as const, cents })),
    ...(earnings.pending ?? []).map((cents) => ({ status: 'PENDING' as const, cents })),
    ...(earnings.rejected ?? []).map((cents) => ({ status: 'REJECTED' as const, cents })),
    ...(earnings.inReview ?? []).map((cents) => ({ status: 'IN_REVIEW' as const, cents })),
  ];
  await db.transaction().execute(async (trx) => {
    for (const [i, row] of rows.entries()) {
      const kind = row.cents < 0 ? 'adjustment' : 'bonus';
      await createEarning(
        trx,
        {
          partner_id: partner.id,
          kind,
          source_key: `fixture-${i}`,
          base_cents: Math.abs(row.cents),
          rate_bp: null,
          amount_cents: row.cents,
          status: row.status,
          hold_until: row.status === 'PENDING' ? holdUntil : null,
        },
        'test fixture',
        'system',
        new Date(Date.UTC(2025, i % 12, 1 + (i % 27), 12)),
      );
    }
  });
  const { token } = await issueToken(db, 'partner', partner.id);
  return { id: partner.id, email, paypalEmail, token };
}

export interface FixtureStaff {
  id: number;
  name: string;
  role: StaffRole;
  token: string;
}

export async function createStaffWithToken(db: Db, role: StaffRole): Promise<FixtureStaff> {
  const tag = unique();
  const staff = await createStaffUser(db, {
    email: `${role}-${tag}@example.test`,
    password: `password-${tag}`,
    name: `${role} ${tag}`,
    role,
  });
  const { token } = await issueToken(db, 'staff', staff.id);
  return { id: staff.id, name: staff.name, role, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const STATUSES: readonly EarningStatus[] = [
  'PENDING',
  'APPROVED',
  'IN_PAYOUT',
  'PAID',
  'REJECTED',
  'IN_REVIEW',
];

export type LedgerFigures = Record<EarningStatus, { count: number; cents: number }>;

const emptyFigures = (): LedgerFigures =>
  Object.fromEntries(STATUSES.map((s) => [s, { count: 0, cents: 0 }])) as LedgerFigures;

/**
 * The partner's earnings by status, read from the earnings and from the running totals (all time
 * and month by month); throws unless all three agree. Answers the figures and their total.
 */
export async function ledgerFigures(
  db: Db,
  partnerId: number,
): Promise<{ byStatus: LedgerFigures; totalCents: number }> {
  const fromRows = emptyFigures();
  const rows = await db
    .selectFrom('earnings')
    .select([
      'status',
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'),
    ])
    .where('partner_id', '=', partnerId)
    .groupBy('status')
    .execute();
  for (const r of rows) fromRows[r.status] = { count: Number(r.n), cents: Number(r.cents) };

  const allTime = emptyFigures();
  const monthly = emptyFigures();
  const stats = await db
    .selectFrom('partner_earning_stats')
    .select(['status', 'month', sql<number>`sum(earnings)`.as('n'), sql<number>`sum(cents)`.as('cents')])
    .where('partner_id', '=', partnerId)
    .groupBy(['status', 'month'])
    .execute();
  for (const s of stats) {
    const into = s.month === '' ? allTime : monthly;
    into[s.status] = {
      count: into[s.status].count + Number(s.n),
      cents: into[s.status].cents + Number(s.cents),
    };
  }
  expect(allTime, 'partner_earning_stats (all time) against the earnings').toEqual(fromRows);
  expect(monthly, 'partner_earning_stats (month by month) against the earnings').toEqual(fromRows);
  const totalCents = STATUSES.reduce((sum, s) => sum + fromRows[s].cents, 0);
  return { byStatus: fromRows, totalCents };
}

/**
 * Sum of the partner's earnings = paid + in payouts + payable + pending + rejected + in review,
 * from the ledger rows and the running totals alike, with each status at the amount expected.
 */
export async function expectLedger(
  db: Db,
  partnerId: number,
  expected: { totalCents: number } & Partial<Record<EarningStatus, number>>,
): Promise<LedgerFigures> {
  const { byStatus, totalCents } = await ledgerFigures(db, partnerId);
  expect(totalCents).toBe(expected.totalCents);
  const cents = Object.fromEntries(STATUSES.map((s) => [s, byStatus[s].cents]));
  expect(cents).toEqual({
    ...Object.fromEntries(STATUSES.map((s) => [s, 0])),
    ...Object.fromEntries(STATUSES.filter((s) => expected[s] !== undefined).map((s) => [s, expected[s]])),
  });
  return byStatus;
}
