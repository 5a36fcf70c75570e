// The week's best times to post (docs/product/content.md#posting-times: about 9am, 1pm and 6-11pm, Monday to Friday;
// Instagram most active 12:00 to 13:00 on weekdays), drawn as one timeline per day. The bars
// are a picture of the sentence each row also says in words, for screen readers.
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../lib/format';

/** Hours as decimals; `good` slots are the spec's posting times, `peak` Instagram's busiest hour. */
const SLOTS = {
  morning: { from: 8.5, to: 9.5, at: 9 },
  afternoon: { from: 12.5, to: 13.5, at: 13 },
  evening: { from: 18, to: 23 },
  peak: { from: 12, to: 13 },
} as const;
const WEEKDAYS = 5;
/** The part of the day the chart shows: nobody is advised to post at 3 am. */
const AXIS = { from: 6, to: 24 } as const;
/** Grid lines every three hours; on a phone only every other one is labelled. */
const TICKS = [9, 12, 15, 18, 21];
const PHONE_LABELS = [12, 18];

const at = (hour: number) => new Date(Date.UTC(2026, 0, 5, Math.floor(hour) % 24, (hour % 1) * 60));
const position = (hour: number) => `${((hour - AXIS.from) / (AXIS.to - AXIS.from)) * 100}%`;
const width = (from: number, to: number) => `${((to - from) / (AXIS.to - AXIS.from)) * 100}%`;

function useTimeFormats() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const hour = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' });
  // 2026-01-05 is a Monday.
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const weekdayShort = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const day = (index: number) => new Date(Date.UTC(2026, 0, 5 + index));
  // Intl writes "09 h" for fr-CA; Quebec usage (OQLF) is "9 h", kept on one line like Intl's "9 AM".
  // The post guide's own text writes its times the same way.
  const time = (h: number) => (locale.startsWith('fr') ? `${h % 24}\u00A0h` : hour.format(at(h)));
  return {
    time,
    range: (from: number, to: number) =>
      t('content.document.posting.range', { from: time(from), to: time(to) }),
    weekday: (index: number) => weekday.format(day(index)),
    weekdayShort: (index: number) => weekdayShort.format(day(index)),
  };
}

export function PostingTimes() {
  const { t } = useTranslation();
  const f = useTimeFormats();
  const weekdaySlots = [
    t('content.document.posting.around', { time: f.time(SLOTS.morning.at) }),
    t('content.document.posting.peak_slot', { range: f.range(SLOTS.peak.from, SLOTS.peak.to) }),
    t('content.document.posting.around', { time: f.time(SLOTS.afternoon.at) }),
    f.range(SLOTS.evening.from, SLOTS.evening.to),
  ].join(', ');
  return (
    <figure className="card mt-6 p-5 sm:p-6" data-testid="posting-times">
      <figcaption>
        <p className="font-semibold">{t('content.document.posting.title')}</p>
        <p className="mt-1 text-sm text-muted">
          {t('content.document.posting.summary', {
            morning: f.time(SLOTS.morning.at),
            afternoon: f.time(SLOTS.afternoon.at),
            evening: f.range(SLOTS.evening.from, SLOTS.evening.to),
            peak: f.range(SLOTS.peak.from, SLOTS.peak.to),
          })}
        </p>
      </figcaption>

      <ul className="mt-5 space-y-2" aria-label={t('content.document.posting.caption')}>
        {Array.from({ length: 7 }, (_, index) => {
          const weekday = index < WEEKDAYS;
          return (
            <li key={index} className="flex items-center gap-3">
              <span className="sr-only">
                {t('content.document.posting.day_slots', {
                  day: f.weekday(index),
                  slots: weekday ? weekdaySlots : t('content.document.posting.no_slots'),
                })}
              </span>
              <span
                aria-hidden="true"
                className={`w-10 shrink-0 text-xs font-medium capitalize sm:w-12 sm:text-sm ${
                  weekday ? 'text-stone-800 dark:text-stone-200' : 'text-stone-500 dark:text-stone-400'
                }`}
              >
                {f.weekdayShort(index)}
              </span>
              <span
                aria-hidden="true"
                className="relative h-7 flex-1 overflow-hidden rounded-lg bg-stone-100 dark:bg-stone-800"
              >
                {TICKS.map((tick) => (
                  <span
                    key={tick}
                    className="absolute inset-y-0 w-px bg-stone-200 dark:bg-stone-700"
                    style={{ left: position(tick) }}
                  />
                ))}
                {weekday ? (
                  <>
                    {[SLOTS.morning, SLOTS.afternoon, SLOTS.evening].map((slot) => (
                      <span
                        key={slot.from}
                        className="absolute inset-y-1 rounded-md bg-brand-400/80 dark:bg-brand-500/70"
                        style={{ left: position(slot.from), width: width(slot.from, slot.to) }}
                      />
                    ))}
                    <span
                      className="absolute inset-y-0 rounded-md bg-rose-600 ring-2 ring-white dark:bg-rose-400 dark:ring-stone-900"
                      style={{
                        left: position(SLOTS.peak.from),
                        width: width(SLOTS.peak.from, SLOTS.peak.to),
                      }}
                    />
                  </>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      {/* The hour axis, aligned with the bars (the day column's width on its left). */}
      <div aria-hidden="true" className="mt-1 flex gap-3">
        <span className="w-10 shrink-0 sm:w-12" />
        <span className="relative h-5 flex-1 text-[11px] text-stone-500 tabular-nums dark:text-stone-400">
          {TICKS.map((tick) => (
            <span
              key={tick}
              className={`absolute top-0 -translate-x-1/2 whitespace-nowrap ${
                PHONE_LABELS.includes(tick) ? '' : 'hidden sm:block'
              }`}
              style={{ left: position(tick) }}
            >
              {f.time(tick)}
            </span>
          ))}
        </span>
      </div>

      <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-stone-700 dark:text-stone-300">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="h-3 w-5 rounded bg-brand-400/80 dark:bg-brand-500/70" />
          {t('content.document.posting.good')}
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="h-3 w-5 rounded bg-rose-600 dark:bg-rose-400" />
          {t('content.document.posting.peak')}
        </span>
      </div>
      <p className="mt-3 text-xs text-stone-500 dark:text-stone-400">
        {t('content.document.posting.weekend')} {t('content.document.posting.local_time')}
      </p>
    </figure>
  );
}
