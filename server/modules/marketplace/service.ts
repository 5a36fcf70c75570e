// The marketplace (docs/product/commissions.md#marketplace): each partner's Amazon tracking id and links, and the import
// of Associates reports into marketplace sales that earn the marketplace rate.
import { createHash } from 'node:crypto';
import { PRODUCT_ASINS, PRODUCT_CODES } from '../../../common/products';
import { DEFAULT_LOCALE } from '../../../common/i18n';
import type { Locale } from '../../../common/i18n';
import { LIST_EXPORT_MAX, type ListRangeQuery } from '../../../common/list-range';
import { partnerEarningStatus } from '../../../common/statuses';
import type { Db } from '../../db';
import { isUniqueViolation, lockKeys, nowIso } from '../../db/dialect';
import { invalid, notFound } from '../../errors';
import { i18n, statusLabel } from '../../i18n';
import { csvMoney, type CsvValue } from '../../plugins/csv';
import { pageOf } from '../../plugins/paging';
import { recordAudit } from '../audit/service';
import { findPartnerById, updatePartner } from '../partners/service';
import { createEarning, earnedCents, rangeWindow } from '../ledger/service';
import { holdUntilFrom, readMarketplaceRateBp } from '../settings/service';
import type { ReportProblem, ReportReason, ReportRow } from './report';
import { parseAssociatesReport } from './report';
import {
  countPartnerSales,
  findImport,
  importLines,
  importOfFile,
  importsPage,
  insertImport,
  insertImportLines,
  insertSaleOnce,
  partnerIdOfTrackingId,
  partnerSalesPage,
  problemOf,
  saleKeyExists,
  setImportCounts,
  storedLine,
  trackingIdBalance,
} from './repository';
import type { ImportSummary } from './repository';
import { inProgramCurrency, readMoneyTerms, readProgramCurrency } from '../settings';

export type { ImportSummary } from './repository';

export async function ensureTrackingId(db: Db, partnerId: number): Promise<string> {
  const partner = await findPartnerById(db, partnerId);
  if (!partner) throw new Error(`no partner ${partnerId}`);
  if (partner.amazon_tracking_id) return partner.amazon_tracking_id;
  // Associates tracking ids look like `name-20`; ours are derived from the partner id, so unique.
  const trackingId = `sunbite${partner.id.toString(36)}-20`;
  try {
    await updatePartner(db, partner.id, { amazon_tracking_id: trackingId, updated_at: nowIso() });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return trackingId;
}

export async function amazonLinks(db: Db, partnerId: number, locale: Locale) {
  const tag = await ensureTrackingId(db, partnerId);
  return PRODUCT_CODES.map((code) => ({
    product: code,
    name: i18n.t(`products.${code}.name`, { lng: locale }),
    asin: PRODUCT_ASINS[code],
    url: `https://www.amazon.com/dp/${PRODUCT_ASINS[code]}?tag=${encodeURIComponent(tag)}`,
  }));
}

/** A rejected line as the back office reads it: its number, the reason in the reader's language, and its code. */
export interface RejectedLine {
  line: number;
  reason: string;
  code: ReportReason;
}

export interface ImportResult {
  import_id: number | null;
  already_imported: boolean;
  imported: number;
  duplicates: number;
  rejected: RejectedLine[];
  /** The import as the list shows it: this one, or the earlier import of the same file. */
  import: ImportSummary;
}

const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', fr: 'fr-CA' };

/** A rejected line as the answers give it, in the reader's language. */
export const rejectedLine = (problem: ReportProblem, locale: Locale): RejectedLine => ({
  line: problem.line,
  reason: i18n.t(`api.marketplace.reasons.${problem.reason}`, {
    lng: locale,
    value: problem.value ?? '',
    // In the report's own currency, which the report names (docs/product/commissions.md#currency): no symbol here.
    earlier:
      problem.earlierCents === undefined
        ? ''
        : new Intl.NumberFormat(INTL_LOCALE[locale], {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(problem.earlierCents / 100),
  }),
  code: problem.reason,
});

const LINES_PER_INSERT = 500;

// The advisory-lock namespace of marketplace imports on PostgreSQL ("mk"): an import with a
// return holds its partner until it commits, so two imports at once cannot both take back the
// same sale (each reads what is left, then takes from it).
const MARKETPLACE_LOCK = 0x6d6b;

/** How an import is made; the report's currency will be one of these (docs/product/commissions.md#currency). */
export interface ImportOptions {
  /** When the import is made: its record, the holding period and the latest shipped date count from it. */
  now?: Date;
  /** The language of the answer's reasons. */
  locale?: Locale;
  /** The report's currency (amazon.com USD, amazon.ca CAD…): the program's unless said. */
  currency?: string;
}

/**
 * The last shipped date a report made at `now` can hold: today where the day is furthest ahead
 * (UTC+14), so a line is refused only when no one anywhere has reached its date yet, whatever
 * time zone Amazon dated it in.
 */
const latestShippedDate = (now: Date) => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** Half a cent away from zero, the same both ways: a return gives back what its sale earned. */
const commissionOf = (revenueCents: number, rateBp: number) =>
  Math.sign(revenueCents) * Math.round((Math.abs(revenueCents) * rateBp) / 10_000);

/**
 * Imports an Associates report (docs/product/commissions.md#marketplace): each good row becomes a marketplace sale of the
 * partner whose tracking id it carries, earning the marketplace rate; a row an earlier import
 * brought in is skipped, and the same file twice changes nothing. A negative row is a return: it
 * takes back at most what the partner's earlier lines on that tracking id brought in (earlier
 * imports and earlier lines of this file, net of returns), else it is refused. The import, its
 * rejected lines and the staff member's audit line are written in one transaction with the sales.
 */
export async function importAssociatesReport(
  db: Db,
  file: { name: string; content: Buffer },
  staffId: number | null,
  // A date alone: when (the demo seed's way).
  options: ImportOptions | Date = {},
): Promise<ImportResult> {
  const {
    now = new Date(),
    locale = DEFAULT_LOCALE,
    currency: chosen,
  } = options instanceof Date ? { now: options } : options;
  // Converted at the rate staff set for the report's currency (docs/product/commissions.md#currency); without one, the
  // report is refused whole, before anything is read: it is the staff member's own file, sent
  // again once the rate is set.
  const money = await readMoneyTerms(db, chosen ?? (await readProgramCurrency(db)));
  const currency = chosen ?? money.programCurrency;
  if (money.rate === null) throw invalid({ currency: ['currency.no_rate'] });
  const fxRate = money.rate === '1' ? null : money.rate;
  const inProgram = (cents: number) => inProgramCurrency(cents, money.rate)!;
  const sha = createHash('sha256').update(file.content).digest('hex');
  const earlier = async () => {
    const known = await importOfFile(db, sha);
    return known
      ? {
          import_id: known.id,
          already_imported: true,
          imported: 0,
          duplicates: 0,
          rejected: [],
          import: await importSummary(db, known.id),
        }
      : null;
  };
  const known = await earlier();
  if (known) return known;
  const { rows, problems } = parseAssociatesReport(file.content.toString('utf8'), {
    latestDate: latestShippedDate(now),
  });

  const partners = new Map<string, number>();
  for (const id of new Set(rows.map((r) => r.trackingId))) {
    const partnerId = await partnerIdOfTrackingId(db, id.toLowerCase());
    if (partnerId !== undefined) partners.set(id, partnerId);
  }
  const rejected: ReportProblem[] = [...problems];
  let imported = 0;
  let duplicates = 0;
  const filename = file.name.slice(0, 255);
  const at = nowIso(now);
  // The program's marketplace rate (10% of revenue unless staff changed it, docs/product/commissions.md#marketplace) and
  // holding period when the report is imported: a later change leaves these earnings as they are.
  const [holdUntil, rateBp] = await Promise.all([holdUntilFrom(db, now), readMarketplaceRateBp(db)]);
  let importId: number;
  try {
    importId = await db.transaction().execute(async (trx) => {
      await lockKeys(
        trx,
        MARKETPLACE_LOCK,
        rows.flatMap((r) =>
          r.revenueCents < 0 && partners.has(r.trackingId) ? [`partner:${partners.get(r.trackingId)}`] : [],
        ),
      );
      const created = await insertImport(trx, {
        file_sha256: sha,
        filename,
        imported_by: staffId,
        rows_imported: 0,
        rows_rejected: 0,
        rows_duplicate: 0,
        created_at: at,
        currency,
      });
      const seen = new Map<string, number>();
      for (const row of rows) {
        const partnerId = partners.get(row.trackingId);
        if (!partnerId) {
          rejected.push({ line: row.line, reason: 'unknown_tracking_id', value: row.trackingId });
          continue;
        }
        // The same row twice in one report is two sales; the same row in another import is one.
        const content = [
          row.trackingId.toLowerCase(),
          row.product,
          row.date,
          row.items,
          row.revenueCents,
        ].join('|');
        const occurrence = (seen.get(content) ?? 0) + 1;
        seen.set(content, occurrence);
        const rowKey = createHash('sha256').update(`${content}|${occurrence}`).digest('hex');
        const revenueCents = inProgram(row.revenueCents);
        let amountCents = commissionOf(revenueCents, rateBp);
        if (row.revenueCents < 0) {
          // A return an earlier import took is a duplicate, not a second return to judge.
          if (await saleKeyExists(trx, rowKey)) {
            duplicates++;
            continue;
          }
          const judged = await judgeReturn(trx, partnerId, { ...row, revenueCents }, amountCents);
          if ('reason' in judged) {
            rejected.push(judged);
            continue;
          }
          amountCents = judged.amountCents;
        }
        const sale = await insertSaleOnce(trx, {
          partner_id: partnerId,
          import_id: created.id,
          row_key: rowKey,
          tracking_id: row.trackingId,
          product: row.product,
          sale_date: row.date,
          items: row.items,
          revenue_cents: revenueCents,
          source_revenue_cents: row.revenueCents,
          fx_rate: fxRate,
          created_at: at,
        });
        if (!sale) {
          duplicates++;
          continue;
        }
        await createEarning(
          trx,
          {
            partner_id: partnerId,
            kind: 'marketplace',
            source_key: `marketplace:${sale.id}`,
            marketplace_sale_id: sale.id,
            base_cents: revenueCents,
            rate_bp: rateBp,
            amount_cents: amountCents,
            status: 'PENDING',
            hold_until: holdUntil,
          },
          `Associates report ${filename}, line ${row.line}`,
          staffId ? `staff:${staffId}` : 'import',
          now,
        );
        imported++;
      }
      rejected.sort((a, b) => a.line - b.line);
      for (let i = 0; i < rejected.length; i += LINES_PER_INSERT) {
        await insertImportLines(
          trx,
          rejected.slice(i, i + LINES_PER_INSERT).map((p) => storedLine(created.id, p)),
        );
      }
      const counts = { rows_imported: imported, rows_duplicate: duplicates, rows_rejected: rejected.length };
      await setImportCounts(trx, created.id, counts);
      // A staff member's import is a staff change (docs/product/back-office.md); the demo seed's or a script's,
      // without one, is not.
      if (staffId !== null)
        await recordAudit(
          trx,
          {
            staffId,
            action: 'marketplace_import.create',
            entity: 'marketplace_import',
            entityId: created.id,
            after: {
              filename,
              currency,
              rate: fxRate,
              rows_imported: imported,
              duplicates_skipped: duplicates,
              rows_rejected: rejected.length,
            },
          },
          at,
        );
      return created.id;
    });
  } catch (error) {
    // The same file sent twice at once: the other upload imported it.
    const other = isUniqueViolation(error) ? await earlier() : null;
    if (other) return other;
    throw error;
  }
  return {
    import_id: importId,
    already_imported: false,
    imported,
    duplicates,
    rejected: rejected.map((p) => rejectedLine(p, locale)),
    import: await importSummary(db, importId),
  };
}

/**
 * A return of the partner on the row's tracking id, judged against what the lines before it
 * brought in (read in the import's transaction, so this file's earlier lines count): refused
 * when there was no sale, or when it takes back more revenue than is left; otherwise its
 * commission, never more than the commission left (the rate may have gone up since the sales).
 */
async function judgeReturn(
  trx: Db,
  partnerId: number,
  row: ReportRow,
  amountCents: number,
): Promise<ReportProblem | { amountCents: number }> {
  const balance = await trackingIdBalance(trx, partnerId, row.trackingId);
  if (balance.sales === 0) return { line: row.line, reason: 'return_without_sale', value: row.revenueText };
  if (-row.revenueCents > balance.revenueCents)
    return {
      line: row.line,
      reason: 'return_exceeds',
      value: row.revenueText,
      earlierCents: Math.max(0, balance.revenueCents),
    };
  return { amountCents: Math.max(amountCents, -Math.max(0, balance.earnedCents)) };
}

/** One import as the list shows it (it exists: its id was just read). */
async function importSummary(db: Db, id: number): Promise<ImportSummary> {
  const found = await findImport(db, id);
  if (!found) throw new Error(`no marketplace import ${id}`);
  return found;
}

/** Past imports, newest first (manager and admin, docs/product/back-office.md#exports). */
export async function listImports(db: Db, paging: { page: number; length: number }) {
  const { rows, total } = await importsPage(db, paging.page, paging.length);
  return pageOf(rows, paging.page, paging.length, total);
}

/** One import and a page of its rejected lines, in order, in the reader's language; 404 when there is no such import. */
export async function importDetail(
  db: Db,
  id: number,
  paging: { page: number; length: number },
  locale: Locale,
) {
  const summary = await findImport(db, id);
  if (!summary) throw notFound();
  const lines = await importLines(db, id, paging.page, paging.length);
  return {
    ...pageOf(
      lines.rows.map((l) => rejectedLine(problemOf(l), locale)),
      paging.page,
      paging.length,
      lines.total,
    ),
    import: summary,
  };
}

export async function marketplaceSales(
  db: Db,
  partnerId: number,
  paging: { page: number; length: number } & ListRangeQuery,
  locale: Locale,
) {
  const days = await rangeWindow(db, paging);
  const total = await countPartnerSales(db, partnerId, days);
  const rows = await partnerSalesPage(db, partnerId, paging.page, paging.length, days);
  return {
    data: rows.map((r) => ({
      id: r.id,
      order_number: `AMZ-${r.id}`,
      date: `${r.sale_date}T00:00:00.000Z`,
      product: r.product,
      items: r.items,
      order_amount: r.revenue_cents / 100,
      commission: earnedCents(r.status, r.amount_cents) / 100,
      // Marketplace earnings come from imported report rows, never from a paid store order refunded
      // later: nothing is taken back from them by adjustment.
      adjustment: 0,
      status: r.status === null ? null : partnerEarningStatus(r.status),
      status_label: r.status ? statusLabel(partnerEarningStatus(r.status), locale) : null,
      country: 'US',
      region: 'US',
    })),
    current_page: paging.page,
    per_page: paging.length,
    last_page: Math.max(1, Math.ceil(total / paging.length)),
    total,
  };
}

/** The partner's marketplace sales of a range as CSV rows (plugins/list-export.ts), the newest first. */
export async function marketplaceSalesCsv(db: Db, partnerId: number, range: ListRangeQuery, locale: Locale) {
  const [days, currency] = await Promise.all([rangeWindow(db, range), readProgramCurrency(db)]);
  const [total, rows] = await Promise.all([
    countPartnerSales(db, partnerId, days),
    partnerSalesPage(db, partnerId, 1, LIST_EXPORT_MAX, days),
  ]);
  const columns = [
    'date',
    'order',
    'product',
    'items',
    'order_amount',
    'commission',
    'currency',
    'status',
  ] as const;
  return {
    columns,
    total,
    rows: rows.map((r): CsvValue[] => {
      const c = {
        date: r.sale_date,
        order: `AMZ-${r.id}`,
        product: r.product,
        items: r.items,
        order_amount: csvMoney(r.revenue_cents),
        commission: csvMoney(earnedCents(r.status, r.amount_cents)),
        currency,
        status: r.status ? statusLabel(partnerEarningStatus(r.status), locale) : '',
      };
      return columns.map((k) => c[k]);
    }),
  };
}
