// i18next with the `portal` catalogs of common/ (no HTTP backend: the catalogs are JavaScript
// modules of the build, so the CSP stays strict). English, the default and the fallback, is in
// the first download; another language's catalog is a chunk of its own, loaded the first time
// that language is chosen (decisions/015). The chosen language is remembered. The words of an
// area that loads lazily (the back office, the content pages) are a part of their own, loaded with the area
// (`loadCatalogPart`, scripts/lib/catalog-parts.ts).
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, isLocale, type catalogs, type Locale } from '../../common/i18n';
import enPortal from '../../common/locales/en/portal.json?part=core';

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
  fr: () => import('../../common/locales/fr/portal.json?part=core'),
};

const PARTS: Record<'manager' | 'content' | 'engagement', Record<Locale, () => Promise<{ default: ResourceKey }>>> = {
  manager: {
    en: () => import('../../common/locales/en/portal.json?part=manager'),
    fr: () => import('../../common/locales/fr/portal.json?part=manager'),
  },
  // The content kit's pages (talking points, documents, Grab and Go, caption check).
  content: {
    en: () => import('../../common/locales/en/portal.json?part=content'),
    fr: () => import('../../common/locales/fr/portal.json?part=content'),
  },
  // Badges, promos, challenges, announcements, the newsfeed, the survey, the live-sales view, the
  // unsubscribe page of program mail and the affiliate links page.
  engagement: {
    en: () => import('../../common/locales/en/portal.json?part=engagement'),
    fr: () => import('../../common/locales/fr/portal.json?part=engagement'),
  },
};
const partsLoading = new Map<keyof typeof PARTS, Promise<void>>();

/**
 * Adds an area's words to the catalog of each language, once: now to the languages already in,
 * and to another as soon as its catalog arrives (adding to a language before its catalog would
 * make i18next think that catalog loaded already).
 */
export function loadCatalogPart(part: keyof typeof PARTS): Promise<void> {
  let loading = partsLoading.get(part);
  if (!loading) {
    loading = Promise.all(LOCALES.map(async (locale) => [locale, (await PARTS[part][locale]()).default] as const)).then((bundles) => {
      const added = new Set<string>();
      const add = (language: string) => {
        const bundle = bundles.find(([locale]) => locale === language);
        if (!bundle || added.has(language) || !i18n.hasResourceBundle(language, 'portal')) return;
        added.add(language);
        i18n.addResourceBundle(language, 'portal', bundle[1], true, true);
      };
      for (const [locale] of bundles) add(locale);
      i18n.store.on('added', (language: string, namespace: string) => {
        if (namespace === 'portal') add(language);
      });
    });
    partsLoading.set(part, loading);
  }
  return loading;
}

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
