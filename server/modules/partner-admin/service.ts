// Partners in the back office (docs/product/back-office.md#exports, issue 13): the list with its filters, orders and CSV
// export; one partner's page (profile, codes and their push to the store, tier and override,
// referrer and referrals, figures from the running totals, earnings with their history, payouts,
// vouchers, notes, and the staff actions on them); and what managers change on a partner. Every
// change is written with its audit line (before and after) in one transaction
// (docs/decisions/036-partners-in-the-back-office.md). The list's search reads an index of every
// suffix of the names, e-mails and codes, kept by triggers (search.ts,
// docs/decisions/040-staff-search.md).
import type { Readable } from 'node:stream';
import { major } from '../../../common/currency';
import type { AppContext } from '../../context';
import type { MailLog } from '../../integrations/mail/mailer';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { retryOnConflict } from '../../db/retry';
import type { Partner, PromoCode } from '../../db/schema';
import { AppError, invalid, notFound } from '../../errors';
import type { FieldErrors } from '../../errors';
import { sayKey } from '../../i18n';
import { csvMoney, CsvNumber, csvStream } from '../../plugins/csv';
import type { CsvValue } from '../../plugins/csv';
import { pageOf } from '../../plugins/paging';
import type { EndedSessions, Push } from '../../push';
import { resendVerification } from '../accounts/service';
import { recordAudit } from '../audit/service';
import { endPartnerSessions } from '../auth/service';
import { findPartnerById } from '../partners/service';
import { findPromoCode, promoCodesOf, toPromoCodeJson, updatePromoCodeValue } from '../promo-codes/service';
import {
  allTiers,
  commissionRateBp,
  currentRateBp,
  monthKeyIn,
  programTimeZone,
  tierReached,
  tierSpan,
} from '../ledger/service';
import { requestStoreSync, retryStoreSync, storeSyncsOf } from '../store-sync/service';
import type { StoreSyncJson } from '../store-sync/service';
import {
  findSubpartnerId,
  subpartnerChoices,
  subpartnerRefById,
  subpartnerRefBySlug,
} from '../subpartners/service';
import { revokeVoucher, voucherJson } from '../vouchers/service';
import type { ExportCursor, Paging, PartnerListFilter, PartnerSort } from './repository';
import {
  auditPage,
  codesOf,
  countReferrals,
  cursorOf,
  earningEventsOf,
  earningPage,
  earningStatusRows,
  insertNote,
  notePage,
  partnerByUuid,
  partnerIdByUuid,
  partnerExportSlice,
  partnerPage,
  partnerSummary,
  payoutPage,
  referralPage,
  salesRows,
  staffName,
  updatePartnerFields,
  voucherPage,
} from './repository';
import { readProgramCurrency } from '../settings';

type StoreConfig = Pick<Config, 'shopify'>;

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

export interface PromoCodeEntry {
  code: string;
  value: number;
  commission_rate: number;
  store_sync: StoreSyncJson;
}

// ---------------------------------------------------------------------------------------------
// The list and its export

/** The list's query as the API takes it (docs/product/back-office.md#exports): the search, the filters and the order. */
export interface PartnerListQuery {
  q?: string | undefined;
  status?: 'active' | 'suspended' | undefined;
  /** A sub-partner's slug, or `none` for partners who came through none. */
  subpartner?: string | undefined;
  /** A tier by the verified sales it starts from (`25`), or `override` for partners with a staff rate. */
  tier?: string | undefined;
  country?: string | undefined;
  verified?: boolean | undefined;
  paypal?: boolean | undefined;
  sort: PartnerSort;
}

/**
 * The filter the repository reads: the sub-partner's slug to its id and the tier to its range of
 * verified sales. A slug or a tier that names nothing is a 422 on its field (not an empty list
 * that looks like an answer).
 */
async function listFilter(db: Db, query: PartnerListQuery): Promise<PartnerListFilter> {
  const errors: FieldErrors = {};
  let subpartnerId: number | null | undefined;
  if (query.subpartner === 'none') subpartnerId = null;
  else if (query.subpartner) {
    subpartnerId = (await subpartnerRefBySlug(db, query.subpartner))?.id;
    if (subpartnerId === undefined) errors.subpartner = [sayKey('wrong_value')];
  }
  let tier: PartnerListFilter['tier'];
  if (query.tier === 'override') tier = 'override';
  else if (query.tier !== undefined) {
    // The list reads partners.verified_sales in SQL (an index over every partner), between the
    // bounds of the tier by the tiers' own rule (sales/rules.ts).
    tier = tierSpan(await allTiers(db), Number(query.tier));
    if (!tier) errors.tier = [sayKey('wrong_value')];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return {
    q: query.q,
    status: query.status,
    subpartnerId,
    tier,
    country: query.country,
    verified: query.verified,
    paypal: query.paypal,
    sort: query.sort,
  };
}

export async function listPartners(db: Db, query: PartnerListQuery & { page: number; length: number }) {
  const currency = await readProgramCurrency(db);
  const filter = await listFilter(db, query);
  const { rows, total } = await partnerPage(db, { ...filter, page: query.page, length: query.length });
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
    status: r.status,
    created_at: r.created_at,
    codes: codes.get(r.id) ?? [],
    sales: major(r.total_sales_cents),
    commissions: major(r.total_earned_cents),
    verified_sales: Number(r.verified_sales),
    currency,
  }));
  return pageOf(data, query.page, query.length, total);
}

/** The filters' choices: the tiers as they are now and every sub-partner. */
export async function partnerFilterChoices(db: Db) {
  const [tiers, subpartners] = await Promise.all([allTiers(db), subpartnerChoices(db)]);
  return { tiers: tiers.map((t) => ({ min_sales: t.min_sales, rate: t.rate_bp / 100 })), subpartners };
}

export const PARTNER_CSV_COLUMNS = [
  'uuid',
  'first_name',
  'last_name',
  'email',
  'status',
  'verified',
  'country',
  'paypal_email',
  'subpartner',
  'codes',
  'verified_sales',
  'commission_rate',
  'commission_override',
  'sales',
  'commissions',
  'currency',
  'signed_up_at',
  'last_login_at',
] as const;

/** Rows an export reads at a time: one indexed read each, whatever the export's length. */
export const EXPORT_SLICE = 500;

type ExportRow = Awaited<ReturnType<typeof partnerExportSlice>>[number] & { codes: string[] };

/**
 * The list's partners with its filters and in its order, a slice at a time: each slice is the
 * rows after the last one of the slice before, by the list's order (keyset paging), so each is one
 * indexed read however far the export has come. Slices are separate reads: a partner whose figures
 * move while an export sorted by them runs may be read before and after the move, or in neither;
 * an export by sign-up date is exact.
 */
export async function* partnerSlices(
  db: Db,
  filter: PartnerListFilter,
  slice = EXPORT_SLICE,
): AsyncGenerator<ExportRow[]> {
  let cursor: ExportCursor | null = null;
  for (;;) {
    const rows = await partnerExportSlice(db, filter, cursor, slice);
    if (rows.length === 0) return;
    const codes = await codesOf(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map((r) => ({ ...r, codes: codes.get(r.id) ?? [] }));
    if (rows.length < slice) return;
    cursor = cursorOf(filter.sort, rows[rows.length - 1]!);
  }
}

/** A rate in percent (basis points / 100) as the export writes numbers. */
const csvRate = (bp: number) => new CsvNumber(String(bp / 100));

/**
 * `GET /api/manager/partners.csv` (docs/product/back-office.md#exports): the list's partners with its filters and in its
 * order, every page, as a stream written as it is read (plugins/csv.ts): a long export holds one
 * slice in memory, never the list. A filter that names nothing is a 422 before the answer starts.
 */
export async function partnersCsv(db: Db, query: PartnerListQuery, slice = EXPORT_SLICE): Promise<Readable> {
  const currency = await readProgramCurrency(db);
  const filter = await listFilter(db, query);
  const tiers = await allTiers(db);
  return csvStream(PARTNER_CSV_COLUMNS, partnerSlices(db, filter, slice), (r): CsvValue[] => [
    r.uuid,
    r.first_name,
    r.last_name,
    r.email,
    r.status,
    r.verified === 1,
    r.country,
    r.paypal_email,
    r.subpartner_slug,
    r.codes.join(' '),
    Number(r.verified_sales),
    csvRate(commissionRateBp(r, tierReached(tiers, r.verified_sales).tier)),
    r.commission_override_bp === null ? null : csvRate(r.commission_override_bp),
    csvMoney(Number(r.total_sales_cents)),
    csvMoney(Number(r.total_earned_cents)),
    currency,
    r.created_at,
    r.last_login_dt,
  ]);
}

// ---------------------------------------------------------------------------------------------
// One partner

async function partnerOrThrow(db: Db, uuid: string): Promise<Partner> {
  const partner = await partnerByUuid(db, uuid);
  if (!partner) throw notFound('partner_admin.partner_not_found');
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

/** The rate the partner earns now and where it comes from: a staff override, else their tier. */
async function commissionOf(db: Db, partner: Partner) {
  const verified = Number(partner.verified_sales);
  const { tier, next } = tierReached(await allTiers(db), verified);
  const override = partner.commission_override_bp;
  return {
    rate: commissionRateBp(partner, tier) / 100,
    source: override !== null ? ('override' as const) : ('tier' as const),
    override: override === null ? null : override / 100,
    verified_sales: verified,
    tier: tier ? { min_sales: tier.min_sales, rate: tier.rate_bp / 100 } : null,
    next_tier: next ? { min_sales: next.min_sales, rate: next.rate_bp / 100 } : null,
  };
}

/** The partner's figures, from the running totals alone (decisions/009). */
async function figuresOf(db: Db, partnerId: number, now = new Date()) {
  const currency = await readProgramCurrency(db);
  // Months of the program's time zone, as the running totals cut them (decisions/054).
  const zone = await programTimeZone(db);
  const thisMonth = monthKeyIn(now, zone);
  const lastMonth = monthKeyIn(now, zone, -1);
  const [sales, earnings] = await Promise.all([
    salesRows(db, partnerId, [thisMonth, lastMonth]),
    earningStatusRows(db, partnerId),
  ]);
  const regions = { CA: 0, US: 0, OTHER: 0 };
  let orders = 0;
  let allCents = 0;
  const month = { this: { orders: 0, cents: 0 }, last: { orders: 0, cents: 0 } };
  for (const row of sales) {
    if (row.period === 'a') {
      orders += Number(row.orders);
      allCents += Number(row.sales_cents);
      if (row.geo in regions) regions[row.geo as keyof typeof regions] += Number(row.sales_cents);
    } else {
      const into = row.start === thisMonth ? month.this : month.last;
      into.orders += Number(row.orders);
      into.cents += Number(row.sales_cents);
    }
  }
  const byStatus = new Map<string, number>(earnings.map((e) => [e.status, Number(e.cents)]));
  const cents = (status: string) => byStatus.get(status) ?? 0;
  return {
    currency,
    orders,
    sales: major(allCents),
    sales_by_region: { CA: major(regions.CA), US: major(regions.US), OTHER: major(regions.OTHER) },
    average_order: orders ? major(allCents / orders) : 0,
    this_month: { orders: month.this.orders, sales: major(month.this.cents) },
    last_month: { orders: month.last.orders, sales: major(month.last.cents) },
    commissions: major(cents('PENDING') + cents('APPROVED') + cents('IN_PAYOUT') + cents('PAID')),
    balances: {
      pending: major(cents('PENDING')),
      payable: major(cents('APPROVED')),
      in_payout: major(cents('IN_PAYOUT')),
      paid: major(cents('PAID')),
      in_review: major(cents('IN_REVIEW')),
      rejected: major(cents('REJECTED')),
    },
  };
}

export async function partnerDetail(db: Db, uuid: string, config: StoreConfig) {
  const partner = await partnerOrThrow(db, uuid);
  const [codes, commission, figures, referrer, referrals, subpartner] = await Promise.all([
    promoCodesOf(db, partner.id).then((rows) => promoCodeEntries(db, partner, rows, config)),
    commissionOf(db, partner),
    figuresOf(db, partner.id),
    partner.referrer_id !== null ? partnerSummary(db, partner.referrer_id) : undefined,
    countReferrals(db, partner.id),
    partner.subpartner_id !== null ? subpartnerRefById(db, partner.subpartner_id) : undefined,
  ]);
  return {
    uuid: partner.uuid,
    email: partner.email,
    first_name: partner.first_name,
    last_name: partner.last_name,
    country: partner.country,
    verified: partner.verified === 1,
    status: partner.status,
    created_at: partner.created_at,
    last_login_dt: partner.last_login_dt,
    paypal_email: partner.paypal_email,
    locale: partner.locale,
    subpartner: subpartner ? { slug: subpartner.slug, name: subpartner.name } : null,
    promo_codes: codes,
    commission,
    referral_commission: {
      amount: partner.referral_commission_amount,
      type: partner.referral_comission_type === 'fixed' ? ('fixed' as const) : ('percent' as const),
    },
    referrer: referrer
      ? { uuid: referrer.uuid, name: fullName(referrer), email: referrer.email, status: referrer.status }
      : null,
    referrals_count: referrals,
    figures,
  };
}

/** The partner's id, for a tab of their page (404 for an unknown uuid). */
async function partnerIdOf(db: Db, uuid: string): Promise<number> {
  const id = await partnerIdByUuid(db, uuid);
  if (id === undefined) throw notFound('partner_admin.partner_not_found');
  return id;
}

export async function partnerEarnings(db: Db, uuid: string, paging: Paging) {
  const partnerId = await partnerIdOf(db, uuid);
  const { rows, total } = await earningPage(db, partnerId, paging);
  const events = await earningEventsOf(
    db,
    rows.map((r) => r.id),
  );
  const history = new Map<number, typeof events>();
  for (const e of events) history.set(e.earning_id, [...(history.get(e.earning_id) ?? []), e]);
  const data = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    order_number: r.order_number,
    product: r.first_product ?? r.marketplace_product,
    date: r.created_at,
    base: major(r.base_cents),
    rate: r.rate_bp === null ? null : r.rate_bp / 100,
    amount: major(r.amount_cents),
    status: r.status,
    hold_until: r.hold_until,
    payout_id: r.payout_id,
    history: (history.get(r.id) ?? []).map((e) => ({
      at: e.at,
      from: e.from_status,
      to: e.to_status,
      amount_before: e.amount_before_cents === null ? null : major(e.amount_before_cents),
      amount_after: major(e.amount_after_cents),
      reason: e.reason,
      actor: e.actor,
    })),
  }));
  return pageOf(data, paging.page, paging.length, total);
}

export async function partnerPayouts(db: Db, uuid: string, paging: Paging) {
  const { rows, total } = await payoutPage(db, await partnerIdOf(db, uuid), paging);
  const data = rows.map((r) => ({
    id: r.id,
    status: r.status,
    amount: major(r.amount_cents),
    currency: r.currency,
    earnings_count: r.earnings_count,
    created_at: r.created_at,
    paid_at: r.paid_at,
    invoice_number: r.invoice_number,
  }));
  return pageOf(data, paging.page, paging.length, total);
}

export async function partnerVouchers(db: Db, uuid: string, paging: Paging) {
  const { rows, total } = await voucherPage(db, await partnerIdOf(db, uuid), paging);
  const now = new Date();
  return pageOf(
    rows.map((v) => ({ ...voucherJson(v, now), created_at: v.created_at })),
    paging.page,
    paging.length,
    total,
  );
}

export async function partnerReferrals(db: Db, uuid: string, paging: Paging) {
  const currency = await readProgramCurrency(db);
  const { rows, total } = await referralPage(db, await partnerIdOf(db, uuid), paging);
  const data = rows.map((r) => ({
    uuid: r.uuid,
    name: fullName(r),
    email: r.email,
    status: r.status,
    created_at: r.created_at,
    sales: major(r.total_sales_cents),
    currency,
  }));
  return pageOf(data, paging.page, paging.length, total);
}

export async function partnerNotes(db: Db, uuid: string, paging: Paging) {
  const { rows, total } = await notePage(db, await partnerIdOf(db, uuid), paging);
  return pageOf(
    rows.map((n) => ({ id: n.id, body: n.body, created_at: n.created_at, author: n.staff_name })),
    paging.page,
    paging.length,
    total,
  );
}

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

export async function partnerAudit(db: Db, uuid: string, paging: Paging) {
  const id = await partnerIdOf(db, uuid);
  const { rows, total } = await auditPage(db, { uuid, id }, paging);
  const data = rows.map((r) => ({
    id: r.id,
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    staff: r.staff_name,
    at: r.created_at,
    before: parseJson(r.before),
    after: parseJson(r.after),
  }));
  return pageOf(data, paging.page, paging.length, total);
}

// ---------------------------------------------------------------------------------------------
// Changes (managers and admins)

export const REFERRAL_TYPES = ['percent', 'fixed'] as const;
/** A fixed referral commission is whole units of the program currency (the column is an integer). */
export const REFERRAL_FIXED_MAX = 1000;

export interface PartnerChanges {
  /** Percent with at most two decimals, or null to clear. */
  commission_override?: number | null | undefined;
  status?: 'active' | 'suspended' | undefined;
  referral_commission_amount?: number | undefined;
  referral_comission_type?: (typeof REFERRAL_TYPES)[number] | undefined;
  /** A sub-partner's slug, or null for none. */
  subpartner?: string | null | undefined;
  /** A note to add (notes are appended, never replaced). */
  notes?: string | undefined;
}

type Deps = { db: Db; push: Push; config: StoreConfig };

interface AuditLine {
  action: string;
  before: unknown;
  after: unknown;
}

/**
 * `PATCH /api/manager/partners/{uuid}`: the changes staff asked for, each with its line of the
 * audit log (before and after), in one transaction. A value equal to the current one changes
 * nothing and writes no line. Suspension ends every session of the partner in the same
 * transaction (their tokens stop working at once), and their open portals hear of it.
 */
export async function updatePartnerByStaff(deps: Deps, staffId: number, uuid: string, input: PartnerChanges) {
  const found = await partnerOrThrow(deps.db, uuid);
  if (Object.values(input).every((v) => v === undefined))
    throw new AppError(422, 'partner_admin.nothing_to_change');

  // Checked before anything is written: a refused change leaves the partner as they were.
  const errors: FieldErrors = {};
  const type =
    input.referral_comission_type ?? (found.referral_comission_type === 'fixed' ? 'fixed' : 'percent');
  if (input.referral_commission_amount !== undefined || input.referral_comission_type !== undefined) {
    const amount = input.referral_commission_amount ?? found.referral_commission_amount;
    if (amount > (type === 'percent' ? 100 : REFERRAL_FIXED_MAX))
      errors.referral_commission_amount = [sayKey('wrong_value')];
  }
  let subpartnerId: number | null | undefined;
  if (input.subpartner === null) subpartnerId = null;
  else if (input.subpartner !== undefined) {
    subpartnerId = await findSubpartnerId(deps.db, input.subpartner);
    if (subpartnerId === undefined) errors.subpartner = ['partner_admin.subpartner_unknown'];
  }
  if (Object.keys(errors).length) throw invalid(errors);

  const ended = await retryOnConflict(() =>
    deps.db.transaction().execute(async (trx) => {
      const partner = (await findPartnerById(trx, found.id))!;
      const at = nowIso();
      const changes: Partial<
        Pick<
          Partner,
          | 'commission_override_bp'
          | 'status'
          | 'referral_commission_amount'
          | 'referral_comission_type'
          | 'subpartner_id'
        >
      > = {};
      const lines: AuditLine[] = [];

      if (input.commission_override !== undefined) {
        const bp = input.commission_override === null ? null : Math.round(input.commission_override * 100);
        if (bp !== partner.commission_override_bp) {
          changes.commission_override_bp = bp;
          const rate = (value: number | null) => (value === null ? null : value / 100);
          lines.push({
            action: 'partner.commission_override',
            before: { commission_override: rate(partner.commission_override_bp) },
            after: { commission_override: rate(bp) },
          });
        }
      }
      if (input.status !== undefined && input.status !== partner.status) {
        changes.status = input.status;
        lines.push({
          action: input.status === 'suspended' ? 'partner.suspend' : 'partner.reactivate',
          before: { status: partner.status },
          after: { status: input.status },
        });
      }
      if (input.referral_commission_amount !== undefined || input.referral_comission_type !== undefined) {
        const amount = input.referral_commission_amount ?? partner.referral_commission_amount;
        if (amount !== partner.referral_commission_amount || type !== partner.referral_comission_type) {
          changes.referral_commission_amount = amount;
          changes.referral_comission_type = type;
          lines.push({
            action: 'partner.referral_commission',
            before: {
              referral_commission_amount: partner.referral_commission_amount,
              referral_comission_type: partner.referral_comission_type,
            },
            after: { referral_commission_amount: amount, referral_comission_type: type },
          });
        }
      }
      if (subpartnerId !== undefined && subpartnerId !== partner.subpartner_id) {
        changes.subpartner_id = subpartnerId;
        const slug = async (id: number | null) =>
          id === null ? null : ((await subpartnerRefById(trx, id))?.slug ?? null);
        lines.push({
          action: 'partner.subpartner',
          before: { subpartner: await slug(partner.subpartner_id) },
          after: { subpartner: await slug(subpartnerId) },
        });
      }

      let ended: EndedSessions | undefined;
      if (Object.keys(changes).length) {
        await updatePartnerFields(trx, partner.id, changes, at);
        // Every session ends with the suspension: their tokens open nothing from now on.
        if (changes.status === 'suspended') ended = await endPartnerSessions(trx, partner);
      }
      for (const line of lines)
        await recordAudit(
          trx,
          {
            staffId,
            action: line.action,
            entity: 'partner',
            entityId: partner.uuid,
            before: line.before,
            after: line.after,
          },
          at,
        );
      if (input.notes !== undefined) await addNoteIn(trx, staffId, partner, input.notes, at);
      return ended;
    }),
  );
  // Committed: open portals of the partner read their profile again, and find their session
  // over; then their live sockets close, on every node.
  if (ended) {
    deps.push.toPartner(found.uuid, 'partner_changed', { status: 'suspended' });
    deps.push.endSessions(ended);
  }
  return partnerDetail(deps.db, uuid, deps.config);
}

async function addNoteIn(
  trx: Db,
  staffId: number,
  partner: Pick<Partner, 'id' | 'uuid'>,
  body: string,
  at: string,
) {
  const note = await insertNote(trx, { partner_id: partner.id, staff_id: staffId, body, created_at: at });
  await recordAudit(
    trx,
    {
      staffId,
      action: 'partner.note_add',
      entity: 'partner',
      entityId: partner.uuid,
      after: { note_id: note.id, body },
    },
    at,
  );
  return note;
}

/** `POST /api/manager/partners/{uuid}/notes`: a note, with who and when, audited. */
export async function addPartnerNote(db: Db, staffId: number, uuid: string, body: string) {
  const partner = await partnerOrThrow(db, uuid);
  const note = await db.transaction().execute((trx) => addNoteIn(trx, staffId, partner, body, nowIso()));
  const author = await staffName(db, staffId);
  return { id: note.id, body: note.body, created_at: note.created_at, author: author ?? null };
}

async function partnerCode(db: Db, uuid: string, code: string) {
  const partner = await partnerOrThrow(db, uuid);
  const found = await findPromoCode(db, code);
  if (!found || found.partner_id !== partner.id) throw notFound('partner_admin.code_not_found');
  return { partner, code: found };
}

/**
 * `PATCH /api/manager/partners/{uuid}/promo-codes/{code}`: the customer discount of a partner's
 * code, with the push of the change to the store queued (docs/product/links-and-integrations.md#discount-push) and the audit line, in
 * one transaction. The same value again changes nothing.
 */
export async function changeCodeDiscount(
  db: Db,
  input: { uuid: string; code: string; value: number; staffId: number; config: StoreConfig },
) {
  const { partner, code } = await partnerCode(db, input.uuid, input.code);
  const toBp = Math.round(input.value * 100);
  await retryOnConflict(() =>
    db.transaction().execute(async (trx) => {
      const current = (await findPromoCode(trx, code.code))!;
      if (current.value_bp === toBp) return;
      // Conditional on the value read: two staff changing it at once, one wins and the other is told.
      if (!(await updatePromoCodeValue(trx, current.id, current.value_bp, toBp)))
        throw new AppError(409, 'partner_admin.code_changed');
      const queued = await requestStoreSync(trx, current.id, input.config);
      await recordAudit(trx, {
        staffId: input.staffId,
        action: 'promo_code.discount',
        entity: 'promo_code',
        entityId: current.code,
        before: { value: current.value_bp / 100 },
        after: { value: toBp / 100, store_push: queued ? 'queued' : 'off' },
      });
    }),
  );
  const fresh = (await findPromoCode(db, code.code))!;
  const [entry] = await promoCodeEntries(db, partner, [fresh], input.config);
  return entry!;
}

/** Staff retry the failed push of one of the partner's codes; answers the code's entry. */
export async function retryPromoCodeStoreSync(
  db: Db,
  input: { uuid: string; code: string; staffId: number; config: StoreConfig },
): Promise<PromoCodeEntry> {
  const { partner, code } = await partnerCode(db, input.uuid, input.code);
  await retryStoreSync(db, {
    promoCodeId: code.id,
    code: code.code,
    staffId: input.staffId,
    config: input.config,
  });
  const [entry] = await promoCodeEntries(db, partner, [code], input.config);
  return entry!;
}

/**
 * `POST /api/manager/partners/{uuid}/resend-verification`: the partner's verification mail again,
 * throttled as their own resend is (the same count: staff and partner together), audited once sent.
 */
export async function resendPartnerVerification(
  ctx: AppContext,
  staffId: number,
  uuid: string,
  log?: MailLog,
) {
  const partner = await partnerOrThrow(ctx.db, uuid);
  if (partner.verified) throw new AppError(409, 'partner_admin.already_verified');
  await resendVerification(ctx, partner.id, log);
  await ctx.db.transaction().execute((trx) =>
    recordAudit(trx, {
      staffId,
      action: 'partner.resend_verification',
      entity: 'partner',
      entityId: partner.uuid,
      after: { email: partner.email },
    }),
  );
  return { sent: true, email: partner.email };
}

/** `POST /api/manager/partners/{uuid}/vouchers/{id}/revoke`: an active voucher of the partner revoked, audited. */
export async function revokePartnerVoucher(db: Db, staffId: number, uuid: string, voucherId: number) {
  const partner = await partnerOrThrow(db, uuid);
  return voucherJson(await revokeVoucher(db, staffId, partner.id, voucherId));
}
