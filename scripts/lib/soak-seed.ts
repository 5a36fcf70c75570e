// The soak's program (scripts/soak.ts), written into its fresh PostgreSQL database before the nodes
// start: partners whose codes the store's orders carry and who read their dashboards, partners
// ready to cash out (approved earnings from orders of two months ago and more, a PayPal e-mail),
// and the staff who review their payouts. Written directly, then the running totals computed from
// the ledger (rebuildLedgerStats), as the benchmark's bulk seed does; tokens are issued by the
// app's own service.
import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { issueToken } from '../../server/modules/auth/service';
import { rebuildLedgerStats } from '../../server/modules/ledger/service';
import { createStaffUser } from '../../server/modules/staff/service';

const DAY = 86_400_000;

export interface SoakProgram {
  /** Codes of the partners the store's orders go to (and whose short links are clicked). */
  codes: string[];
  /** Bearer tokens of those partners, for their dashboard reads. */
  readerTokens: string[];
  /** Partners ready to cash out: id, token and what they are owed (approved, in no payout). */
  cashers: { id: number; token: string; owedCents: number }[];
  /** Two reviewers (first stage, racing each other) and a manager (the second stage). */
  reviewers: string[];
  manager: string;
}

/** The approved earnings of cash-out partner `k`: every tenth owes more than the manager threshold (500.00). */
export function casherEarnings(k: number): number[] {
  return k % 10 === 0 ? [21_000, 19_500, 20_250] : [1_000 + (k % 7) * 100, 1_100, 950];
}

async function insertPartners(
  db: Db,
  rows: { email: string; first: string; last: string; paypal: string | null }[],
  passwordHash: string,
): Promise<number[]> {
  const at = new Date().toISOString();
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('partners')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          uuid: crypto.randomUUID(),
          email: r.email,
          password_hash: passwordHash,
          first_name: r.first,
          last_name: r.last,
          verified: 1,
          locale: 'en',
          accepted_terms: 1,
          created_at: at,
          updated_at: at,
          paypal_email: r.paypal,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/**
 * Seeds `readers` partners with codes `SOAK1`... and `cashers` partners ready to cash out, on a
 * migrated database that no node serves yet.
 */
export async function seedSoakProgram(
  db: Db,
  options: { readers: number; cashers: number; passwordHash: string },
): Promise<SoakProgram> {
  const at = new Date().toISOString();
  const readerIds = await insertPartners(
    db,
    Array.from({ length: options.readers }, (_, i) => ({
      email: `soak${i + 1}@example.com`,
      first: 'Soak',
      last: `Partner ${i + 1}`,
      paypal: `soak${i + 1}@paypal.example`,
    })),
    options.passwordHash,
  );
  const codes = readerIds.map((_, i) => `SOAK${i + 1}`);
  await db
    .insertInto('promo_codes')
    .values(
      readerIds.map((id, i) => ({
        partner_id: id,
        code: codes[i]!,
        value_bp: 1500,
        commission_rate_bp: 1000,
        created_at: at,
      })),
    )
    .execute();

  const casherIds = await insertPartners(
    db,
    Array.from({ length: options.cashers }, (_, k) => ({
      email: `soak-cash-${k}@example.com`,
      first: 'Cash',
      last: `Out ${k}`,
      paypal: `soak-cash-${k}@paypal.example`,
    })),
    options.passwordHash,
  );
  const now = Date.now();
  for (let start = 0; start < casherIds.length; start += 200) {
    const slice = casherIds.slice(start, start + 200);
    const orders = slice.flatMap((partnerId, j) =>
      casherEarnings(start + j).map((amount, i) => {
        const placed = new Date(now - (60 + i * 20) * DAY - j * 1000).toISOString();
        return {
          shopify_order_id: `soak-seed-${partnerId}-${i}`,
          order_number: `#S${partnerId}-${i}`,
          partner_id: partnerId,
          currency: 'USD',
          subtotal_cents: amount * 10,
          total_cents: amount * 10 + 800,
          country_code: 'US',
          geo: 'US' as const,
          status: 'paid' as const,
          placed_at: placed,
          paid_at: placed,
          created_at: placed,
          updated_at: placed,
          first_product: 'ACV Gummies',
          product_count: 1,
        };
      }),
    );
    const inserted = await db
      .insertInto('orders')
      .values(orders)
      .returning(['id', 'partner_id', 'subtotal_cents', 'placed_at'])
      .execute();
    await db
      .insertInto('order_items')
      .values(
        inserted.map((o) => ({
          order_id: o.id,
          line_item_id: `soak-li-${o.id}`,
          product: 'ACV Gummies',
          quantity: 1,
          price_cents: o.subtotal_cents,
        })),
      )
      .execute();
    const earnings = await db
      .insertInto('earnings')
      .values(
        inserted.map((o) => ({
          partner_id: o.partner_id!,
          kind: 'sale' as const,
          source_key: `order:${o.id}`,
          order_id: o.id,
          base_cents: o.subtotal_cents,
          rate_bp: 1000,
          amount_cents: o.subtotal_cents / 10,
          status: 'APPROVED' as const,
          hold_until: new Date(Date.parse(o.placed_at) + 30 * DAY).toISOString(),
          created_at: o.placed_at,
          updated_at: o.placed_at,
        })),
      )
      .returning(['id', 'amount_cents', 'created_at'])
      .execute();
    await db
      .insertInto('earning_events')
      .values(
        earnings.map((e) => ({
          earning_id: e.id,
          at: e.created_at,
          from_status: null,
          to_status: 'APPROVED' as const,
          amount_before_cents: null,
          amount_after_cents: e.amount_cents,
          reason: 'soak seed',
          actor: 'soak',
        })),
      )
      .execute();
  }
  // The bulk seed wrote the ledger around its running totals: computed from it, as the bench does.
  await db.transaction().execute((trx) => rebuildLedgerStats(trx));
  await sql`analyze`.execute(db);

  const tokensOf = (ids: number[]) =>
    Promise.all(ids.map(async (id) => (await issueToken(db, 'partner', id)).token));
  const staff = async (email: string, role: 'reviewer' | 'manager', name: string) => {
    const user = await createStaffUser(db, { email, password: 'soak-staff-password', name, role });
    return (await issueToken(db, 'staff', user.id)).token;
  };
  const casherTokens = await tokensOf(casherIds);
  return {
    codes,
    readerTokens: await tokensOf(readerIds),
    cashers: casherIds.map((id, k) => ({
      id,
      token: casherTokens[k]!,
      owedCents: casherEarnings(k).reduce((s, c) => s + c, 0),
    })),
    reviewers: [
      await staff('soak.reviewer.1@sunbite.example', 'reviewer', 'Soak Reviewer 1'),
      await staff('soak.reviewer.2@sunbite.example', 'reviewer', 'Soak Reviewer 2'),
    ],
    manager: await staff('soak.manager@sunbite.example', 'manager', 'Soak Manager'),
  };
}
