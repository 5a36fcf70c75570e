// When a feed item happened, as the feed writes it: the catalog's relative words (with their
// plurals) and the hand-written dates and times, in both languages.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { calendarDate, dayHeading, localDayKey, relativeTime, timeOfDay } from './feed-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// The visitor's clock at a local midday, so "3 hours ago" is today whatever the zone.
const NOW = new Date(2026, 10, 20, 12, 0, 0).getTime();
const before = (ms: number) => new Date(NOW - ms).toISOString();
const daysBefore = (days: number, hour = 12) => new Date(2026, 10, 20 - days, hour, 0, 0).toISOString();

beforeAll(async () => {
  await i18n.loadLanguages('fr');
});

describe('relativeTime', () => {
  const cases: [string, string, string][] = [
    // [when, English, French]
    [before(0), 'just now', 'à l’instant'],
    [before(30_000), 'just now', 'à l’instant'],
    [before(MINUTE), '1 minute ago', 'il y a 1 minute'],
    [before(12 * MINUTE + 30_000), '12 minutes ago', 'il y a 12 minutes'],
    [before(59 * MINUTE), '59 minutes ago', 'il y a 59 minutes'],
    [before(HOUR), '1 hour ago', 'il y a 1 heure'],
    [before(3 * HOUR + 20 * MINUTE), '3 hours ago', 'il y a 3 heures'],
    [daysBefore(1), 'yesterday', 'hier'],
    [daysBefore(1, 23), 'yesterday', 'hier'],
    [daysBefore(2), '2 days ago', 'il y a 2 jours'],
    [daysBefore(6, 1), '6 days ago', 'il y a 6 jours'],
  ];
  for (const [iso, english, french] of cases)
    it(`writes ${english} / ${french}`, () => {
      expect(relativeTime(iso, i18n.getFixedT('en'), NOW)).toBe(english);
      expect(relativeTime(iso, i18n.getFixedT('fr'), NOW)).toBe(french);
    });

  it('counts a time a little ahead of the clock as now', () => {
    expect(relativeTime(before(-2 * MINUTE), i18n.getFixedT('en'), NOW)).toBe('just now');
  });

  it('leaves a week or more, and what is not a time, to the caller', () => {
    expect(relativeTime(daysBefore(7), i18n.getFixedT('en'), NOW)).toBeNull();
    expect(relativeTime(daysBefore(40), i18n.getFixedT('fr'), NOW)).toBeNull();
    expect(relativeTime('not a date', i18n.getFixedT('en'), NOW)).toBeNull();
  });
});

describe('dayHeading', () => {
  const key = (days: number) => localDayKey(daysBefore(days));
  it('says today and yesterday, then the weekday and date, in both languages', () => {
    const en = i18n.getFixedT('en');
    const fr = i18n.getFixedT('fr');
    expect(dayHeading(key(0), en, 'en-US', NOW)).toBe('Today');
    expect(dayHeading(key(0), fr, 'fr-CA', NOW)).toBe('Aujourd’hui');
    expect(dayHeading(key(1), en, 'en-US', NOW)).toBe('Yesterday');
    expect(dayHeading(key(1), fr, 'fr-CA', NOW)).toBe('Hier');
    // 2026-11-17 was a Tuesday.
    expect(dayHeading(key(3), en, 'en-US', NOW)).toBe('Tuesday, November 17');
    expect(dayHeading(key(3), fr, 'fr-CA', NOW)).toBe('Mardi 17 novembre');
    // Another year: with it.
    expect(dayHeading('2025-12-31', en, 'en-US', NOW)).toBe('Wednesday, December 31, 2025');
    expect(dayHeading('2025-12-31', fr, 'fr-CA', NOW)).toBe('Mercredi 31 décembre 2025');
  });

  it('asks Intl for a locale it does not write by hand', () => {
    expect(dayHeading(key(3), i18n.getFixedT('en'), 'en-GB', NOW)).toBe('Tuesday 17 November');
  });
});

describe('timeOfDay and calendarDate', () => {
  const savedZone = process.env.TZ;
  afterEach(() => {
    if (savedZone === undefined) delete process.env.TZ;
    else process.env.TZ = savedZone;
  });

  it('writes a time of day as Intl does, in the visitor’s zone', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      for (let minutes = 0; minutes < 24 * 60; minutes += 7) {
        const iso = new Date(Date.UTC(2026, 10, 20, 0, minutes)).toISOString();
        for (const locale of ['en-US', 'fr-CA'])
          expect(timeOfDay(iso, locale), `${zone} ${iso}`).toBe(
            new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(iso)),
          );
      }
    }
    process.env.TZ = 'UTC';
    expect(timeOfDay('2026-11-20T14:05:00Z', 'en-US')).toBe('2:05 PM');
    expect(timeOfDay('2026-11-20T00:05:00Z', 'en-US')).toBe('12:05 AM');
    expect(timeOfDay('2026-11-20T14:05:00Z', 'fr-CA')).toBe('14 h 05');
    expect(timeOfDay('2026-11-20T00:05:00Z', 'fr-CA')).toBe('00 h 05');
    expect(timeOfDay('never', 'fr-CA')).toBeNull();
  });

  it('writes a promo’s start date as staff set it, whatever the zone', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(calendarDate({ date: '2026-11-26T00:00:00Z' }, 'en-US')).toBe('Nov 26');
    expect(calendarDate({ date: '2026-11-26T00:00:00Z' }, 'fr-CA')).toBe('26 nov.');
    expect(calendarDate({ date: '2026-02-05T00:00:00Z' }, 'fr-CA')).toBe('5 févr.');
  });
});
