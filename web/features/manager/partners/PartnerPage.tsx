// /manager/partners/:uuid: one partner (docs/product/back-office.md#partners, issue 13). The page is two columns of cards:
// beside, the profile, the account (suspension, verification mail), the commission (tier or
// override) and referrals; in the main column, the sales figures, the promo codes (discount, push to
// the store), earnings with their history, payouts, vouchers, notes and the staff actions on the
// partner. Managers and administrators see each card's form; reviewers read.
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { ApiError, isUnauthorized, serverMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { notifySuccess } from '../../../lib/toast';
import { useFormatters, useDateTime } from '../../../lib/format';
import { DiscountForm, useCanEditPartners } from './partner-actions';
import {
  AccountCard,
  AuditCard,
  CommissionCard,
  EarningsCard,
  FiguresCard,
  NotesCard,
  PayoutsCard,
  ReadOnlyNotice,
  ReferralCard,
  VouchersCard,
} from './partner-cards';
import {
  partnerName,
  usePartner,
  useRetryStoreSync,
  type PartnerDetail,
  type PartnerPromoCode,
} from '../partners-api';
import { PartnerCard, StatusChip, SyncBadge, useCountryName, VerifiedChip } from '../partner-rows';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';
import { useManagerSignOut, useSignOutOnUnauthorized, useStaffMember } from '../staff-session';
import { hasRole } from '../../../../common/staff-roles';
import { LoadFailed } from '../../../components/staff/list-results';

/** An e-mail that may wrap after its @ rather than anywhere in the middle. */
function Email({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

interface Fact {
  key: string;
  label: string;
  value: ReactNode;
  /** A long value (an e-mail) takes the whole width of the card. */
  wide?: boolean;
}

/**
 * Label and value, one under the other: two facts a row on a phone and a tablet, where the card
 * is as wide as the page, and one a row in the narrow side column from `lg` up.
 */
function Facts({ items }: { items: Fact[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm lg:grid-cols-1">
      {items.map((item) => (
        <div key={item.key} className={`min-w-0 ${item.wide ? 'col-span-2 lg:col-span-1' : ''}`}>
          <dt className="text-xs text-muted">{item.label}</dt>
          <dd
            className="mt-0.5 break-words text-stone-900 dark:text-stone-100"
            data-testid={`profile-${item.key}`}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const muted = (text: string) => <span className="text-stone-500 dark:text-stone-400">{text}</span>;

function ProfileCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const dateTime = useDateTime();
  const country = useCountryName();
  return (
    <PartnerCard id="profile" title={t('manager.partners.detail.profile.heading')} icon="user">
      <Facts
        items={[
          {
            key: 'verified',
            label: t('manager.partners.detail.profile.verified'),
            value: <VerifiedChip verified={partner.verified} />,
          },
          {
            key: 'country',
            label: t('manager.partners.detail.profile.country'),
            value: country(partner.country),
          },
          {
            key: 'signed-up',
            label: t('manager.partners.detail.profile.signed_up'),
            value: f.date(partner.created_at),
          },
          {
            key: 'last-login',
            label: t('manager.partners.detail.profile.last_login'),
            value: partner.last_login_dt
              ? dateTime(partner.last_login_dt)
              : muted(t('manager.partners.detail.profile.never')),
          },
          {
            key: 'subpartner',
            label: t('manager.partners.detail.profile.subpartner'),
            value: partner.subpartner
              ? partner.subpartner.name
              : muted(t('manager.partners.detail.profile.no_subpartner')),
          },
          {
            key: 'locale',
            label: t('manager.partners.detail.profile.locale'),
            value: t(`manager.partners.detail.profile.locales.${partner.locale === 'fr' ? 'fr' : 'en'}`),
          },
          {
            key: 'paypal',
            label: t('manager.partners.detail.profile.paypal_email'),
            wide: true,
            value: partner.paypal_email ? (
              <Email value={partner.paypal_email} />
            ) : (
              muted(t('manager.partners.detail.profile.not_given'))
            ),
          },
        ]}
      />
    </PartnerCard>
  );
}

function PromoCodeItem({
  uuid,
  entry,
  canRetry,
  retrying,
  error,
  onRetry,
}: {
  uuid: string;
  entry: PartnerPromoCode;
  canRetry: boolean;
  retrying: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const dateTime = useDateTime();
  const canEdit = useCanEditPartners();
  const [editing, setEditing] = useState(false);
  const sync = entry.store_sync;
  const errorId = `retry-error-${entry.code}`;
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid="promo-code" data-code={entry.code}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-mono text-base font-bold tracking-wide break-all" data-testid="promo-code-name">
            {entry.code}
          </p>
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted">
            <div className="flex gap-1">
              <dt>{t('manager.partners.detail.codes.discount')}</dt>
              <dd
                className="font-semibold text-stone-900 tabular-nums dark:text-stone-100"
                data-testid="code-discount"
              >
                {f.percent(entry.value)}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('manager.partners.detail.codes.commission')}</dt>
              <dd
                className="font-semibold text-stone-900 tabular-nums dark:text-stone-100"
                data-testid="code-commission"
              >
                {f.percent(entry.commission_rate)}
              </dd>
            </div>
          </dl>
        </div>
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <SyncBadge state={sync.state} />
          {canEdit && !editing ? (
            <button
              type="button"
              className="link text-sm"
              onClick={() => setEditing(true)}
              data-testid="discount-edit"
            >
              {t('manager.partners.detail.codes.change_discount')}{' '}
              <span className="sr-only">· {entry.code}</span>
            </button>
          ) : null}
        </div>
      </div>
      {editing ? (
        <DiscountForm uuid={uuid} code={entry.code} value={entry.value} onDone={() => setEditing(false)} />
      ) : null}
      {sync.state === 'created' && sync.store_id ? (
        <p className="mt-2 text-xs text-muted" data-testid="store-id">
          {t('manager.partners.detail.sync.store_id')}{' '}
          <code className="font-mono break-all text-stone-700 dark:text-stone-300">{sync.store_id}</code>
        </p>
      ) : null}
      {sync.state === 'failed' ? (
        <div
          className="mt-3 rounded-xl bg-red-50 px-3 py-2.5 text-sm dark:bg-red-950/50"
          data-testid="store-failure"
        >
          <p className="text-xs font-semibold text-red-900 dark:text-red-200">
            {t('manager.partners.detail.sync.store_said')}
          </p>
          <p className="mt-0.5 break-words text-red-800 dark:text-red-200" data-testid="store-message">
            {sync.message || t('manager.partners.detail.sync.no_message')}
          </p>
        </div>
      ) : null}
      {sync.state === 'pending' && sync.message ? (
        // Still being retried after an attempt that did not land (the store busy or silent).
        <p
          className="mt-2 text-xs break-words text-amber-800 dark:text-amber-300"
          data-testid="store-message"
        >
          {t('manager.partners.detail.sync.last_attempt', { message: sync.message })}
        </p>
      ) : null}
      {sync.state !== 'off' && (sync.updated_at || sync.attempts > 0) ? (
        <p className="mt-2 text-xs text-muted" data-testid="sync-meta">
          {[
            sync.attempts > 0
              ? t('manager.partners.detail.sync.attempts', {
                  count: sync.attempts,
                  formatted: f.number(sync.attempts),
                })
              : null,
            sync.updated_at
              ? t('manager.partners.detail.sync.updated', { date: dateTime(sync.updated_at) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {sync.state === 'failed' || sync.state === 'not_pushed' ? (
        canRetry ? (
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
            <button
              type="button"
              className="btn-secondary min-h-10 px-4 py-1.5"
              onClick={onRetry}
              disabled={retrying}
              aria-describedby={error ? errorId : undefined}
              data-testid="sync-retry"
            >
              {retrying
                ? t('manager.partners.detail.sync.retrying')
                : t(
                    sync.state === 'not_pushed'
                      ? 'manager.partners.detail.sync.push'
                      : 'manager.partners.detail.sync.retry',
                  )}{' '}
              <span className="sr-only">· {entry.code}</span>
            </button>
          </div>
        ) : (
          <p className="mt-2 text-xs text-muted" data-testid="retry-not-allowed">
            {t('manager.partners.detail.sync.retry_role')}
          </p>
        )
      ) : null}
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-300"
          data-testid="retry-error"
        >
          <Icon name="alert" width={16} height={16} className="mt-0.5 shrink-0" />
          {error}
        </p>
      ) : null}
    </li>
  );
}

function PromoCodesCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const me = useStaffMember();
  const signOut = useManagerSignOut();
  const retry = useRetryStoreSync(partner.uuid);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canRetry = hasRole(me.data?.role, 'manager');
  const codes = partner.promo_codes;

  const onRetry = (code: string) => {
    setErrors((current) => {
      const next = { ...current };
      delete next[code];
      return next;
    });
    retry.mutate(code, {
      onSuccess: (entry) => notifySuccess(t('manager.partners.detail.sync.retried', { code: entry.code })),
      onError: (error) => {
        if (isUnauthorized(error)) {
          signOut();
          return;
        }
        // 409: the code is no longer failed (someone retried first, or the store took it meanwhile);
        // the page reads the partner again and shows where the code now stands.
        const message =
          serverMessage(error) ??
          (error instanceof ApiError && error.status === 409
            ? t('manager.partners.detail.sync.stale')
            : t('manager.partners.detail.sync.retry_failed'));
        setErrors((current) => ({ ...current, [code]: message }));
      },
    });
  };

  return (
    <PartnerCard id="codes" title={t('manager.partners.detail.codes.heading')} icon="gift">
      {codes.length === 0 ? (
        <p className="text-sm text-muted" data-testid="no-promo-codes">
          {t('manager.partners.detail.codes.none')}
        </p>
      ) : (
        <ul className="divide-y divide-stone-100 dark:divide-stone-800">
          {codes.map((entry) => (
            <PromoCodeItem
              key={entry.code}
              uuid={partner.uuid}
              entry={entry}
              canRetry={canRetry}
              retrying={retry.isPending && retry.variables === entry.code}
              error={errors[entry.code] ?? null}
              onRetry={() => onRetry(entry.code)}
            />
          ))}
        </ul>
      )}
    </PartnerCard>
  );
}

function Header({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const suspended = partner.status === 'suspended';
  return (
    <header className="mb-6" data-testid="partner-header">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl" data-testid="partner-name">
          {partnerName(partner)}
        </h1>
        {suspended ? <StatusChip status="suspended" /> : null}
      </div>
      <p className="mt-1 text-sm">
        <a href={`mailto:${partner.email}`} className="link break-words" data-testid="partner-email">
          <Email value={partner.email} />
        </a>
      </p>
      {suspended ? (
        <p
          role="status"
          className="mt-4 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900 dark:border-red-500/30 dark:bg-red-950/40 dark:text-red-100"
          data-testid="suspended-banner"
        >
          <Icon name="alert" width={16} height={16} className="mt-0.5 shrink-0" />
          {t('manager.partners.detail.account.suspended_text')}
        </p>
      ) : null}
    </header>
  );
}

function Columns({ partner }: { partner: PartnerDetail }) {
  const canEdit = useCanEditPartners();
  const me = useStaffMember();
  return (
    <>
      {me.data && !canEdit ? <ReadOnlyNotice /> : null}
      {/* Side first in the page's order (the phone's), beside the main column from `lg` up. */}
      <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6 lg:col-start-2 lg:row-start-1">
          <ProfileCard partner={partner} />
          <AccountCard partner={partner} />
          <CommissionCard partner={partner} />
          <ReferralCard partner={partner} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6 lg:col-start-1 lg:row-start-1">
          <FiguresCard partner={partner} />
          <PromoCodesCard partner={partner} />
          <EarningsCard partner={partner} />
          <PayoutsCard partner={partner} />
          <VouchersCard partner={partner} />
          <NotesCard partner={partner} />
          <AuditCard partner={partner} />
        </div>
      </div>
    </>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-6" data-testid="partner-loading">
      <span className="sr-only">{t('loading')}</span>
      <div className="space-y-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="h-56 rounded-2xl" />
        <Skeleton className="h-56 rounded-2xl" />
      </div>
    </div>
  );
}

export function PartnerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const uuid = params.uuid ?? '';
  const query = usePartner(uuid);
  useSignOutOnUnauthorized(query.error);
  const partner = query.data;
  useDocumentTitle(
    partner ? t('titles.manager_partner', { name: partnerName(partner) }) : t('titles.manager_partners'),
  );

  const listSearch = (location.state as { list?: unknown } | null)?.list;
  const back = (
    <Link
      to={`/manager/partners${typeof listSearch === 'string' ? listSearch : ''}`}
      className="link mb-4 inline-flex items-center gap-1.5 text-sm"
      data-testid="back-to-partners"
    >
      <Icon name="arrow-left" width={16} height={16} />
      {t('manager.partners.detail.back')}
    </Link>
  );

  let body: ReactNode;
  if (query.isPending) body = <DetailSkeleton />;
  // A failed refresh of a partner already on screen keeps it there.
  else if (query.isError && !partner) {
    body =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <div className="card">
          <EmptyState
            icon="users"
            title={t('manager.partners.detail.not_found')}
            body={t('manager.partners.detail.not_found_body')}
            testId="partner-not-found"
          />
        </div>
      ) : (
        <LoadFailed
          title={t('manager.partners.detail.load_failed')}
          onRetry={() => void query.refetch()}
          testId="partner-error"
        />
      );
  } else if (partner)
    body = (
      <>
        <Header partner={partner} />
        <Columns partner={partner} />
      </>
    );

  return (
    <>
      {back}
      {body}
    </>
  );
}
