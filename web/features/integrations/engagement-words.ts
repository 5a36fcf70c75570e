import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCatalogPart } from '../../lib/i18n';

/**
 * Whether the engagement part of the catalog, where the integrations' words live, is here yet:
 * it is asked for on first use, so the settings page and the dashboard do not grow the first
 * download. A part that cannot come still lets the component render (its keys show).
 */
export function useEngagementWords(): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => i18n.exists('engagement.integrations.title'));
  useEffect(() => {
    if (ready) return;
    let current = true;
    const done = () => current && setReady(true);
    loadCatalogPart('engagement').then(done, done);
    return () => {
      current = false;
    };
  }, [ready]);
  return ready;
}
