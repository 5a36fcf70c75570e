import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
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
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [...keys]).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Moves a setting from `expected` to `next`; answers whether this call did (one node of several wins). */
export async function replaceSetting(db: Db, key: string, expected: string, next: string): Promise<boolean> {
  const result = await db.updateTable('settings').set({ value: next, updated_at: nowIso() }).where('key', '=', key).where('value', '=', expected).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
