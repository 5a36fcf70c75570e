// The program's time zone, as the ledger and the figures read it (docs/decisions/054-program-calendar.md).
// It is a setting like the others (server/modules/settings/repository.ts), read from the database
// where it is used, so a change made on one node holds on every node from its commit on.
//
// The running totals (stats.ts) are cut by it: whatever writes them reads the zone in the same
// transaction, and on PostgreSQL with a shared lock on its row, held until that transaction
// commits. A change of zone takes the row exclusively (server/modules/settings/time-zone.ts): it
// waits for every writer that read the old zone to commit, re-cuts the month and week totals, and
// writers that come after it read the new zone. SQLite has one writer at a time.
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../../common/calendar';
import type { Db } from '../../db';
import { hasRange, listWindow, type ListRangeQuery, type ListWindow } from '../../../common/list-range';
import { dialectOf } from '../../db/dialect';
import { storedZone, storedZoneShared } from './calendar-repository';

/** Where the zone is kept in the settings table (migration 028 writes the default there). */
export const TIME_ZONE_KEY = 'program_time_zone';

/** A stored zone, or the default when unset or unreadable (a hand edit gone wrong). */
export const zoneOf = (stored: string | undefined | null): string =>
  stored && isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;

/** The program's time zone, for figures shown (no lock). */
export async function programTimeZone(db: Db): Promise<string> {
  return zoneOf(await storedZone(db, TIME_ZONE_KEY));
}

/** A partner list's range as days and instants of the program's calendar; no range reads no setting. */
export const rangeWindow = async (db: Db, query: ListRangeQuery, now = new Date()): Promise<ListWindow> =>
  hasRange(query) ? listWindow(query, await programTimeZone(db), now) : {};

/**
 * The zone a change of the running totals is cut by; call it inside the transaction that writes
 * them, before the first stats row is written. On PostgreSQL the settings row stays share-locked
 * until that transaction ends, so a change of zone cannot commit between this read and the writes.
 */
export async function zoneForWrite(db: Db): Promise<string> {
  if (dialectOf(db) === 'postgres') return zoneOf(await storedZoneShared(db, TIME_ZONE_KEY));
  // SQLite: one process, one connection, one transaction at a time (decisions/043), and a change
  // of zone is a transaction of its own: the zone cannot change while a transaction runs, so it is
  // read once per transaction (a group commit's batch of orders shares one read), not per order.
  if (!db.isTransaction) return programTimeZone(db);
  let zone = zoneOfTransaction.get(db);
  if (zone === undefined) zoneOfTransaction.set(db, (zone = await programTimeZone(db)));
  return zone;
}

const zoneOfTransaction = new WeakMap<Db, string>();
