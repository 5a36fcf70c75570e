// The partner list's filters and order (docs/product/back-office.md#program-settings): status, sub-partner, tier, country,
// verified e-mail and PayPal e-mail, and the order (sign-up date, sales, commissions, each way).
// They live in the URL like the search, so a reload or a shared link shows the same list. On a
// phone the filters fold under one button that says how many are on.
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form';
import { Icon } from '../../../components/icons';
import { countryOptions } from '../../../lib/countries';
import { intlLocale, useFormatters } from '../../../lib/format';
import {
  FILTER_KEYS,
  PARTNER_SORTS,
  usePartnerFilterChoices,
  type FilterKey,
  type PartnerFilters,
  type PartnerSort,
} from '../partners-api';

const selectClass = `${inputClass.replace('py-2.5', 'py-2 sm:py-1.5')} border-stone-300 dark:border-stone-700`;

function Select({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
        data-testid={testId}
      >
        {children}
      </select>
    </div>
  );
}

const SORT_LABELS = {
  '-created': 'created_desc',
  created: 'created_asc',
  '-sales': 'sales_desc',
  sales: 'sales_asc',
  '-commissions': 'commissions_desc',
  commissions: 'commissions_asc',
} as const satisfies Record<PartnerSort, string>;

/** How many filters are on. */
export const activeFilterCount = (filters: PartnerFilters) =>
  FILTER_KEYS.filter((key) => filters[key]).length;

export function SortSelect({
  value,
  onChange,
}: {
  value: PartnerSort;
  onChange: (sort: PartnerSort) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('manager.partners.sort.label')}
      value={value}
      onChange={(next) => onChange(next as PartnerSort)}
      testId="partners-sort"
    >
      {PARTNER_SORTS.map((sort) => (
        <option key={sort} value={sort}>
          {t(`manager.partners.sort.options.${SORT_LABELS[sort]}`)}
        </option>
      ))}
    </Select>
  );
}

/** On a phone, the filters fold under this button, which says how many are on. */
export function FiltersToggle({
  count,
  open,
  onToggle,
  panelId,
}: {
  count: number;
  open: boolean;
  onToggle: () => void;
  panelId: string;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <button
      type="button"
      className="btn-secondary min-h-[42px] shrink-0 px-4 py-1.5 sm:hidden"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      data-testid="partners-filters-toggle"
    >
      <Icon name="settings" width={16} height={16} />
      {count
        ? t('manager.partners.filters.toggle_count', { count, formatted: f.number(count) })
        : t('manager.partners.filters.toggle')}
    </button>
  );
}

export function FilterPanel({
  filters,
  onChange,
  onClear,
  open,
  panelId,
}: {
  filters: PartnerFilters;
  onChange: (key: FilterKey, value: string) => void;
  onClear: () => void;
  /** Shown on a phone (always shown from `sm` up). */
  open: boolean;
  panelId: string;
}) {
  const { t, i18n } = useTranslation();
  const f = useFormatters();
  const choices = usePartnerFilterChoices();
  const countries = useMemo(() => countryOptions(intlLocale(i18n.language)), [i18n.language]);
  const count = activeFilterCount(filters);
  const any = t('manager.partners.filters.any');
  const value = (key: FilterKey) => filters[key] ?? '';

  return (
    <div className={`mb-4 ${open ? '' : 'hidden sm:block'}`} data-testid="partners-filters">
      <fieldset
        id={panelId}
        className="grid grid-cols-2 gap-3 rounded-2xl border border-stone-200 bg-white p-3 sm:grid-cols-3 sm:border-0 sm:bg-transparent sm:p-0 lg:grid-cols-6 dark:border-stone-800 dark:bg-stone-900 sm:dark:bg-transparent"
      >
        <legend className="sr-only">{t('manager.partners.filters.legend')}</legend>
        <Select
          label={t('manager.partners.filters.status')}
          value={value('status')}
          onChange={(v) => onChange('status', v)}
          testId="filter-status"
        >
          <option value="">{any}</option>
          <option value="active">{t('manager.partners.status.active')}</option>
          <option value="suspended">{t('manager.partners.status.suspended')}</option>
        </Select>
        <Select
          label={t('manager.partners.filters.tier')}
          value={value('tier')}
          onChange={(v) => onChange('tier', v)}
          testId="filter-tier"
        >
          <option value="">{any}</option>
          {(choices.data?.tiers ?? []).map((tier) => (
            <option key={tier.min_sales} value={String(tier.min_sales)}>
              {t('manager.partners.filters.tier_option', {
                rate: f.percent(tier.rate),
                min: f.number(tier.min_sales),
              })}
            </option>
          ))}
          {/* A value from the URL the tiers no longer have stays visible (the server says it is wrong). */}
          {filters.tier &&
          filters.tier !== 'override' &&
          choices.data &&
          !choices.data.tiers.some((tier) => String(tier.min_sales) === filters.tier) ? (
            <option value={filters.tier}>{filters.tier}</option>
          ) : null}
          <option value="override">{t('manager.partners.filters.tier_override')}</option>
        </Select>
        <Select
          label={t('manager.partners.filters.subpartner')}
          value={value('subpartner')}
          onChange={(v) => onChange('subpartner', v)}
          testId="filter-subpartner"
        >
          <option value="">{any}</option>
          <option value="none">{t('manager.partners.filters.subpartner_none')}</option>
          {(choices.data?.subpartners ?? []).map((sub) => (
            <option key={sub.slug} value={sub.slug}>
              {sub.name}
            </option>
          ))}
          {filters.subpartner &&
          filters.subpartner !== 'none' &&
          !choices.data?.subpartners.some((sub) => sub.slug === filters.subpartner) ? (
            <option value={filters.subpartner}>{filters.subpartner}</option>
          ) : null}
        </Select>
        <Select
          label={t('manager.partners.filters.country')}
          value={value('country')}
          onChange={(v) => onChange('country', v)}
          testId="filter-country"
        >
          <option value="">{any}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </Select>
        <Select
          label={t('manager.partners.filters.verified')}
          value={value('verified')}
          onChange={(v) => onChange('verified', v)}
          testId="filter-verified"
        >
          <option value="">{any}</option>
          <option value="true">{t('manager.partners.filters.verified_yes')}</option>
          <option value="false">{t('manager.partners.filters.verified_no')}</option>
        </Select>
        <Select
          label={t('manager.partners.filters.paypal')}
          value={value('paypal')}
          onChange={(v) => onChange('paypal', v)}
          testId="filter-paypal"
        >
          <option value="">{any}</option>
          <option value="true">{t('manager.partners.filters.paypal_yes')}</option>
          <option value="false">{t('manager.partners.filters.paypal_no')}</option>
        </Select>
      </fieldset>
      {count ? (
        <p className="mt-2 text-sm">
          <button type="button" className="link" onClick={onClear} data-testid="partners-filters-clear">
            {t('manager.partners.filters.clear')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
