// i18next with the `portal` catalogs of common/ (no HTTP backend: the catalogs are JavaScript
// modules of the build, so the CSP stays strict). English, the default and the fallback, is in
// the first download; another language's catalog is a chunk of its own, loaded the first time
// that language is chosen (decisions/015). The chosen language is remembered. The words of an
// area that loads lazily (the back office, the content pages) are a part of their own, loaded with the area
// (`loadCatalogPart`, scripts/lib/catalog-parts.ts).
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type catalogs, type Locale } from '../../common/i18n';
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

const PARTS: Record<
  'manager' | 'content' | 'engagement' | 'account',
  Record<Locale, () => Promise<{ default: ResourceKey }>>
> = {
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
  // The signed-in partner's own pages: the dashboard, cash-out, referrals, the bell, sharing, the
  // lists' controls and the survey (loaded with the account's shell, app/router.tsx).
  account: {
    en: () => import('../../common/locales/en/portal.json?part=account'),
    fr: () => import('../../common/locales/fr/portal.json?part=account'),
  },
};
type PartName = keyof typeof PARTS;
const partsLoading = new Map<PartName, Promise<void>>();
/** The parts asked for so far: a language whose catalog loads later gets them with it. */
const partsWanted = new Set<PartName>();
/** Each part's words per language once they are here (`part:locale`), and while they arrive. */
const partBundles = new Map<string, ResourceKey>();
const partDownloads = new Map<string, Promise<ResourceKey>>();

function partBundle(part: PartName, locale: Locale): Promise<ResourceKey> {
  const key = `${part}:${locale}`;
  let download = partDownloads.get(key);
  if (!download) {
    download = PARTS[part][locale]().then(
      (module) => {
        partBundles.set(key, module.default);
        return module.default;
      },
      (error: unknown) => {
        // A download that failed (a dropped connection) is tried again the next time it is asked for.
        partDownloads.delete(key);
        throw error;
      },
    );
    partDownloads.set(key, download);
  }
  return download;
}

const partsAdded = new Set<string>();

/** Adds the parts already here to a language's catalog (once its own catalog is in), each once. */
function addPartsTo(language: string) {
  if (!isLocale(language) || !i18n.hasResourceBundle(language, 'portal')) return;
  for (const part of partsWanted) {
    const key = `${part}:${language}`;
    if (partsAdded.has(key)) continue;
    const bundle = partBundles.get(key);
    if (bundle) {
      // Marked first: adding emits the store's `added`, which comes back here.
      partsAdded.add(key);
      i18n.addResourceBundle(language, 'portal', bundle, true, true);
    }
    // Asked for while this language's catalog was on its way: added when it arrives.
    else
      void partBundle(part, language).then(
        () => addPartsTo(language),
        () => {},
      );
  }
}

/**
 * Adds an area's words to the catalog, once: in the language on screen and in English (the
 * fallback), and not in the other language until it is chosen (its catalog then loads with the
 * parts asked for so far, `catalogsOnDemand`). Adding to a language before its catalog would make
 * i18next think that catalog loaded already.
 */
export function loadCatalogPart(part: PartName): Promise<void> {
  let loading = partsLoading.get(part);
  if (!loading) {
    partsWanted.add(part);
    const languages = new Set<Locale>([DEFAULT_LOCALE, currentLocale()]);
    loading = Promise.all([...languages].map((locale) => partBundle(part, locale))).then(() => {
      for (const language of languages) addPartsTo(language);
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
    // The parts asked for so far come with it, so the language changes with all its words.
    const locale = language as Locale;
    Promise.all([load(), ...[...partsWanted].map((part) => partBundle(part, locale))]).then(
      ([catalog]) => callback(null, catalog.default),
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
i18n.store.on('added', (language: string, namespace: string) => {
  if (namespace === 'portal') addPartsTo(language);
});
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
