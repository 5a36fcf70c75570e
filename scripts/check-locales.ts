// `npm run check:locales`: fails when a string a user sees is missing in a locale.
import fs from 'node:fs';
import path from 'node:path';
import { catalogs, LOCALES, NAMESPACES } from '../common/i18n';
import { INFLUENCER_CATEGORIES } from '../common/categories';
import { PRODUCT_CODES } from '../common/products';
import { STATUSES } from '../common/statuses';
import { VALIDATION_KEYS } from '../common/validation';
import type { Catalog } from './lib/locale-check';
import { compareCatalogs, flatten, hasKey, keysUsedIn } from './lib/locale-check';

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const problems: string[] = [];
for (const ns of NAMESPACES) {
  problems.push(
    ...compareCatalogs(
      ns,
      Object.fromEntries(LOCALES.map((l) => [l, catalogs[l][ns] as unknown as Catalog])),
    ),
  );
}

// Keys named in code must exist: the SPA reads `portal`, the mail templates read `mail`, the
// invoice PDF reads `invoice`.
const portal = flatten(catalogs.en.portal as unknown as Catalog);
const mail = flatten(catalogs.en.mail as unknown as Catalog);
const invoice = flatten(catalogs.en.invoice as unknown as Catalog);
const uses: [string[], Map<string, string>, string][] = [
  [[...sourceFiles('web'), ...sourceFiles('common')], portal, 'portal'],
  [sourceFiles('server/integrations/mail'), mail, 'mail'],
  [['server/modules/payouts/invoice-pdf.ts'], invoice, 'invoice'],
];
for (const [files, flat, ns] of uses) {
  for (const file of files) {
    for (const key of keysUsedIn(fs.readFileSync(file, 'utf8'))) {
      if (!hasKey(flat, key)) problems.push(`${file}: key '${key}' is not in the en/${ns} catalog`);
    }
  }
}
// Keys built from data rather than written literally.
for (const code of PRODUCT_CODES) {
  if (!hasKey(portal, `products.${code}.name`))
    problems.push(`en/portal: missing key 'products.${code}.name'`);
}

for (const status of STATUSES) {
  if (!hasKey(portal, `status.${status}`)) problems.push(`en/portal: missing key 'status.${status}'`);
}
for (const { key } of INFLUENCER_CATEGORIES) {
  if (!hasKey(portal, `categories.${key}`)) problems.push(`en/portal: missing key 'categories.${key}'`);
}
for (const key of VALIDATION_KEYS) {
  if (!hasKey(portal, `validation.${key}`)) problems.push(`en/portal: missing key 'validation.${key}'`);
}

if (problems.length) {
  console.error(`Locale check failed (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `Locale catalogs complete: ${LOCALES.join(', ')} × ${NAMESPACES.join(', ')} (${portal.size + mail.size + invoice.size} keys each)`,
);
