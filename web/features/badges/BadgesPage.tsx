// /account/badges (docs/product/partner-portal.md, docs/product/engagement.md#badges): every badge, the earned ones with their date, the
// others with the partner's progress toward them; a profile still incomplete says what is missing.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROFILE_STEPS, profileStepsDone } from '../../../common/badges';
import type { BadgeState } from '../../../common/contracts/badges';
import { useDocumentTitle } from '../../lib/document-title';
import { PageHeading } from '../../components/PageHeading';
import { badgesQuery, useCurrentUser } from '../../lib/current-user';
import { useFormatters } from '../../lib/format';
import { BadgeArt } from '../../components/BadgeArt';
import { Skeleton } from '../../components/skeleton';

function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="h-2 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800"
    >
      <div
        className="h-full rounded-full bg-gradient-to-r from-brand-500 to-rose-500"
        style={{ width: `${Math.max(share > 0 ? 4 : 0, Math.round(share * 100))}%` }}
      />
    </div>
  );
}

function MissingSteps() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  const done = profileStepsDone(user);
  const missing = PROFILE_STEPS.filter((step) => !done.includes(step));
  if (!missing.length) return null;
  return (
    <p className="mt-2 text-xs text-muted">
      {t('engagement.badges_page.missing', {
        steps: missing.map((step) => t(`engagement.badges_page.steps.${step}`)).join(', '),
      })}
      <Link to="/account/profile" className="link mt-1 block w-fit font-medium">
        {t('engagement.badges_page.edit_profile')}
      </Link>
    </p>
  );
}

function BadgeCard({ badge }: { badge: BadgeState }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const name = t(`engagement.badges.${badge.id}.name`);
  const earned = badge.awarded_at !== null;
  const amount = (value: number) => (badge.metric === 'earned' ? f.moneyShort(value) : f.number(value));
  return (
    <li
      className={`card flex gap-4 p-4 sm:p-5 ${earned ? '' : 'bg-stone-50/60 dark:bg-stone-900/60'}`}
      data-testid={`badge-${badge.id}`}
      data-earned={earned}
    >
      <BadgeArt id={badge.id} metric={badge.metric} earned={earned} />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{name}</h3>
        <p className="mt-0.5 text-sm text-muted">{t(`engagement.badges.${badge.id}.goal`)}</p>
        {earned ? (
          <p className="mt-2 text-sm font-medium text-emerald-700 dark:text-emerald-400">
            {t('engagement.badges_page.earned_on', { date: f.date(badge.awarded_at!) })}
          </p>
        ) : (
          <div className="mt-3">
            <ProgressBar
              value={badge.progress}
              max={badge.target}
              label={t('engagement.badges_page.progress_label', { name })}
            />
            <p className="mt-1.5 text-xs tabular-nums text-muted">
              {t('engagement.badges_page.progress', {
                progress: amount(badge.progress),
                target: amount(badge.target),
              })}
            </p>
            {badge.id === 'profile_complete' ? <MissingSteps /> : null}
          </div>
        )}
      </div>
    </li>
  );
}

function BadgeGrid({ title, badges }: { title: string; badges: BadgeState[] }) {
  if (!badges.length) return null;
  return (
    <section aria-label={title} className="mt-8">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <ul className="grid gap-3 sm:gap-4 md:grid-cols-2 xl:grid-cols-3">
        {badges.map((badge) => (
          <BadgeCard key={badge.id} badge={badge} />
        ))}
      </ul>
    </section>
  );
}

export function BadgesPage() {
  const { t } = useTranslation();
  const title = t('titles.badges');
  useDocumentTitle(title);
  const { data, isError, refetch } = useQuery(badgesQuery);

  const heading = <PageHeading title={title} lead={t('pages.badges')} />;
  if (isError && !data)
    return (
      <>
        {heading}
        <div className="card p-5" role="alert">
          <p>{t('engagement.badges_page.load_error')}</p>
          <button type="button" className="btn-secondary mt-3" onClick={() => void refetch()}>
            {t('engagement.badges_page.retry')}
          </button>
        </div>
      </>
    );
  if (!data)
    return (
      <>
        {heading}
        <div role="status" className="grid gap-3 sm:gap-4 md:grid-cols-2 xl:grid-cols-3">
          <span className="sr-only">{t('loading')}</span>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-28 rounded-2xl" />
          ))}
        </div>
      </>
    );

  const earned = data.filter((badge) => badge.awarded_at !== null);
  const next = data.filter((badge) => badge.awarded_at === null);
  return (
    <>
      {heading}
      <section className="card p-5" data-testid="badges-summary">
        <p className="mb-3 font-semibold">
          {t('engagement.badges_page.summary', { count: earned.length, total: data.length })}
        </p>
        <ProgressBar
          value={earned.length}
          max={data.length}
          label={t('engagement.badges_page.summary', { count: earned.length, total: data.length })}
        />
        {earned.length ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-hidden="true">
            {earned.map((badge) => (
              <li key={badge.id}>
                <BadgeArt id={badge.id} metric={badge.metric} earned size={36} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <BadgeGrid title={t('engagement.badges_page.earned_section')} badges={earned} />
      <BadgeGrid title={t('engagement.badges_page.next_section')} badges={next} />
    </>
  );
}
