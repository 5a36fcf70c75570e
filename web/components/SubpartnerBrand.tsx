// White-label branding (docs/product/partners-and-accounts.md#white-label-sub-partners): the sub-partner's logo, name, colours and welcome text,
// from the loader data of the `/{subpartner}` route (or a draft: the back office's live preview).
import { useRouteLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../common/i18n';
import { currentLocale } from '../lib/i18n';
import type { Subpartner } from '../lib/subpartner-loader';

export function useSubpartner(): Subpartner | undefined {
  return useRouteLoaderData('subpartner') as Subpartner | undefined;
}

const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;
const colour = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);

/**
 * The sub-partner's logo and name where the portal's own logo would be (a page's header, the
 * account's header and footer). The picture carries the name (the logo's alt text is the name; no
 * logo: its initial on the brand colour, named the same), so the name beside it is not said twice.
 */
export function SubpartnerMark({
  subpartner,
  compact = false,
  tone = 'default',
}: {
  subpartner: Pick<Subpartner, 'slug' | 'name' | 'logo_url'>;
  /** Hide the name on phones, where the header has little room. */
  compact?: boolean;
  /** `inverse` on the coloured brand panel. */
  tone?: 'default' | 'inverse';
}) {
  const name = subpartner.name ?? subpartner.slug;
  return (
    <span className="inline-flex min-w-0 items-center gap-2" data-testid="subpartner-mark">
      {subpartner.logo_url ? (
        <img
          src={subpartner.logo_url}
          alt={name}
          className="h-[1.9em] w-[1.9em] shrink-0 rounded-lg bg-white object-contain p-0.5 ring-1 ring-stone-200 dark:ring-stone-700"
        />
      ) : (
        <span
          role="img"
          aria-label={name}
          className="inline-flex h-[1.9em] w-[1.9em] shrink-0 items-center justify-center rounded-lg bg-brand-700 font-bold text-white ring-1 ring-white/30 dark:bg-brand-400 dark:text-stone-950"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span
        aria-hidden="true"
        className={`truncate text-[1.05em] font-extrabold tracking-tight ${compact ? 'hidden sm:inline' : ''} ${
          tone === 'inverse' ? 'text-white' : 'text-stone-900 dark:text-white'
        }`}
      >
        {name}
      </span>
    </span>
  );
}

export function SubpartnerBrand({
  subpartner,
  locale: shownIn,
}: {
  subpartner: Subpartner;
  /** The language to show it in (the back office previews both); the interface's by default. */
  locale?: Locale;
}) {
  // useTranslation re-renders the brand when the language changes.
  const { t } = useTranslation(undefined, shownIn ? { lng: shownIn } : undefined);
  const locale = shownIn ?? currentLocale();
  const welcome = subpartner.welcome?.[locale] ?? subpartner.welcome?.en ?? '';
  const name = subpartner.name ?? subpartner.slug;
  const primary = colour(subpartner.primary_color, '#c2410c');
  const accent = colour(subpartner.accent_color, '#fbbf24');
  return (
    <section
      aria-label={t('subpartner.with', { name })}
      data-testid="subpartner-brand"
      data-subpartner={subpartner.slug}
      lang={shownIn}
      className="mb-6 overflow-hidden rounded-2xl border border-stone-200 dark:border-stone-700"
    >
      <div
        className="h-1.5"
        style={{ backgroundImage: `linear-gradient(90deg, ${primary}, ${accent})` }}
        aria-hidden="true"
      />
      <div className="flex items-center gap-3 p-4">
        {subpartner.logo_url ? (
          <img
            src={subpartner.logo_url}
            alt={t('subpartner.logo_alt', { name })}
            className="h-12 w-12 shrink-0 rounded-xl bg-white object-contain p-1 ring-1 ring-stone-200 dark:ring-stone-700"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl text-lg font-bold text-white"
            style={{ backgroundColor: primary }}
          >
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
            {t('subpartner.in_partnership')}
          </p>
          <p className="truncate text-lg font-bold" data-testid="subpartner-name">
            {name}
          </p>
        </div>
      </div>
      {welcome ? (
        <p
          className="border-t border-stone-200 px-4 py-3 text-sm text-stone-700 dark:border-stone-700 dark:text-stone-300"
          data-testid="subpartner-welcome"
        >
          {welcome}
        </p>
      ) : null}
    </section>
  );
}
