// What the currency screens share: a currency's name in the interface language ("Canadian
// dollar"), and a rate as a line ("1 CAD = 0.7312 USD"). The rate is written as it is stored and
// typed, with a point, whatever the language: it is a setting, not an amount.
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../lib/format';

const currencyNames = new Map<string, Intl.DisplayNames | null>();

export function useCurrencyName(): (code: string) => string | null {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  if (!currencyNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'currency' });
    } catch {
      names = null;
    }
    currencyNames.set(locale, names);
  }
  const names = currencyNames.get(locale) ?? null;
  return (code) => {
    try {
      const name = names?.of(code);
      return name && name !== code ? name : null;
    } catch {
      return null;
    }
  };
}

/** "1 CAD = 0.7312 USD". */
export const rateLine = (currency: string, rate: string, programCurrency: string) =>
  `1 ${currency} = ${rate} ${programCurrency}`;
