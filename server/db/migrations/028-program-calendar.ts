import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The program's calendar (docs/product/commissions.md#calendar, docs/decisions/054-program-calendar.md):
// - earnings.dated_at: the instant an earning counts at in the calendar: for an earning of an
//   order (its sale, a referral, an adjustment) the order's payment (orders.paid_at), for any
//   other (marketplace, bonus) when it was recorded.
// - settings `program_time_zone`, America/Toronto until staff change it: written now, so that
//   its row exists for the writers of the running totals to share-lock (server/modules/ledger/calendar.ts).
// - The month and week running totals (partner_sales_stats 'm' and 'w', partner_earning_stats by
//   month) cut again: by the day the customer paid rather than placed the order (sales) or it was
//   recorded (earnings), and at midnight in the program's time zone rather than UTC. What each
//   order and earning counts, the all-time rows and the partners' lifetime figures do not move.
//   The program's totals follow by their triggers (migration 022).
// This migration keeps its own copy of the rules (a migration never imports application code):
// server/modules/ledger/stats.ts (rebuildCalendarStats) and common/calendar.ts cut the same way.
export const DEFAULT_ZONE = 'America/Toronto';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('earnings').addColumn('dated_at', 'varchar(32)').execute();
  await sql`update earnings set dated_at = coalesce((select o.paid_at from orders o where o.id = earnings.order_id), created_at)`.execute(
    db,
  );
  await sql`insert into settings (key, value, updated_at) values ('program_time_zone', ${DEFAULT_ZONE}, ${new Date().toISOString()})
    on conflict (key) do nothing`.execute(db);
  const stored = await sql<{
    value: string;
  }>`select value from settings where key = 'program_time_zone'`.execute(db);
  await recut(db, stored.rows[0]?.value ?? DEFAULT_ZONE, 'paid');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to UTC months and weeks of the order's placing and the earning's recording.
  await recut(db, 'UTC', 'placed');
  await db.schema.alterTable('earnings').dropColumn('dated_at').execute();
  await sql`delete from settings where key = 'program_time_zone'`.execute(db);
}

/** The month and week rows again, from what each order and earning counts. */
export async function recut(db: Kysely<unknown>, zone: string, dates: 'paid' | 'placed'): Promise<void> {
  await sql`delete from partner_sales_stats where period in ('m', 'w')`.execute(db);
  await sql`delete from partner_earning_stats where month <> ''`.execute(db);
  const cut = calendarOf(zone);

  const sales = new Map<
    string,
    {
      partner_id: number;
      period: string;
      start: string;
      orders: number;
      sales_cents: number;
      commission_cents: number;
    }
  >();
  for (let after = 0; ;) {
    const slice = await sql<{
      id: number;
      partner_id: number;
      placed_at: string;
      paid_at: string | null;
      orders: number;
      sales: number;
      commission: number;
    }>`
      select id, partner_id, placed_at, paid_at, counted_orders as orders, counted_sales_cents as sales, counted_commission_cents as commission
      from orders where counted_orders = 1 and id > ${after} order by id limit ${SLICE}`.execute(db);
    for (const o of slice.rows) {
      const at = dates === 'paid' ? (o.paid_at ?? o.placed_at) : o.placed_at;
      for (const [period, start] of [
        ['m', cut.month(at)],
        ['w', cut.week(at)],
      ] as const) {
        const key = `${o.partner_id}|${period}|${start}`;
        let row = sales.get(key);
        if (!row)
          sales.set(
            key,
            (row = {
              partner_id: Number(o.partner_id),
              period,
              start,
              orders: 0,
              sales_cents: 0,
              commission_cents: 0,
            }),
          );
        row.orders += Number(o.orders);
        row.sales_cents += Number(o.sales);
        row.commission_cents += Number(o.commission);
      }
    }
    if (slice.rows.length < SLICE) break;
    after = Number(slice.rows[slice.rows.length - 1]!.id);
  }
  const salesRows = [...sales.values()].map((r) => ({ ...r, geo: '' }));
  for (let i = 0; i < salesRows.length; i += 500)
    await db
      .insertInto('partner_sales_stats' as never)
      .values(salesRows.slice(i, i + 500) as never)
      .execute();

  const earnings = new Map<
    string,
    { partner_id: number; month: string; kind: string; status: string; earnings: number; cents: number }
  >();
  const dated = dates === 'paid' ? sql`coalesce(dated_at, created_at)` : sql`created_at`;
  for (let after = 0; ;) {
    const slice = await sql<{
      id: number;
      partner_id: number;
      kind: string;
      status: string;
      amount_cents: number;
      at: string;
    }>`
      select id, partner_id, kind, status, amount_cents, ${dated} as at from earnings where id > ${after} order by id limit ${SLICE}`.execute(
      db,
    );
    for (const e of slice.rows) {
      const month = cut.month(e.at);
      const key = `${e.partner_id}|${month}|${e.kind}|${e.status}`;
      let row = earnings.get(key);
      if (!row)
        earnings.set(
          key,
          (row = {
            partner_id: Number(e.partner_id),
            month,
            kind: e.kind,
            status: e.status,
            earnings: 0,
            cents: 0,
          }),
        );
      row.earnings += 1;
      row.cents += Number(e.amount_cents);
    }
    if (slice.rows.length < SLICE) break;
    after = Number(slice.rows[slice.rows.length - 1]!.id);
  }
  const earningRows = [...earnings.values()];
  for (let i = 0; i < earningRows.length; i += 500)
    await db
      .insertInto('partner_earning_stats' as never)
      .values(earningRows.slice(i, i + 500) as never)
      .execute();
}

const SLICE = 10_000;

/**
 * Months ('YYYY-MM-01') and ISO weeks (their Monday) of an instant in the zone: its wall clock
 * from Intl's offset there, kept per quarter hour of UTC (every real offset and change of one is
 * a whole number of quarter hours).
 */
export function calendarOf(zone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  const wall = (iso: string) => {
    const t = Date.parse(iso);
    const slot = Math.floor(t / 900_000);
    let offset = offsets.get(slot);
    if (offset === undefined) {
      const p: Record<string, number> = {};
      for (const part of format.formatToParts(new Date(slot * 900_000)))
        if (part.type !== 'literal') p[part.type] = Number(part.value);
      offsets.set(
        slot,
        (offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - slot * 900_000),
      );
    }
    return new Date(t + offset);
  };
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    month: (iso: string) => {
      const w = wall(iso);
      return day(new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), 1)));
    },
    week: (iso: string) => {
      const w = wall(iso);
      return day(
        new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate() - ((w.getUTCDay() + 6) % 7))),
      );
    },
  };
}
