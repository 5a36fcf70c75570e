import { startTransition, useEffect, useMemo, useState } from 'react';
import { countriesNamed, countryOptions, type CountryOption } from './countries';
import { afterIdle } from './idle';

/**
 * The countries named in `language` (countries.ts) for a select far down a form, from the page's
 * first idle moment on. Naming and sorting them makes the visit's first Intl objects (the
 * locale's data) and 250 options to render and style: on a phone, a third of the settings page's
 * first render and most of the browser's work after it (with the boot in tasks, the page 87 → 96,
 * docs/performance-log.md, 2026-11-26; no figure of its own). Until then the
 * select holds the current value alone, labelled with its code, a moment before it can be seen.
 */
export function useCountryOptions(language: string, current: string): CountryOption[] {
  const [named, setNamed] = useState(() => countriesNamed(language));
  useEffect(() => {
    if (named) return;
    return afterIdle(() => startTransition(() => setNamed(true)), 1_000);
  }, [named]);
  return useMemo(
    () => (named ? countryOptions(language) : current ? [{ code: current, name: current }] : []),
    [named, language, current],
  );
}
