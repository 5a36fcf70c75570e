import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../common/i18n';
import { setLocale } from '../lib/i18n';

/** English/French switch: a two-button group; the pressed one is the current language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  // Read through the hook's instance so the group re-renders when the language changes.
  const active: Locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const options: { locale: Locale; short: string; name: string }[] = [
    { locale: 'en', short: t('language.en_short'), name: t('language.en') },
    { locale: 'fr', short: t('language.fr_short'), name: t('language.fr') },
  ];
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className="inline-flex rounded-full border border-stone-200 bg-white p-0.5 text-xs font-semibold dark:border-stone-700 dark:bg-stone-900"
    >
      {options.map(({ locale, short, name }) => {
        const pressed = active === locale;
        return (
          <button
            key={locale}
            type="button"
            lang={locale}
            aria-pressed={pressed}
            aria-label={name}
            title={name}
            onClick={() => void setLocale(locale)}
            className={`min-w-9 rounded-full px-2.5 py-1.5 transition-colors ${
              pressed
                ? 'bg-brand-700 text-white dark:bg-brand-400 dark:text-stone-950'
                : 'text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'
            }`}
          >
            {short}
          </button>
        );
      })}
    </div>
  );
}
