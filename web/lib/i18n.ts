// i18next with the bundled `portal` catalogs of common/ (no HTTP backend: the catalogs are
// small and a CSP-friendly bundle avoids a loading flash). The chosen language is remembered.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogs, DEFAULT_LOCALE, isLocale, type Locale } from '../../common/i18n';

export const LOCALE_KEY = 'locale';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'portal';
    resources: (typeof catalogs)['en'];
  }
}

export function getStoredLocale(storage: Storage = localStorage): Locale {
  const stored = storage.getItem(LOCALE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    en: { portal: catalogs.en.portal },
    fr: { portal: catalogs.fr.portal },
  },
  lng: getStoredLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['en', 'fr'],
  ns: ['portal'],
  defaultNS: 'portal',
  // Catalogs are bundled, so initialising synchronously means the first render is translated.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export async function setLocale(locale: Locale, storage: Storage = localStorage): Promise<void> {
  storage.setItem(LOCALE_KEY, locale);
  await i18n.changeLanguage(locale);
}
