import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../common/i18n';
import { CATALOG_PARTS, SERVER_ONLY_KEYS, catalogPart } from './catalog-parts';

describe('the portal catalog in parts', () => {
  it('keeps every area’s words out of the core, and the parts together make the whole catalog', () => {
    for (const locale of ['en', 'fr'] as const) {
      const whole = catalogs[locale].portal as Record<string, unknown>;
      const core = catalogPart(whole, 'core');
      expect(Object.keys(core)).not.toContain('manager');
      expect(Object.keys(core)).not.toContain('content');
      expect(Object.keys(core)).not.toContain('api');
      expect(core.login).toEqual(whole.login);
      const areas = Object.keys(CATALOG_PARTS).map((area) => catalogPart(whole, area));
      for (const [i, area] of Object.keys(CATALOG_PARTS).entries())
        expect(Object.keys(areas[i]!)).toEqual([...CATALOG_PARTS[area]!]);
      const serverOnly = Object.fromEntries(SERVER_ONLY_KEYS.map((key) => [key, whole[key]]));
      expect(Object.keys(serverOnly).every((key) => serverOnly[key] !== undefined)).toBe(true);
      expect(Object.assign({}, core, ...areas, serverOnly)).toEqual(whole);
    }
  });

  it('refuses a part nobody declared', () => {
    expect(() => catalogPart({ a: 1 }, 'nope')).toThrow(/unknown catalog part "nope"/);
  });
});

/** Every source file of the SPA (tests aside), relative to the repository. */
function webSources(dir = 'web'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return webSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [file] : [];
  });
}

/**
 * What renders before the account's shell, or without it: the entry and its early chunks, the
 * sign-in and the public pages, the back office. None of it has the account part of the catalog.
 */
const OUTSIDE_THE_ACCOUNT = [
  /^web\/main\.tsx$/,
  /^web\/app\/(CodeLoadError|RootRoute|RouteError|SkipLink|light-sign-in|base-providers|providers|full-app|router)\.tsx$/,
  /^web\/app\/layouts\//,
  /^web\/app\/account\/(AccountPageSkeleton|GalleryFirstScreen|ProductFirstScreen)\.tsx$|^web\/app\/account\/first-/,
  /^web\/features\/(auth|session|unsubscribe|manager|not-found)\//,
];

describe('the account part of the catalog', () => {
  const keys = CATALOG_PARTS.account!;
  const usesAccountWords = new RegExp(`['"\`](${keys.join('|')})\\.[a-z_]`);
  const sources = webSources().map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

  it('is read only where the account’s shell has loaded it', () => {
    const outside = (file: string) => OUTSIDE_THE_ACCOUNT.some((pattern) => pattern.test(file));
    expect(
      sources.filter(({ file, text }) => outside(file) && usesAccountWords.test(text)).map((s) => s.file),
    ).toEqual([]);
    // A shared piece (web/components, web/lib) that shows account words is imported by account code only.
    const shared = sources.filter(
      ({ file, text }) => /^web\/(components|lib)\//.test(file) && usesAccountWords.test(text),
    );
    for (const { file } of shared) {
      const name = path.basename(file).replace(/\.tsx?$/, '');
      const importers = sources.filter(({ text }) =>
        new RegExp(`from '[./]*(?:[\\w-]+/)*${name}'`).test(text),
      );
      expect(importers.map((s) => s.file).filter(outside), file).toEqual([]);
    }
  });
});
