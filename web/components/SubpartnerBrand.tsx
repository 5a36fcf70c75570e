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
