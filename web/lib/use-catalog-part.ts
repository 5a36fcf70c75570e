import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCatalogPart } from './i18n';

/**
 * Whether a lazily loaded part of the catalog is here yet (known by one of its keys, `probe`):
 * asked for on first use (when `wanted`), so a page or widget needing a few of its words does not
 * grow the first download. A part that cannot come still lets the caller render (its keys show).
 */
export function useCatalogPart(
  part: Parameters<typeof loadCatalogPart>[0],
  probe: string,
  wanted = true,
): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => i18n.exists(probe));
  useEffect(() => {
    if (ready || !wanted) return;
    let current = true;
    const done = () => current && setReady(true);
    loadCatalogPart(part).then(done, done);
    return () => {
      current = false;
    };
  }, [ready, wanted, part]);
  return ready;
}
