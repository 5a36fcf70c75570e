// The live preview of a sub-partner's sign-in page (`/{slug}/login`) as partners will see it: the
// same branding block the page draws (SubpartnerBrand), then the sign-in form's own words, in
// either language, from the values being typed (and a logo chosen but not yet sent). It is a
// picture of the page: nothing in it can be focused or used.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { LOCALES, type Locale } from '../../../../common/i18n';
import { currentLocale, i18n } from '../../../lib/i18n';
import { SubpartnerBrand } from '../../../components/SubpartnerBrand';
import { HEX_COLOUR_PATTERN } from '../../../../common/subpartners';
import { normalized, type FormValues } from './subpartner-form';

const shownColour = (value: string) => (HEX_COLOUR_PATTERN.test(value.trim()) ? value.trim() : undefined);

function FakeField({ label, placeholder, action }: { label: string; placeholder: string; action?: string }) {
  return (
    <div>
      <span className="mb-1.5 flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-stone-800 dark:text-stone-200">{label}</span>
        {action ? (
          <span className="px-1 text-xs font-semibold text-brand-700 dark:text-brand-300">{action}</span>
        ) : null}
      </span>
      <span className="block truncate rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-sm text-stone-400 shadow-xs dark:border-stone-700 dark:bg-stone-950 dark:text-stone-500">
        {placeholder}
      </span>
    </div>
  );
}

export function SignInPreview({ values, logoUrl }: { values: FormValues; logoUrl: string | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [language, setLanguage] = useState<Locale>(currentLocale());
  const [loading, setLoading] = useState(false);
  // The page's words in the preview's language, whatever the back office's is.
  const { t: page } = useTranslation(undefined, { lng: language, useSuspense: false });
  const v = normalized(values);
  const slug = v.slug || t('manager.subpartners.preview.slug_placeholder');

  const choose = async (next: Locale) => {
    if (next === language) return;
    setLoading(true);
    try {
      // The other language's catalog arrives on demand (decisions/015).
      await i18n.loadLanguages(next);
      setLanguage(next);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="card overflow-hidden" data-testid="subpartner-preview">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold tracking-tight">
            {t('manager.subpartners.preview.title')}
          </h2>
          <p className="text-xs text-muted">{t('manager.subpartners.preview.lead')}</p>
        </div>
        <div
          role="group"
          aria-label={t('manager.subpartners.preview.language')}
          className="inline-flex shrink-0 rounded-full border border-stone-300 p-0.5 dark:border-stone-700"
          aria-busy={loading || undefined}
        >
          {LOCALES.map((locale) => (
            <button
              key={locale}
              type="button"
              aria-pressed={language === locale}
              onClick={() => void choose(locale)}
              className={`min-h-8 rounded-full px-3 text-xs font-semibold uppercase transition-colors ${
                language === locale
                  ? 'bg-stone-900 text-white dark:bg-stone-100 dark:text-stone-900'
                  : 'text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'
              }`}
              data-testid={`preview-language-${locale}`}
            >
              <span aria-hidden="true">{locale}</span>
              <span className="sr-only">{t(`language.${locale}`)}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="border-t border-stone-200 bg-stone-100 dark:border-stone-800 dark:bg-stone-950">
        {/* The address bar: where partners open this page. */}
        <div className="flex items-center gap-2 border-b border-stone-200 px-3 py-2 dark:border-stone-800">
          <span className="flex gap-1" aria-hidden="true">
            <span className="h-2.5 w-2.5 rounded-full bg-red-400/80" />
            <span className="h-2.5 w-2.5 rounded-full bg-amber-400/80" />
            <span className="h-2.5 w-2.5 rounded-full bg-emerald-400/80" />
          </span>
          <span
            className="min-w-0 flex-1 truncate rounded-full bg-white px-3 py-1 text-xs text-stone-600 dark:bg-stone-900 dark:text-stone-400"
            data-testid="preview-address"
          >
            {window.location.host}/{slug}/login
          </span>
        </div>
        {values.active ? null : (
          <p
            className="flex items-start gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-xs font-medium text-amber-900 dark:border-amber-500/40 dark:bg-amber-950/50 dark:text-amber-100"
            data-testid="preview-inactive"
          >
            <Icon name="alert" width={14} height={14} className="mt-px shrink-0" />
            {t('manager.subpartners.preview.inactive')}
          </p>
        )}
        <div
          inert
          className="relative overflow-hidden px-3 py-4 sm:px-5"
          lang={language}
          data-testid="preview-page"
        >
          <div
            className="pointer-events-none absolute -top-24 -right-24 h-64 w-64 rounded-full bg-brand-200/60 blur-3xl dark:bg-brand-500/10"
            aria-hidden="true"
          />
          <div className="card relative mx-auto w-full max-w-sm p-4 sm:p-5">
            <SubpartnerBrand
              locale={language}
              subpartner={{
                slug: v.slug,
                name: v.name || t('manager.subpartners.preview.name_placeholder'),
                logo_url: logoUrl,
                primary_color: shownColour(v.primary_color),
                accent_color: shownColour(v.accent_color),
                welcome: { en: v.welcome_en, fr: v.welcome_fr },
              }}
            />
            <p className="text-xl font-bold tracking-tight">{page('titles.login')}</p>
            <p className="mt-1 text-sm text-muted">{page('brand.tagline')}</p>
            <div className="mt-5 grid gap-3.5">
              <FakeField label={page('auth.email')} placeholder={page('auth.email_placeholder')} />
              <FakeField
                label={page('auth.password')}
                placeholder={page('auth.password_placeholder')}
                action={page('form.show_password')}
              />
              <span className="btn-primary w-full">{page('titles.login')}</span>
            </div>
            <p className="mt-4 text-sm">
              <span className="link">{page('auth.forgot_password')}</span>
            </p>
            <p className="mt-5 border-t border-stone-200 pt-4 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400">
              {page('signin.new_here')} <span className="link">{page('signin.create_account')}</span>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
