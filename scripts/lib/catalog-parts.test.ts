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
