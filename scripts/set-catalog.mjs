// Sets one subtree of the portal catalogs from a JSON file, without touching the rest:
//   node scripts/set-catalog.mjs <dotted.key> <file.json>
// where the file holds {"en": {...}, "fr": {...}}. Used when several people add words to the
// catalogs at once: each owns a subtree and writes only that, in one quick read-modify-write.
import fs from 'node:fs';

const [key, file] = process.argv.slice(2);
if (!key || !file) throw new Error('usage: node scripts/set-catalog.mjs <dotted.key> <file.json>');
const byLocale = JSON.parse(fs.readFileSync(file, 'utf8'));
for (const locale of ['en', 'fr']) {
  if (!byLocale[locale]) throw new Error(`${file} has no "${locale}"`);
  const path = new URL(`../common/locales/${locale}/portal.json`, import.meta.url);
  const catalog = JSON.parse(fs.readFileSync(path, 'utf8'));
  const parts = key.split('.');
  let node = catalog;
  for (const part of parts.slice(0, -1)) node = node[part] ??= {};
  node[parts.at(-1)] = byLocale[locale];
  fs.writeFileSync(path, `${JSON.stringify(catalog, null, 2)}\n`);
}
