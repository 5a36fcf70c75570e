// The CSV download of a partner's list (docs/product/partner-portal.md#tables): the rows of the list's
// range, every page of it up to LIST_EXPORT_MAX (the newest), columns headed in the request's
// language, money as plain decimals beside a currency column, days as YYYY-MM-DD of the program's
// calendar. The file starts with a UTF-8 byte order mark so a spreadsheet opens French accents
// right; cells go through csvCell (plugins/csv.ts), which disarms text a spreadsheet would run as
// a formula. A few thousand rows are a few hundred kB: written whole, not streamed.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { localDay } from '../../common/calendar';
import { LIST_EXPORT_MAX } from '../../common/list-range';
import type { Locale } from '../../common/i18n';
import { i18n } from '../i18n';
import { csvLine, sendCsv, type CsvValue } from './csv';

export { LIST_EXPORT_MAX };

/** The column headings a list's file may have (`list_export.columns.*` of the portal catalogs). */
export const LIST_COLUMNS = [
  'date',
  'order',
  'product',
  'referral',
  'items',
  'order_amount',
  'commission',
  'adjustment',
  'amount',
  'currency',
  'status',
  'code',
  'type',
  'valid_from',
  'valid_till',
  'invoice',
  'paid_on',
] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number];

/** A column's heading in a language. */
export const columnHeading = (column: ListColumn, locale: Locale): string =>
  i18n.t(`list_export.columns.${column}`, { lng: locale });

/** An instant's day in the program's time zone, or '' when there is none. */
export const csvDay = (instant: string | null | undefined, zone: string): string =>
  instant ? localDay(instant, zone) : '';

/** The whole file: the byte order mark, the headings, the rows. */
export function listCsv(
  columns: readonly ListColumn[],
  rows: readonly (readonly CsvValue[])[],
  locale: Locale,
) {
  let text = `\uFEFF${csvLine(columns.map((c) => columnHeading(c, locale)))}`;
  for (const row of rows) text += csvLine(row);
  return text;
}

/** Answers the file as `<name>-<today>.csv`, never cached (plugins/csv.ts sendCsv). */
export const sendListCsv = (reply: FastifyReply, name: string, text: string) =>
  sendCsv(reply, name, Readable.from([Buffer.from(text, 'utf8')]));
