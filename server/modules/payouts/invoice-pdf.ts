// The invoice of a payout as a PDF (docs/product/payouts.md#invoices): the partner's commission invoice to the
// brand, in the partner's language, one row per earning, the adjustments after the earnings.
// A payout can hold more than a thousand earnings: the table runs on over as many pages as it
// needs, its header row on each, every page numbered.
import type { TFunction } from 'i18next';
import { DEFAULT_LOCALE, isLocale } from '../../../common/i18n';
import type { Locale } from '../../../common/i18n';
import { i18n } from '../../i18n';

export interface InvoiceLine {
  kind: 'sale' | 'referral' | 'marketplace' | 'bonus' | 'adjustment';
  orderNumber: string | null;
  /** ISO 8601. */
  date: string;
  product: string | null;
  /** Negative for an adjustment (a refund after the earning was paid). */
  amountCents: number;
}

export type InvoiceSettlement = 'paid' | 'to_be_paid' | 'not_paid';

export interface InvoiceDocument {
  /** The partner's language: 'en' or 'fr'; anything else reads as English. */
  locale: string;
  /** INV-YYYY-NNNNNN */
  number: string;
  /** ISO 8601; also the PDF's creation date, so the same invoice renders to the same bytes. */
  issuedAt: string;
  currency: string;
  /** The payout's status label in the partner's language, shown small under the number. */
  statusLabel?: string;
  paidAt?: string | null;
  /** Where the money stands, for the closing line: paid, still to be paid, or refused (not paid). */
  settlement?: InvoiceSettlement;
  reference?: string | null;
  /** The brand, billed. */
  program: { name: string; legalName?: string; addressLines: string[]; email: string };
  /** The partner, who is paid. */
  partner: { name: string; email: string; paypalEmail: string; addressLines: string[] };
  lines: InvoiceLine[];
  /** The sum of the lines; a document whose lines add up to something else is refused. */
  totalCents: number;
  /** The program's time zone, its days are the document's (decisions/054); UTC when not given. */
  timeZone?: string;
}

const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', fr: 'fr-CA' };

const ACCENT = '#f26b3a';
const INK = '#1f1b16';
const MUTED = '#6b6158';
const RULE = '#e4ded7';

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

// US Letter, the paper of a Canadian office.
const MARGIN = 50;
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
// Content stops here; the page number sits below it, inside pdfkit's own (smaller) bottom margin,
// so that pdfkit never starts a page on its own.
const CONTENT_BOTTOM = PAGE_HEIGHT - 64;
const FOOTER_Y = PAGE_HEIGHT - 44;

const TABLE_SIZE = 8.5;
const CELL_PAD = 4.5;
// Order, date, product, kind, amount.
const COLUMNS: { width: number; align: 'left' | 'right' }[] = [
  { width: 76, align: 'left' },
  { width: 70, align: 'left' },
  { width: 162, align: 'left' },
  { width: 128, align: 'left' },
  { width: 76, align: 'right' },
];
const GUTTER = 8;

// The standard PDF fonts speak WinAnsi (Latin-1 and a few typographic signs): every accent of
// French is there, but not the narrow no-break space of fr-CA numbers nor a true minus sign.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const inWinAnsi = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

/** Text the standard fonts can draw: spaces and minus signs made plain, other letters stripped of what they lack. */
export function winAnsiText(text: string): string {
  let out = '';
  for (const ch of text
    .replace(/[\u202f\u2007]/g, '\u00a0')
    .replace(/[\s\u2000-\u200a]/g, (s) => (s === '\u00a0' ? s : ' '))
    .replace(/\u2212/g, '-')) {
    if (inWinAnsi(ch)) out += ch;
    else {
      // "ł" has no decomposition, "ő" does: keep the letter when Latin-1 holds its base.
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every(inWinAnsi) ? base : '?';
    }
  }
  return out;
}

interface Words {
  t: TFunction<'invoice'>;
  money: (cents: number) => string;
  date: (iso: string) => string;
  kind: Record<InvoiceLine['kind'], string>;
}

function words(doc: InvoiceDocument): Words & { locale: Locale } {
  const locale: Locale = isLocale(doc.locale) ? doc.locale : DEFAULT_LOCALE;
  const t = i18n.getFixedT(locale, 'invoice');
  const moneyFormat = new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: 'currency',
    currency: doc.currency,
    // "1 234,56 $", not "1 234,56 $ US": the total names the currency once.
    currencyDisplay: 'narrowSymbol',
  });
  // Days are the program's time zone's (docs/product/commissions.md#calendar, docs/decisions/054-program-calendar.md),
  // the same on every server and for every reader.
  const dateFormat = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'medium',
    timeZone: doc.timeZone ?? 'UTC',
  });
  return {
    locale,
    t,
    money: (cents) => winAnsiText(moneyFormat.format(cents / 100)),
    date: (iso) => winAnsiText(dateFormat.format(new Date(iso))),
    kind: {
      sale: t('kinds.sale'),
      referral: t('kinds.referral'),
      marketplace: t('kinds.marketplace'),
      bonus: t('kinds.bonus'),
      adjustment: t('kinds.adjustment'),
    },
  };
}

/** Renders the invoice; the promise holds the whole file. */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const sum = invoice.lines.reduce((s, line) => s + line.amountCents, 0);
  if (sum !== invoice.totalCents) {
    throw new Error(`Invoice ${invoice.number}: the lines add up to ${sum} cents, not ${invoice.totalCents}`);
  }
  // Loaded on the first invoice, not at start: pdfkit and its font machinery hold about 5 MB of
  // heap, which a server that never renders an invoice should not carry (docs/performance.md).
  const { default: PDFDocument } = await import('pdfkit');
  const w = words(invoice);
  const issued = new Date(invoice.issuedAt);
  const pdf = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 24 },
    bufferPages: true,
    autoFirstPage: true,
    lang: INTL_LOCALE[w.locale],
    displayTitle: true,
    info: {
      Title: invoice.number,
      Author: invoice.program.name,
      Subject: `${w.t('title')} ${invoice.number}`,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  drawInvoice(pdf, invoice, w);
  decoratePages(pdf, invoice, w);
  pdf.end();
  return done;
}

type Pdf = PDFKit.PDFDocument;

/** Draws `text` at (x, y) in a box `width` wide; answers the y below it. */
function put(
  pdf: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  options: { font?: string; size?: number; color?: string; align?: 'left' | 'right' } = {},
): number {
  pdf
    .font(options.font ?? REGULAR)
    .fontSize(options.size ?? 9.5)
    .fillColor(options.color ?? INK);
  const safe = winAnsiText(text);
  pdf.text(safe, x, y, { width, align: options.align ?? 'left', lineGap: 1.5 });
  return y + pdf.heightOfString(safe, { width, lineGap: 1.5 });
}

function rule(pdf: Pdf, y: number, color = RULE, width = 0.5, x = MARGIN, length = CONTENT_WIDTH) {
  pdf
    .moveTo(x, y)
    .lineTo(x + length, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
}

function drawInvoice(pdf: Pdf, invoice: InvoiceDocument, w: Words) {
  const { t } = w;
  let y = MARGIN;

  // Title and program on the left, the invoice's facts on the right.
  const titleBottom = put(pdf, t('title'), MARGIN, y, 260, { font: BOLD, size: 26 });
  const brandBottom = put(pdf, invoice.program.name, MARGIN, titleBottom + 2, 260, {
    font: BOLD,
    size: 10,
    color: ACCENT,
  });
  const facts: [string, string][] = [
    [t('meta.number'), invoice.number],
    [t('meta.date'), w.date(invoice.issuedAt)],
  ];
  if (invoice.statusLabel) facts.push([t('meta.status'), invoice.statusLabel]);
  if (invoice.paidAt) facts.push([t('meta.paid_at'), w.date(invoice.paidAt)]);
  if (invoice.reference) facts.push([t('meta.reference'), invoice.reference]);
  let factY = y + 4;
  for (const [label, value] of facts) {
    put(pdf, label, 322, factY, 110, { size: 8.5, color: MUTED });
    factY = Math.max(
      factY + 13,
      put(pdf, value, 432, factY, 130, { font: BOLD, size: 9, align: 'right' }) + 3,
    );
  }
  y = Math.max(brandBottom, factY) + 18;
  rule(pdf, y);
  y += 18;

  // The partner bills the program.
  const partnerLines = [...invoice.partner.addressLines];
  if (invoice.partner.email.toLowerCase() !== invoice.partner.paypalEmail.toLowerCase()) {
    partnerLines.push(t('parties.email', { email: invoice.partner.email }));
  }
  partnerLines.push(t('parties.paypal', { email: invoice.partner.paypalEmail }));
  const programLines = [...invoice.program.addressLines, invoice.program.email];
  const programName = [invoice.program.name];
  if (invoice.program.legalName && invoice.program.legalName !== invoice.program.name)
    programName.push(invoice.program.legalName);
  const party = (x: number, label: string, names: string[], lines: string[]) => {
    let py = put(pdf, label.toUpperCase(), x, y, 240, { font: BOLD, size: 7.5, color: MUTED }) + 5;
    names.forEach((name, i) => {
      py = put(pdf, name, x, py, 240, { font: i === 0 ? BOLD : REGULAR, size: i === 0 ? 11 : 9.5 }) + 1;
    });
    for (const line of lines) py = put(pdf, line, x, py, 240, { size: 9.5, color: MUTED });
    return py;
  };
  y =
    Math.max(
      party(MARGIN, t('parties.from'), [invoice.partner.name], partnerLines),
      party(322, t('parties.bill_to'), programName, programLines),
    ) + 28;

  // The table: earnings first, then the adjustments that take back what was paid before.
  const earnings = invoice.lines.filter((line) => line.kind !== 'adjustment');
  const adjustments = invoice.lines.filter((line) => line.kind === 'adjustment');
  const header = () => {
    const cells = [
      t('columns.order'),
      t('columns.date'),
      t('columns.product'),
      t('columns.kind'),
      t('columns.amount'),
    ];
    y = drawRow(pdf, cells, y, { font: BOLD, color: MUTED });
    rule(pdf, y, INK, 0.75);
  };
  const newPage = () => {
    pdf.addPage();
    y =
      put(pdf, t('continued', { number: invoice.number }), MARGIN, MARGIN, CONTENT_WIDTH, {
        size: 9,
        color: MUTED,
      }) + 14;
  };
  header();
  const row = (line: InvoiceLine) => {
    const order =
      line.orderNumber ??
      (line.kind === 'marketplace'
        ? t('no_order.marketplace')
        : line.kind === 'bonus'
          ? t('no_order.bonus')
          : t('no_order.other'));
    const cells = [
      order,
      w.date(line.date),
      line.product ?? '',
      w.kind[line.kind],
      w.money(line.amountCents),
    ];
    const height = rowHeight(pdf, cells, REGULAR);
    if (y + height > CONTENT_BOTTOM) {
      newPage();
      header();
    }
    y = drawRow(pdf, cells, y, { font: REGULAR, color: INK });
    rule(pdf, y);
  };
  earnings.forEach(row);
  if (adjustments.length) {
    const label = winAnsiText(t('adjustments'));
    pdf.font(BOLD).fontSize(TABLE_SIZE);
    const labelHeight = pdf.heightOfString(label) + 2 * CELL_PAD + 6;
    // The section's name stays with its first row.
    if (y + labelHeight + rowHeight(pdf, ['x'], REGULAR) > CONTENT_BOTTOM) {
      newPage();
      header();
    }
    y = put(pdf, label, MARGIN, y + CELL_PAD + 6, CONTENT_WIDTH, { font: BOLD, size: TABLE_SIZE }) + CELL_PAD;
    rule(pdf, y);
    adjustments.forEach(row);
  }

  // Totals, kept together, right-aligned under the amounts.
  const sumOf = (lines: InvoiceLine[]) => lines.reduce((s, line) => s + line.amountCents, 0);
  // Two rows, the rule and the total, with their spacing (measured: about 83 points).
  if (y + 90 > CONTENT_BOTTOM) newPage();
  y += 14;
  const labelX = 300;
  const labelWidth = 176;
  const amountX = labelX + labelWidth;
  const amountWidth = MARGIN + CONTENT_WIDTH - amountX;
  const totalRow = (label: string, cents: number, strong = false) => {
    const size = strong ? 12 : 9.5;
    const font = strong ? BOLD : REGULAR;
    put(pdf, label, labelX, y, labelWidth, { font, size, color: strong ? INK : MUTED });
    y = put(pdf, w.money(cents), amountX, y, amountWidth, { font, size, align: 'right' }) + 6;
  };
  totalRow(t('totals.earnings'), sumOf(earnings));
  totalRow(t('totals.adjustments'), sumOf(adjustments));
  y += 2;
  rule(pdf, y, ACCENT, 1.25, labelX, MARGIN + CONTENT_WIDTH - labelX);
  y += 8;
  totalRow(t('totals.total', { currency: invoice.currency }), invoice.totalCents, true);

  y += 18;
  // The closing line says what happened to the money: "paid to" only once it is
  // (docs/product/payouts.md#invoices).
  const settlement = invoice.settlement ?? (invoice.paidAt ? 'paid' : 'to_be_paid');
  const note = t(`note.${settlement}`, {
    partner: invoice.partner.name,
    program: invoice.program.name,
    paypal: invoice.partner.paypalEmail,
  });
  pdf.font(REGULAR).fontSize(8.5);
  if (y + pdf.heightOfString(winAnsiText(note), { width: CONTENT_WIDTH }) > CONTENT_BOTTOM) newPage();
  put(pdf, note, MARGIN, y, CONTENT_WIDTH, { size: 8.5, color: MUTED });
}

function rowHeight(pdf: Pdf, cells: string[], font: string): number {
  pdf.font(font).fontSize(TABLE_SIZE);
  const heights = cells.map((cell, i) =>
    pdf.heightOfString(winAnsiText(cell) || ' ', { width: COLUMNS[i]!.width - GUTTER }),
  );
  return Math.max(...heights) + 2 * CELL_PAD;
}

/** One table row from y; answers the y below it. */
function drawRow(pdf: Pdf, cells: string[], y: number, style: { font: string; color: string }): number {
  const height = rowHeight(pdf, cells, style.font);
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!;
    // Text columns keep the gutter on their right, the amount on its left.
    const textX = column.align === 'right' ? x + GUTTER : x;
    pdf.font(style.font).fontSize(TABLE_SIZE).fillColor(style.color);
    pdf.text(winAnsiText(cell), textX, y + CELL_PAD, { width: column.width - GUTTER, align: column.align });
    x += column.width;
  });
  return y + height;
}

/** What every page carries: a thin band of the brand's colour on top, the page number below. */
function decoratePages(pdf: Pdf, invoice: InvoiceDocument, w: Words) {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    pdf.rect(0, 0, PAGE_WIDTH, 4).fill(ACCENT);
    rule(pdf, FOOTER_Y - 8);
    pdf.font(REGULAR).fontSize(8).fillColor(MUTED);
    pdf.text(winAnsiText(`${invoice.program.name} · ${invoice.number}`), MARGIN, FOOTER_Y, {
      width: CONTENT_WIDTH / 2,
      lineBreak: false,
    });
    pdf.text(
      winAnsiText(w.t('page', { page: i - start + 1, pages: count })),
      MARGIN + CONTENT_WIDTH / 2,
      FOOTER_Y,
      {
        width: CONTENT_WIDTH / 2,
        align: 'right',
        lineBreak: false,
      },
    );
  }
}
