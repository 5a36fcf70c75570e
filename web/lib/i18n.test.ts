import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test loads a fresh copy of the module, as a page load does.
async function freshI18n() {
  vi.resetModules();
  return import('./i18n');
}

afterEach(() => vi.resetModules());

describe('catalogs on demand', () => {
  it('holds only English until another language is chosen, then loads it', async () => {
    const { i18n, i18nReady, setLocale } = await freshI18n();
    await i18nReady;
    expect(i18n.t('titles.sales')).toBe('Sales');
    expect(i18n.hasResourceBundle('fr', 'portal')).toBe(false);
    await setLocale('fr');
    expect(i18n.hasResourceBundle('fr', 'portal')).toBe(true);
    expect(i18n.t('titles.sales')).toBe('Ventes');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('locale')).toBe('fr');
  });

  it('is ready in the remembered language before the first render', async () => {
    localStorage.setItem('locale', 'fr');
    const { i18n, i18nReady } = await freshI18n();
    await i18nReady;
    expect(i18n.language).toBe('fr');
    expect(i18n.t('titles.sales')).toBe('Ventes');
  });
});
