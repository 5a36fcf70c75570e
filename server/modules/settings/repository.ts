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
