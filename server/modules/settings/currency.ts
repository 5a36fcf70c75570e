// The program currency and the exchange rates (docs/product/commissions.md#currency, docs/decisions/053): one currency
// for the ledger, every screen, document, mail, export and payout; a rate per other currency,
// set by admins, every change audited with its date.
import {
  convertCents,
  DEFAULT_PROGRAM_CURRENCY,
  isCurrencyCode,
  isProgramCurrency,
  normalizeRate,
  PROGRAM_CURRENCIES,
} from '../../../common/currency';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { AppError, invalid } from '../../errors';
import { recordAudit } from '../audit/service';
import {
  deleteSetting,
  deleteSettingsWithPrefix,
  ledgerHoldsMoney,
  ordersAwaitingRate,
  readSetting,
  settingsWithPrefix,
  threeSettings,
  writeSettings,
} from './repository';
import { PROGRAM_SETTING_KEYS } from './service';

export const PROGRAM_CURRENCY_KEY = 'program_currency';
const RATE_PREFIX = 'fx_rate.';
const rateKey = (currency: string) => `${RATE_PREFIX}${currency}`;

/** The program currency (the default until one is stored). */
export async function readProgramCurrency(db: Db): Promise<string> {
  const stored = await readSetting(db, PROGRAM_CURRENCY_KEY);
  return stored && isProgramCurrency(stored) ? stored : DEFAULT_PROGRAM_CURRENCY;
}

export interface MoneyTerms {
  holdingDays: string | undefined;
  programCurrency: string;
  /** The rate of `currency` into the program currency: '1' for the program's own, null when none is set. */
  rate: string | null;
}

/** What an amount in `currency` is recorded with now: the holding period (as stored), the program currency, the rate. */
export async function readMoneyTerms(db: Db, currency: string): Promise<MoneyTerms> {
  const rows = await threeSettings(
    db,
    PROGRAM_SETTING_KEYS.holdingDays,
    PROGRAM_CURRENCY_KEY,
    rateKey(currency),
  );
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const stored = value(PROGRAM_CURRENCY_KEY);
  const programCurrency = stored && isProgramCurrency(stored) ? stored : DEFAULT_PROGRAM_CURRENCY;
  const rate = currency === programCurrency ? '1' : (normalizeRate(value(rateKey(currency)) ?? '') ?? null);
  return { holdingDays: value(PROGRAM_SETTING_KEYS.holdingDays), programCurrency, rate };
}

/** An amount in another currency, in the program's: null without a rate. */
export function inProgramCurrency(cents: number, rate: string | null): number | null {
  return rate === null ? null : rate === '1' ? cents : convertCents(cents, rate);
}

export interface ExchangeRate {
  currency: string;
  rate: string;
  set_at: string;
}

export async function listExchangeRates(db: Db): Promise<ExchangeRate[]> {
  const rows = await settingsWithPrefix(db, RATE_PREFIX);
  return rows.flatMap((row) => {
    const rate = normalizeRate(row.value);
    return rate ? [{ currency: row.key.slice(RATE_PREFIX.length), rate, set_at: row.updated_at }] : [];
  });
}

/** Sets (or replaces) the rate of one currency; audited with before and after. */
export async function setExchangeRate(
  db: Db,
  input: { currency: string; rate: string; staffId: number | null },
  now = new Date(),
): Promise<ExchangeRate> {
  const currency = input.currency.trim().toUpperCase();
  if (!isCurrencyCode(currency)) throw invalid({ currency: ['currency.unknown_currency'] });
  const rate = normalizeRate(input.rate);
  if (!rate) throw invalid({ rate: ['currency.rate_invalid'] });
  return db.transaction().execute(async (trx) => {
    if (currency === (await readProgramCurrency(trx)))
      throw invalid({ currency: ['currency.rate_of_program_currency'] });
    const at = nowIso(now);
    const before = await readSetting(trx, rateKey(currency));
    await writeSettings(trx, { [rateKey(currency)]: rate }, at);
    await recordAudit(
      trx,
      {
        staffId: input.staffId,
        action: 'settings.exchange_rate',
        entity: 'settings',
        entityId: currency,
        before: before === undefined ? null : { currency, rate: before },
        after: { currency, rate },
      },
      at,
    );
    return { currency, rate, set_at: at };
  });
}

/** Removes a currency's rate: its next orders wait for one again. */
export async function removeExchangeRate(
  db: Db,
  input: { currency: string; staffId: number | null },
  now = new Date(),
): Promise<boolean> {
  const currency = input.currency.trim().toUpperCase();
  return db.transaction().execute(async (trx) => {
    const before = await readSetting(trx, rateKey(currency));
    if (before === undefined) return false;
    await deleteSetting(trx, rateKey(currency));
    const at = nowIso(now);
    await recordAudit(
      trx,
      {
        staffId: input.staffId,
        action: 'settings.exchange_rate',
        entity: 'settings',
        entityId: currency,
        before: { currency, rate: before },
        after: null,
      },
      at,
    );
    return true;
  });
}

export class CurrencyLocked extends AppError {
  constructor() {
    super(409, 'currency.ledger_holds_money');
  }
}

/** Changes the program currency, only while the ledger holds no money; audited. */
export async function setProgramCurrency(
  db: Db,
  input: { currency: string; staffId: number | null },
  now = new Date(),
): Promise<string> {
  const currency = input.currency.trim().toUpperCase();
  if (!isProgramCurrency(currency)) throw invalid({ currency: ['currency.not_a_program_currency'] });
  return db.transaction().execute(async (trx) => {
    const before = await readProgramCurrency(trx);
    if (before === currency) return currency;
    if (await ledgerHoldsMoney(trx)) throw new CurrencyLocked();
    const at = nowIso(now);
    await writeSettings(trx, { [PROGRAM_CURRENCY_KEY]: currency }, at);
    // A rate into the old currency means nothing in the new one; the new currency needs none.
    await deleteSettingsWithPrefix(trx, RATE_PREFIX);
    await recordAudit(
      trx,
      {
        staffId: input.staffId,
        action: 'settings.currency',
        entity: 'settings',
        entityId: 'program',
        before: { currency: before },
        after: { currency },
      },
      at,
    );
    return currency;
  });
}

/**
 * At start: the configured currency (PROGRAM_CURRENCY) becomes the program's while the ledger is
 * empty; once it holds money, a different configured currency stops the start with a message,
 * since it would change what every recorded amount means.
 */
export async function applyConfiguredCurrency(db: Db, configured: string | undefined): Promise<string> {
  const stored = await readSetting(db, PROGRAM_CURRENCY_KEY);
  if (!configured) return stored && isProgramCurrency(stored) ? stored : DEFAULT_PROGRAM_CURRENCY;
  if (stored === configured) return configured;
  try {
    return await setProgramCurrency(db, { currency: configured, staffId: null });
  } catch (error) {
    if (error instanceof CurrencyLocked) {
      throw new Error(
        `PROGRAM_CURRENCY is ${configured}, but the program runs in ${stored ?? DEFAULT_PROGRAM_CURRENCY} and its ledger holds money: unset PROGRAM_CURRENCY, or set it to ${stored ?? DEFAULT_PROGRAM_CURRENCY}`,
      );
    }
    throw error;
  }
}

/** What the settings' currency section shows: the currency, whether it may change, the rates and the orders waiting. */
export async function currencySettings(db: Db) {
  const [currency, holdsMoney, rates, waiting] = await Promise.all([
    readProgramCurrency(db),
    ledgerHoldsMoney(db),
    listExchangeRates(db),
    ordersAwaitingRate(db),
  ]);
  const waitingOf = new Map(waiting.map((w) => [w.currency, Number(w.n)]));
  return {
    currency,
    can_change: !holdsMoney,
    currencies: [...PROGRAM_CURRENCIES],
    rates: rates.map((r) => ({ ...r, orders_waiting: waitingOf.get(r.currency) ?? 0 })),
    waiting: waiting.map((w) => ({ currency: w.currency, orders: Number(w.n) })),
  };
}
