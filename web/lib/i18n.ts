// i18next with the `portal` catalogs of common/ (no HTTP backend: the catalogs are JavaScript
// modules of the build, so the CSP stays strict). English, the default and the fallback, is in
// the first download; another language's catalog is a chunk of its own, loaded the first time
// that language is chosen (decisions/015). The chosen language is remembered.
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type catalogs, type Locale } from '../../common/i18n';
import enPortal from '../../common/locales/en/portal.json';

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

const LATER_CATALOGS: Partial<Record<Locale, () => Promise<{ default: ResourceKey }>>> = {
  fr: () => import('../../common/locales/fr/portal.json'),
};

/** i18next asks it for a catalog it does not hold yet; a language changes once its catalog is in. */
const catalogsOnDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = isLocale(language) && namespace === 'portal' ? LATER_CATALOGS[language] : undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (catalog) => callback(null, catalog.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

/** Resolves once the stored language's catalog is in: the first render waits for it (main.tsx). */
export const i18nReady = new Promise<void>((resolve) => {
  void i18n
    .use(catalogsOnDemand)
    .use(initReactI18next)
    .init(
      {
        resources: { en: { portal: enPortal } },
        // The bundled English catalog and the backend for the others.
        partialBundledLanguages: true,
        lng: getStoredLocale(),
        fallbackLng: DEFAULT_LOCALE,
        supportedLngs: ['en', 'fr'],
        ns: ['portal'],
        defaultNS: 'portal',
        // English is bundled, so initialising synchronously means its first render is translated.
        initAsync: false,
        interpolation: { escapeValue: false },
        returnNull: false,
      },
      () => resolve(),
    );
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
