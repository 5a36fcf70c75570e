// The SPA's `portal` catalog in parts (decisions/015): the words of an area that loads lazily (the
// back office) stay out of the first download and arrive with that area. On disk each locale keeps
// one catalog, which the server, the locale check and the types read whole; the build serves
// `portal.json?part=core` (everything but the areas' subtrees) and `portal.json?part=<area>`.
import fs from 'node:fs';
import type { Plugin } from 'vite';

/** Top-level keys of the portal catalog that only a lazily loaded area shows, by area. */
export const CATALOG_PARTS: Record<string, readonly string[]> = {
  manager: ['manager'],
  content: ['content'],
  engagement: ['engagement'],
  // What only the signed-in partner's pages show (the dashboard, cash-out, referrals, the bell,
  // sharing, the lists' controls, the survey): loaded with the account's shell, so the sign-in's
  // first download does not carry them (docs/performance.md, first load).
  account: ['dashboard', 'cashout', 'survey', 'referrals', 'bell', 'share', 'lists'],
};

/**
 * Top-level keys only the server reads: the API's messages (`server/i18n.ts` answers them already in
 * the reader's language), the notifications it writes and the lists' CSV headings. No part of the SPA carries them.
 */
export const SERVER_ONLY_KEYS: readonly string[] = ['api', 'notifications_server', 'list_export'];

/** The part of a catalog: `core` is every key no area claims and the server does not keep. */
export function catalogPart(catalog: Record<string, unknown>, part: string): Record<string, unknown> {
  const claimed = [...Object.values(CATALOG_PARTS).flat(), ...SERVER_ONLY_KEYS];
  const keys =
    part === 'core' ? Object.keys(catalog).filter((key) => !claimed.includes(key)) : CATALOG_PARTS[part];
  if (!keys) throw new Error(`unknown catalog part "${part}"`);
  return Object.fromEntries(keys.filter((key) => key in catalog).map((key) => [key, catalog[key]]));
}

const PREFIX = '\0catalog-part:';

export function catalogParts(): Plugin {
  return {
    name: 'portal-catalog-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = /^(.+\.json)\?part=(\w+)$/.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(match[1]!, importer, { skipSelf: true });
      return resolved ? `${PREFIX}${match[2]}:${resolved.id}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const rest = id.slice(PREFIX.length);
      const part = rest.slice(0, rest.indexOf(':'));
      const file = rest.slice(part.length + 1);
      this.addWatchFile(file);
      const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      // JSON, which Vite's own JSON plugin then turns into a module, as for any catalog.
      return JSON.stringify(catalogPart(catalog, part));
    },
  };
}
