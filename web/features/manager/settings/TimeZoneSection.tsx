// The settings' "Program calendar" (docs/product/commissions.md#calendar, docs/decisions/054-program-calendar.md): the
// time zone every month and week of the figures is cut in (dashboards, charts, challenges, promos,
// statements). Saved on its own, at once: the month and week figures are cut again in the new zone.
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTimeZone } from '../../../../common/calendar';
import { inputClass } from '../../../components/form';
import { apiMessage, serverFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/toast';
import { useSetTimeZone, useTimeZoneSetting, type TimeZoneSetting } from './time-zone-api';
import { SkeletonLines } from '../../../components/skeleton';
import { useSignOutOnUnauthorized } from '../staff-session';
import { LoadFailed } from '../../../components/staff/list-results';
import { ErrorText } from '../../../components/staff/fields';

const label = 'mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200';

/** The zones this browser knows, the stored one among them. */
function zonesWith(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])].sort((a, b) => a.localeCompare(b));
}

function TimeZoneBody({ setting }: { setting: TimeZoneSetting }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useSetTimeZone();
  const [chosen, setChosen] = useState(setting.time_zone);
  const [seen, setSeen] = useState(setting.time_zone);
  if (setting.time_zone !== seen) {
    setSeen(setting.time_zone);
    setChosen(setting.time_zone);
  }
  const zones = useMemo(() => zonesWith(setting.time_zone), [setting.time_zone]);
  const failure = change.error
    ? (serverFieldErrors(change.error)?.time_zone ??
      apiMessage(change.error) ??
      t('manager.settings.time_zone.change_failed'))
    : null;
  const save = () =>
    change.mutate(chosen, {
      onSuccess: (stored) =>
        notifySuccess(t('manager.settings.time_zone.changed', { zone: stored.time_zone })),
    });

  return (
    <div data-testid="time-zone-body">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 sm:w-72">
          <label htmlFor={id} className={label}>
            {t('manager.settings.time_zone.label')}
          </label>
          <select
            id={id}
            value={chosen}
            onChange={(event) => {
              setChosen(event.target.value);
              change.reset();
            }}
            className={`${inputClass} ${failure ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
            aria-invalid={failure ? true : undefined}
            data-testid="time-zone-select"
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn-secondary shrink-0"
          disabled={chosen === setting.time_zone || !isTimeZone(chosen) || change.isPending}
          onClick={save}
          data-testid="time-zone-save"
        >
          {t('manager.settings.time_zone.save')}
        </button>
      </div>
      <ErrorText message={failure} />
      <p className="mt-2 max-w-2xl text-xs leading-relaxed text-muted">
        {t('manager.settings.time_zone.note')}
      </p>
    </div>
  );
}

export function TimeZoneSection() {
  const { t } = useTranslation();
  const query = useTimeZoneSetting();
  useSignOutOnUnauthorized(query.error);
  return (
    <section
      className="card mt-5 p-4 sm:p-6"
      aria-labelledby="settings-time-zone-heading"
      data-testid="settings-group-time-zone"
    >
      <div className="mb-5 min-w-0">
        <h2 id="settings-time-zone-heading" className="text-lg font-semibold tracking-tight">
          {t('manager.settings.time_zone.title')}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">{t('manager.settings.time_zone.lead')}</p>
      </div>
      {query.data ? (
        <TimeZoneBody setting={query.data} />
      ) : query.isError ? (
        <LoadFailed
          title={t('manager.settings.time_zone.load_failed')}
          onRetry={() => void query.refetch()}
          testId="time-zone-load-failed"
        />
      ) : (
        <SkeletonLines lines={2} />
      )}
    </section>
  );
}
