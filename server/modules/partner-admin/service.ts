// Partners in the back office (decisions §11): the list, one partner with their codes and the
// push of each code to the store, and the retry of a failed push. Issue 13 adds the rest of the
// partner page (figures, earnings, payouts, edits) here.
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { Partner, PromoCode } from '../../db/schema';
import { API_MESSAGES, notFound } from '../../errors';
import { findPromoCode, promoCodesOf, toPromoCodeJson } from '../promo-codes/service';
import { currentRateBp } from '../sales/service';
import { retryStoreSync, storeSyncsOf } from '../store-sync/service';
import type { StoreSyncJson } from '../store-sync/service';
import type { PartnerListFilter } from './repository';
import { codesOf, partnerByUuid, partnerPage } from './repository';
import { pageOf } from '../../plugins/paging';

type StoreConfig = Pick<Config, 'shopify'>;

export interface PromoCodeEntry {
  code: string;
  value: number;
  commission_rate: number;
  store_sync: StoreSyncJson;
}

export async function listPartners(db: Db, filter: PartnerListFilter) {
  const { rows, total } = await partnerPage(db, filter);
  const codes = await codesOf(
    db,
    rows.map((r) => r.id),
  );
  const data = rows.map((r) => ({
    uuid: r.uuid,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    country: r.country,
    verified: r.verified === 1,
    created_at: r.created_at,
    codes: codes.get(r.id) ?? [],
  }));
  return pageOf(data, filter.page, filter.length, total);
}

async function partnerOrThrow(db: Db, uuid: string): Promise<Partner> {
  const partner = await partnerByUuid(db, uuid);
  if (!partner) throw notFound(API_MESSAGES.partner_admin.partner_not_found);
  return partner;
}

/**
 * The codes as the partner's profile shows them (the discount, and the rate the partner earns
 * now: tier or staff override), each with its push to the store.
 */
async function promoCodeEntries(
  db: Db,
  partner: Partner,
  codes: PromoCode[],
  config: StoreConfig,
): Promise<PromoCodeEntry[]> {
  const rate = (await currentRateBp(db, partner)) / 100;
  const syncs = await storeSyncsOf(
    db,
    codes.map((c) => c.id),
    config,
  );
  return codes.map((c) => ({ ...toPromoCodeJson(c), commission_rate: rate, store_sync: syncs.get(c.id)! }));
}

export async function partnerDetail(db: Db, uuid: string, config: StoreConfig) {
  const partner = await partnerOrThrow(db, uuid);
  return {
    uuid: partner.uuid,
    email: partner.email,
    first_name: partner.first_name,
    last_name: partner.last_name,
    country: partner.country,
    verified: partner.verified === 1,
    created_at: partner.created_at,
    last_login_dt: partner.last_login_dt,
    paypal_email: partner.paypal_email,
    promo_codes: await promoCodeEntries(db, partner, await promoCodesOf(db, partner.id), config),
  };
}

/** Staff retry the failed push of one of the partner's codes; answers the code's entry. */
export async function retryPromoCodeStoreSync(
  db: Db,
  input: { uuid: string; code: string; staffId: number; config: StoreConfig },
): Promise<PromoCodeEntry> {
  const partner = await partnerOrThrow(db, input.uuid);
  const code = await findPromoCode(db, input.code);
  if (!code || code.partner_id !== partner.id) throw notFound(API_MESSAGES.partner_admin.code_not_found);
  await retryStoreSync(db, {
    promoCodeId: code.id,
    code: code.code,
    staffId: input.staffId,
    config: input.config,
  });
  const [entry] = await promoCodeEntries(db, partner, [code], input.config);
  return entry!;
}
