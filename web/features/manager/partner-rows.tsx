// Small pieces the partner screens share: the verified and status chips, the promo codes as chips,
// a country by its name, the store-sync badge, the card every part of a partner's page sits in, and
// a partner's row in a staff list (the partners list, a sub-partner's partners).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/icons';
import { intlLocale } from '../../lib/format';
import { partnerName, type PartnerListRow, type StoreSyncState } from './partners-api';

const chip = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

export function VerifiedChip({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return verified ? (
    <span
      className={`${chip} bg-emerald-50 text-emerald-800 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/25`}
      data-testid="partner-verified"
      data-verified="true"
    >
      <Icon name="check" width={12} height={12} />
      {t('manager.partners.verified')}
    </span>
  ) : (
    <span
      className={`${chip} bg-amber-50 text-amber-800 ring-1 ring-amber-600/25 ring-inset dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30`}
      data-testid="partner-verified"
      data-verified="false"
    >
      {t('manager.partners.not_verified')}
    </span>
  );
}

/** A partner's status: active, or suspended (cannot sign in or cash out). */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const suspended = status === 'suspended';
  return (
    <span
      className={`${chip} ring-1 ring-inset ${
        suspended
          ? 'bg-red-50 text-red-800 ring-red-600/25 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30'
          : 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/25'
      }`}
      data-testid="partner-status"
      data-status={status}
    >
      {suspended ? <Icon name="alert" width={12} height={12} /> : null}
      {t(`manager.partners.status.${suspended ? 'suspended' : 'active'}`)}
    </span>
  );
}

/** The partner's promo codes, as the codes customers type. */
export function CodeChips({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  if (codes.length === 0)
    return <span className="text-stone-500 dark:text-stone-400">{t('manager.partners.no_codes')}</span>;
  return (
    <span className="flex flex-wrap gap-1" data-testid="partner-codes">
      {codes.map((code) => (
        <code
          key={code}
          className="rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-stone-800 dark:bg-stone-800 dark:text-stone-200"
        >
          {code}
        </code>
      ))}
    </span>
  );
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country code by its name in the interface language; "—" when there is none. */
export function useCountryName(): (code: string | null) => string {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  if (!regionNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(locale, names);
  }
  const names = regionNames.get(locale) ?? null;
  return (code) => {
    if (!code) return '—';
    if (!/^[A-Z]{2}$/i.test(code)) return code;
    try {
      return names?.of(code.toUpperCase()) ?? code;
    } catch {
      return code;
    }
  };
}

const SYNC_TONES: Record<StoreSyncState, { tone: string; icon: IconName | null }> = {
  off: {
    tone: 'bg-stone-100 text-stone-700 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-600/40',
    icon: null,
  },
  not_pushed: {
    tone: 'bg-amber-50 text-amber-900 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30',
    icon: 'info',
  },
  pending: {
    tone: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30',
    icon: 'info',
  },
  created: {
    tone: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/25',
    icon: 'check',
  },
  failed: {
    tone: 'bg-red-50 text-red-800 ring-red-600/25 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30',
    icon: 'alert',
  },
};

const isSyncState = (state: string): state is StoreSyncState => state in SYNC_TONES;

/** Where a promo code stands in the store, in words and colour. */
export function SyncBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  const known = isSyncState(state);
  const { tone, icon } = SYNC_TONES[known ? state : 'off'];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${tone}`}
      data-testid="sync-badge"
      data-state={state}
    >
      {icon ? <Icon name={icon} width={14} height={14} className="shrink-0" /> : null}
      {known ? t(`manager.partners.detail.sync.states.${state}`) : state}
    </span>
  );
}

/**
 * One part of a partner's page, with its heading and icon. Every part of the page is one of
 * these, so a new part (figures, earnings, payouts…) is one more card in the page's columns.
 */
export function PartnerCard({
  id,
  title,
  icon,
  action,
  children,
}: {
  id: string;
  title: string;
  icon: IconName;
  /** Beside the heading: a count, a link. */
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `partner-card-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="card min-w-0 p-4 sm:p-5"
      data-testid={`partner-card-${id}`}
    >
      <div className="mb-3 flex items-center gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold tracking-tight">
          <Icon name={icon} width={18} height={18} className="text-stone-500 dark:text-stone-400" />
          {title}
        </h2>
        {action ? <div className="ml-auto">{action}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** A partner's page in the back office. */
const partnerPath = (row: PartnerListRow) => `/manager/partners/${encodeURIComponent(row.uuid)}`;

/** A partner's first cell in a list table: the name, linked over the whole row, and the e-mail. */
export function PartnerRowName({ row, list }: { row: PartnerListRow; list: string }) {
  return (
    <>
      {/* The link covers the whole row, so the row opens the partner wherever it is clicked. */}
      <Link
        to={partnerPath(row)}
        state={{ list }}
        className="font-semibold text-stone-900 after:absolute after:inset-0 after:content-[''] hover:underline dark:text-white"
      >
        {partnerName(row)}
      </Link>
      {row.status === 'suspended' ? (
        <span className="relative ml-2 align-middle">
          <StatusChip status={row.status} />
        </span>
      ) : null}
      <span className="block max-w-72 truncate text-xs text-muted">{row.email}</span>
    </>
  );
}

/** A row of a partners table: it shades under the pointer, and its name's link covers it. */
export const partnerRowClass = 'relative transition-colors hover:bg-stone-50 dark:hover:bg-stone-800/40';

/**
 * A partner's card in a list on phones, all of it a link to the partner: the name, e-mail,
 * chips and codes, then the list's own figures (`children`).
 */
export function PartnerRowCard({
  row,
  list,
  testId,
  children,
}: {
  row: PartnerListRow;
  list: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <li data-testid={testId}>
      <Link
        to={partnerPath(row)}
        state={{ list }}
        className="block rounded-xl border border-stone-200 bg-white p-3.5 transition-colors hover:border-stone-300 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-stone-700"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span className="block truncate font-semibold">{partnerName(row)}</span>
            <span className="block truncate text-xs text-muted">{row.email}</span>
          </span>
          <span className="flex shrink-0 flex-col items-end gap-1">
            <VerifiedChip verified={row.verified} />
            {row.status === 'suspended' ? <StatusChip status={row.status} /> : null}
          </span>
        </span>
        <span className="mt-2.5 block text-xs">
          <CodeChips codes={row.codes} />
        </span>
        {children}
      </Link>
    </li>
  );
}
