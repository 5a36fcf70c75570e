import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import { nowIso } from '../../db/dialect';

// Read by every recorded order (the holding period): compiled once (db/prepared.ts).
const settingValue = prepared(1, (db, key: string) =>
  db.selectFrom('settings').select('value').where('key', '=', key),
);

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await settingValue(db, key);
  return row?.value;
}

/** Stores the value unless the key exists; answers the value that won (safe when several nodes race). */
export async function insertSettingOnce(db: Db, key: string, value: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readSetting(db, key)) ?? value;
}

export async function readSettings(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Moves a setting from `expected` to `next`; answers whether this call did (one node of several wins). */
export async function replaceSetting(db: Db, key: string, expected: string, next: string): Promise<boolean> {
  const result = await db
    .updateTable('settings')
    .set({ value: next, updated_at: nowIso() })
    .where('key', '=', key)
    .where('value', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Writes each setting, whether it was stored before or not. */
export async function writeSettings(db: Db, values: Record<string, string>, at: string): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updated_at: at }));
  if (rows.length === 0) return;
  await db
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** The newest change among these settings, if any was ever stored. */
export async function settingsUpdatedAt(db: Db, keys: readonly string[]): Promise<string | null> {
  const row = await db
    .selectFrom('settings')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .where('key', 'in', [...keys])
    .executeTakeFirst();
  return row?.at ?? null;
}

/** The commission tiers (docs/product/commissions.md#commission-tiers), lowest threshold first. */
export function commissionTiers(db: Db) {
  return db.selectFrom('commission_tiers').select(['min_sales', 'rate_bp']).orderBy('min_sales').execute();
}

/** The rate of the tier a partner without verified sales starts in, if there is one. */
export async function startingTierRate(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('commission_tiers')
    .select('rate_bp')
    .orderBy('min_sales')
    .limit(1)
    .executeTakeFirst();
  return row?.rate_bp;
}

export async function replaceCommissionTiers(
  db: Db,
  tiers: readonly { min_sales: number; rate_bp: number }[],
): Promise<void> {
  await db.deleteFrom('commission_tiers').execute();
  if (tiers.length)
    await db
      .insertInto('commission_tiers')
      .values(tiers.map((tier) => ({ min_sales: tier.min_sales, rate_bp: tier.rate_bp })))
      .execute();
}

/**
 * The rows of three settings (those stored), in one statement: every recorded order reads its
 * terms so (settings/currency.ts, readMoneyTerms), hence compiled once (db/prepared.ts).
 */
export const threeSettings = prepared(3, (db, first: string, second: string, third: string) =>
  db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [first, second, third]),
);

/** The settings whose key starts with `prefix`, in key order, with when each was set. */
export function settingsWithPrefix(db: Db, prefix: string) {
  return db
    .selectFrom('settings')
    .select(['key', 'value', 'updated_at'])
    .where('key', 'like', `${prefix}%`)
    .orderBy('key')
    .execute();
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', key).execute();
}

export async function deleteSettingsWithPrefix(db: Db, prefix: string): Promise<void> {
  await db.deleteFrom('settings').where('key', 'like', `${prefix}%`).execute();
}

/** One setting's value and when it was set. */
export function settingRow(db: Db, key: string) {
  return db.selectFrom('settings').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst();
}

/** One setting's value and when it was set; throws when the row is missing. */
export function settingRowOrThrow(db: Db, key: string) {
  return db
    .selectFrom('settings')
    .select(['value', 'updated_at'])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
}

/** Writes the setting unless its row exists (the existing row is left as it is). */
export async function ensureSetting(db: Db, key: string, value: string, at: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Takes the setting's row for the transaction: a write that changes nothing. */
export async function lockSetting(db: Db, key: string): Promise<void> {
  await db
    .updateTable('settings')
    .set((eb) => ({ value: eb.ref('value') }))
    .where('key', '=', key)
    .execute();
}

/** Replaces an existing setting's value. */
export async function updateSetting(db: Db, key: string, value: string, at: string): Promise<void> {
  await db.updateTable('settings').set({ value, updated_at: at }).where('key', '=', key).execute();
}

/** Whether the ledger holds money: any earning or payout at all (then the currency stays). */
export async function ledgerHoldsMoney(db: Db): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('earnings').select(sql`1`.as('one'))).as('earnings'),
      eb.exists(eb.selectFrom('payouts').select(sql`1`.as('one'))).as('payouts'),
      eb
        .exists(
          eb
            .selectFrom('orders')
            .select(sql`1`.as('one'))
            .where('subtotal_cents', '<>', 0),
        )
        .as('orders'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(Number(row.earnings)) || Boolean(Number(row.payouts)) || Boolean(Number(row.orders));
}

/** The paid orders waiting for an exchange rate, counted by currency. */
export function ordersAwaitingRate(db: Db) {
  return db
    .selectFrom('orders')
    .select((eb) => ['currency', eb.fn.countAll<number>().as('n')])
    .where('awaiting_rate', '=', 1)
    .where('status', '=', 'paid')
    .groupBy('currency')
    .orderBy('currency')
    .execute();
}
