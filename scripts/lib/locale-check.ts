// Checks the locale catalogs: every key in every locale, no empty text, the same
// {{placeholders}} on both sides, and every key the code names present in the catalog.

export type Catalog = { [key: string]: string | Catalog };

export function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/** Problems between the locales of one namespace; the first locale is the reference. */
export function compareCatalogs(namespace: string, catalogs: Record<string, Catalog>): string[] {
  const problems: string[] = [];
  const flat = Object.fromEntries(Object.entries(catalogs).map(([locale, c]) => [locale, flatten(c)]));
  const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
  const allKeys = new Set(Object.values(flat).flatMap((m) => [...m.keys()].map(base)));
  for (const key of [...allKeys].sort()) {
    for (const [locale, entries] of Object.entries(flat)) {
      const forms = [...entries.keys()].filter((k) => base(k) === key);
      if (forms.length === 0) problems.push(`${locale}/${namespace}: missing key '${key}'`);
      for (const form of forms) {
        if (!entries.get(form)!.trim()) problems.push(`${locale}/${namespace}: empty text for '${form}'`);
      }
    }
    const [first, ...rest] = Object.entries(flat);
    const ref = first?.[1].get(key);
    if (ref === undefined) continue;
    for (const [locale, entries] of rest) {
      const other = entries.get(key);
      if (other !== undefined && placeholders(ref).join() !== placeholders(other).join()) {
        problems.push(
          `${locale}/${namespace}: '${key}' has placeholders {${placeholders(other)}} but ${first![0]} has {${placeholders(ref)}}`,
        );
      }
    }
  }
  return problems;
}

/** Keys the source names literally: t('a.b'), t("a.b"), i18nKey="a.b", and labelKey/titleKey: 'a.b' fields. */
export function keysUsedIn(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bt\(\s*['"]([\w.-]+)['"]/g,
    /i18nKey=["']([\w.-]+)["']/g,
    /\b\w*Key:\s*['"]([\w.-]+)['"]/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.add(m[1]!);
  return [...found];
}

/** True when the flattened catalog can answer the key (directly or through plural forms). */
export function hasKey(flat: Map<string, string>, key: string): boolean {
  if (flat.has(key)) return true;
  return [...flat.keys()].some((k) => k.replace(PLURAL_SUFFIX, '') === key);
}
