// The program's time zone setting as the ledger reads it (docs/decisions/054-program-calendar.md):
// its row of the settings table, with or without a shared lock.
import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';

const zoneRow = prepared(
  1,
  (_db, key: string) => sql<{ value: string }>`select value from settings where key = ${key}`,
);
const zoneRowShared = prepared(
  1,
  (_db, key: string) => sql<{ value: string }>`select value from settings where key = ${key} for share`,
);

/** The stored value of the setting `key`, if its row exists (no lock). */
export async function storedZone(db: Db, key: string): Promise<string | undefined> {
  const [row] = await zoneRow(db, key);
  return row?.value;
}

/**
 * The stored value of the setting `key`, its row share-locked until the transaction ends
 * (PostgreSQL only: SQLite has no `for share`).
 */
export async function storedZoneShared(db: Db, key: string): Promise<string | undefined> {
  return (await zoneRowShared(db, key))[0]?.value;
}
