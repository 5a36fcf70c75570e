// Fixtures of the payout tests: partners with earnings made through the real ledger (so the
// running totals follow them), staff of each role, and the tokens sign-in would give them.
import { sql } from 'kysely';
import type { Db } from '../db';
import type { EarningKind, EarningStatus } from '../db/schema';
import { issueToken } from '../modules/auth/service';
import { createPartnerAccount } from '../modules/partners/service';
import { changeEarning } from '../modules/ledger/earnings';
import { createEarning } from '../modules/ledger/service';
import { createStaffUser } from '../modules/staff/service';
import type { StaffRole } from '../modules/staff/service';

export interface TestPartner {
  id: number;
  uuid: string;
  email: string;
  name: string;
  paypal: string | null;
  token: string;
}

export interface TestStaff {
  id: number;
  name: string;
  role: StaffRole;
  token: string;
}

let made = 0;

/** A partner ready to cash out unless told otherwise (verified, with a PayPal e-mail). */
export async function payoutPartner(
  db: Db,
  options: {
    first: string;
    last: string;
    email?: string;
    locale?: 'en' | 'fr';
    verified?: boolean;
    paypal?: string | null;
  },
): Promise<TestPartner> {
  const email = options.email ?? `${options.first}.${options.last}@partners.example`.toLowerCase();
  const paypal = options.paypal === undefined ? email.replace('@', '.paypal@') : options.paypal;
  const partner = await createPartnerAccount(db, {
    email,
    password: 'partner-password-1',
    first_name: options.first,
    last_name: options.last,
    verified: options.verified === false ? 0 : 1,
    accepted_terms: 1,
    locale: options.locale ?? 'en',
    country: 'CA',
    city: 'Montréal',
    paypal_email: paypal,
  });
  return {
    id: partner.id,
    uuid: partner.uuid,
    email,
    name: `${options.first} ${options.last}`,
    paypal,
    token: (await issueToken(db, 'partner', partner.id)).token,
  };
}

/**
 * Earnings of the partner, one per amount (cents), through the ledger. PENDING ones hold until
 * `holdUntil` (a month from now by default).
 */
export async function addEarnings(
  db: Db,
  partnerId: number,
  cents: readonly number[],
  options: { status?: EarningStatus; kind?: EarningKind; holdUntil?: Date } = {},
): Promise<number[]> {
  const status = options.status ?? 'APPROVED';
  const ids: number[] = [];
  for (const amount of cents) {
    const created = await createEarning(
      db,
      {
        partner_id: partnerId,
        kind: options.kind ?? (amount < 0 ? 'adjustment' : 'bonus'),
        source_key: `payout-test:${++made}`,
        base_cents: Math.abs(amount),
        rate_bp: null,
        amount_cents: amount,
        status,
        hold_until:
          status === 'PENDING'
            ? (options.holdUntil ?? new Date(Date.now() + 30 * 86_400_000)).toISOString()
            : null,
      },
      'payout test fixture',
      'test',
    );
    ids.push(created!.id);
  }
  return ids;
}

/** Ends the holding period of the order's earnings now, as the scheduled approval would. */
export async function approveOrderEarnings(db: Db, shopifyOrderId: number): Promise<void> {
  const earnings = await db
    .selectFrom('earnings')
    .innerJoin('orders', 'orders.id', 'earnings.order_id')
    .select([
      'earnings.id',
      'earnings.status',
      'earnings.amount_cents',
      'earnings.partner_id',
      'earnings.kind',
      'earnings.order_id',
      'earnings.created_at',
      'earnings.dated_at',
    ])
    .where('orders.shopify_order_id', '=', String(shopifyOrderId))
    .where('earnings.status', '=', 'PENDING')
    .execute();
  for (const e of earnings)
    await changeEarning(db, e, { status: 'APPROVED' }, 'holding period ended', 'system');
}

export async function staffMember(db: Db, role: StaffRole, name: string): Promise<TestStaff> {
  const staff = await createStaffUser(db, {
    email: `${name.replace(/\W+/g, '.')}@staff.example`.toLowerCase(),
    password: 'staff-password-1',
    name,
    role,
  });
  return { id: staff.id, name, role, token: (await issueToken(db, 'staff', staff.id)).token };
}

/** The staff member as the payout service takes it. */
export const actor = (s: TestStaff) => ({ id: s.id, role: s.role, name: s.name });

/**
 * Everything a payout request or decision may write, to show that a refused one wrote nothing:
 * payouts, their events, items and invoices, the invoice counters, earnings and their events,
 * queued jobs and the running totals.
 */
export async function payoutState(db: Db) {
  const count = async (
    table: 'payout_events' | 'payout_items' | 'earning_events' | 'jobs' | 'notifications',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    payouts: await db.selectFrom('payouts').selectAll().orderBy('id').execute(),
    invoices: await db
      .selectFrom('invoices')
      .select(['id', 'number', 'payout_id', 'amount_cents'])
      .orderBy('id')
      .execute(),
    counters: await db.selectFrom('invoice_counters').selectAll().orderBy('year').execute(),
    earnings: await db
      .selectFrom('earnings')
      .select(['id', 'status', 'payout_id', 'amount_cents', 'updated_at'])
      .orderBy('id')
      .execute(),
    stats: await db
      .selectFrom('partner_earning_stats')
      .selectAll()
      .where('month', '=', '')
      .orderBy('partner_id')
      .orderBy('kind')
      .orderBy('status')
      .execute(),
    payoutEvents: await count('payout_events'),
    payoutItems: await count('payout_items'),
    earningEvents: await count('earning_events'),
    jobs: await count('jobs'),
    notifications: await count('notifications'),
  };
}
