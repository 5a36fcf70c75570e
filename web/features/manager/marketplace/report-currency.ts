// The currencies an Associates report comes in: each Amazon store reports in its own (amazon.com
// in USD, amazon.ca in CAD…), chosen at import. The program currency comes first and needs no
// rate; another one is converted at the rate staff set in the settings, and a report in a
// currency without one is refused whole (docs/product/commissions.md#currency), so the upload says so before sending.
import type { ImportSummary, ReportCurrencies } from './marketplace-api';

/** The Amazon stores whose reports are imported, by the currency they report in. */
export const AMAZON_STORES: readonly { currency: string; stores: readonly string[] }[] = [
  { currency: 'USD', stores: ['amazon.com'] },
  { currency: 'CAD', stores: ['amazon.ca'] },
  { currency: 'GBP', stores: ['amazon.co.uk'] },
  { currency: 'EUR', stores: ['amazon.de', 'amazon.fr'] },
  { currency: 'AUD', stores: ['amazon.com.au'] },
  { currency: 'MXN', stores: ['amazon.com.mx'] },
];

export interface ReportCurrencyChoice {
  currency: string;
  /** The Amazon stores reporting in it (none for a program currency no store uses). */
  stores: readonly string[];
  program: boolean;
  /** The rate set for it ("0.7312"); "1" for the program currency; null when none is set. */
  rate: string | null;
}

/** The choices, the program currency first, then the stores' currencies in their order. */
export function reportCurrencyChoices(settings: ReportCurrencies): ReportCurrencyChoice[] {
  const rates = new Map(settings.rates.map((row) => [row.currency, row.rate]));
  const storesOf = (currency: string) => AMAZON_STORES.find((s) => s.currency === currency)?.stores ?? [];
  return [
    { currency: settings.currency, stores: storesOf(settings.currency), program: true, rate: '1' },
    ...AMAZON_STORES.filter((s) => s.currency !== settings.currency).map((s) => ({
      currency: s.currency,
      stores: s.stores,
      program: false,
      rate: rates.get(s.currency) ?? null,
    })),
  ];
}

/** An import's currency: the one chosen, else (an import from before) the program's, when known. */
export const importCurrency = (summary: ImportSummary, settings: ReportCurrencies | undefined) =>
  summary.currency ?? settings?.currency ?? null;

/** Where an admin sets a currency's rate: the settings' rates, with the currency filled in. */
export const setRateHref = (currency: string) =>
  `/manager/settings?rate=${encodeURIComponent(currency)}#currency-rates`;
