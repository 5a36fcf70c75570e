// The program's time zone (docs/product/commissions.md#calendar, docs/decisions/054-program-calendar.md): admins
// change it in the back office's program settings; every month and week boundary is cut in it.
import { isTimeZone } from '../../../common/calendar';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { invalid } from '../../errors';
import { sayKey } from '../../i18n';
import { recordAudit } from '../audit/service';
import { programTimeZone, rebuildCalendarStats, TIME_ZONE_KEY, zoneOf } from '../ledger/service';
import { ensureSetting, lockSetting, settingRow, settingRowOrThrow, updateSetting } from './repository';

export { programTimeZone };

/** The zone and when it was last changed (null: never, the default applies). */
export async function readTimeZoneSetting(db: Db): Promise<{ time_zone: string; updated_at: string | null }> {
  const row = await settingRow(db, TIME_ZONE_KEY);
  return { time_zone: zoneOf(row?.value), updated_at: row ? row.updated_at : null };
}

/**
 * Sets the program's time zone, re-cuts the month and week running totals in it and writes the
 * audit line, in one transaction. The settings row is taken exclusively first: on PostgreSQL that
 * waits for every transaction of any node that wrote the totals with the old zone (each holds the
 * row shared, sales/calendar.ts) and holds off those that come after until the commit, when they
 * read the new zone. Two changes at once queue on the same row: the last wins.
 */
export async function setProgramTimeZone(
  db: Db,
  zone: string,
  staffId: number,
  now = new Date(),
): Promise<{ time_zone: string; updated_at: string | null }> {
  if (!isTimeZone(zone)) throw invalid({ time_zone: [sayKey('wrong_value')] });
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
    // The row exists from migration 028 on; written again if a hand edit removed it.
    await ensureSetting(trx, TIME_ZONE_KEY, zone, at);
    // Locks the row (a no-op write) before the zone is read, so what is read is what is replaced.
    await lockSetting(trx, TIME_ZONE_KEY);
    const stored = await settingRowOrThrow(trx, TIME_ZONE_KEY);
    if (stored.value === zone) return { time_zone: zone, updated_at: stored.updated_at };
    const before = zoneOf(stored.value);
    await updateSetting(trx, TIME_ZONE_KEY, zone, at);
    await rebuildCalendarStats(trx, zone);
    await recordAudit(
      trx,
      {
        staffId,
        action: 'settings.time_zone',
        entity: 'settings',
        entityId: 'time_zone',
        before: { time_zone: before },
        after: { time_zone: zone },
      },
      at,
    );
    return { time_zone: zone, updated_at: at };
  });
}
