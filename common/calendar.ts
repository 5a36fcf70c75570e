// The program's calendar (docs/product/commissions.md#calendar; docs/decisions/054-program-calendar.md): every
// month and week boundary is cut at midnight in the program's time zone, not at midnight UTC. Days
// are written 'YYYY-MM-DD' (a month by its first day, a week by its Monday), instants as ISO times.
// Only Intl is used: its time-zone data gives each instant's offset, daylight saving included.

export const DEFAULT_TIME_ZONE = 'America/Toronto';

/** Names IANA keeps for old or alternate spellings (`America/Montreal`) are accepted too. */
const ZONE_NAME = /^[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+$/;

let supported: Set<string> | undefined;

/** Whether `zone` is an IANA time zone this runtime knows (`UTC`, `America/Toronto`...). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  if (zone === 'UTC') return true;
  supported ??= new Set(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
  );
  if (supported.has(zone)) return true;
  if (!ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

// Every offset of a real zone is a whole number of quarter hours, and so is every change of it
// (a zone changes its clocks on a whole local hour or half hour): one offset per zone and quarter
// hour of UTC is exact. Ingestion asks for one per order, so the answers are kept (a year of
// quarter hours is 35,000 entries per zone; the map is emptied past ten times that). The running
// totals rebuilt over 1M orders, as a change of zone re-cuts them: 44.4 → 30.0 s
// (docs/performance.md, optimisations).
const QUARTER = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();

/** How far (in milliseconds) the zone's wall clock is ahead of UTC at `instant`. */
export function zoneOffsetMs(zone: string, instant: number): number {
  const slot = Math.floor(instant / QUARTER);
  let byZone = offsets.get(zone);
  if (!byZone) offsets.set(zone, (byZone = new Map()));
  let offset = byZone.get(slot);
  if (offset === undefined) {
    const at = slot * QUARTER;
    const parts: Record<string, number> = {};
    for (const p of formatterOf(zone).formatToParts(new Date(at)))
      if (p.type !== 'literal') parts[p.type] = Number(p.value);
    offset =
      Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - at;
    if (byZone.size > 350_000) byZone.clear();
    byZone.set(slot, offset);
  }
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayOfUtc = (d: Date) =>
  `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The wall-clock date and time in the zone at `instant`, as a Date whose UTC fields hold them. */
function wallClock(instant: Date | string | number, zone: string): Date {
  const t = typeof instant === 'number' ? instant : new Date(instant).getTime();
  return new Date(t + zoneOffsetMs(zone, t));
}

/** The day ('YYYY-MM-DD') `instant` falls on in the zone. */
export function localDay(instant: Date | string | number, zone: string): string {
  return dayOfUtc(wallClock(instant, zone));
}

/** The first day of the zone's month holding `instant`, `offset` months on ('YYYY-MM-01'). */
export function localMonthStart(instant: Date | string | number, zone: string, offset = 0): string {
  const wall = wallClock(instant, zone);
  return dayOfUtc(new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + offset, 1)));
}

/** The Monday of the ISO week holding `instant` in the zone ('YYYY-MM-DD'). */
export function localWeekStart(instant: Date | string | number, zone: string, offsetWeeks = 0): string {
  const wall = wallClock(instant, zone);
  const back = (wall.getUTCDay() + 6) % 7;
  return dayOfUtc(
    new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() - back + offsetWeeks * 7)),
  );
}

/** `day` ('YYYY-MM-DD') moved by whole days, months or years (calendar arithmetic, no zone). */
export function addToDay(day: string, by: { days?: number; months?: number }): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayOfUtc(new Date(Date.UTC(y, m - 1 + (by.months ?? 0), d + (by.days ?? 0))));
}

/**
 * The instant the day ('YYYY-MM-DD') begins in the zone: its local midnight, or, where the clocks
 * skip midnight (a change of time at 0:00), the first instant of the day that exists.
 */
export function startOfDay(day: string, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // The offsets in force around that midnight: the day begins at the earliest instant whose
  // local day is that day.
  const candidates = [wall - 86_400_000, wall, wall + 86_400_000].map(
    (near) => wall - zoneOffsetMs(zone, near - zoneOffsetMs(zone, near)),
  );
  let best: number | undefined;
  for (const c of candidates) if (localDay(c, zone) === day && (best === undefined || c < best)) best = c;
  return new Date(best ?? wall - zoneOffsetMs(zone, wall));
}

/** The instants a month ('YYYY-MM' or its first day) runs between in the zone: [from, until). */
export function monthBoundsIn(month: string, zone: string): { start: string; from: string; until: string } {
  const start = `${month.slice(0, 7)}-01`;
  return {
    start,
    from: startOfDay(start, zone).toISOString(),
    until: startOfDay(addToDay(start, { months: 1 }), zone).toISOString(),
  };
}
