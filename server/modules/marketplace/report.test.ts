import { describe, expect, it } from 'vitest';
import { parseAssociatesReport } from './report';

describe('Associates report parsing', () => {
  it('finds columns by name, reads ISO and US dates, dollars with separators, and refuses impossible dates', () => {
    const text = [
      'Tracking ID\tDate Shipped\tName\tRevenue($)\tItems Shipped',
      'me-20\t10/3/2026\tACV\t$1,049.50\t21',
      'me-20\t2026-02-30\tACV\t10.00\t1',
      'me-20\t2026-10-04 08:00:00\tACV\t10\t1',
      '\t2026-10-04\tACV\t10\t1',
    ].join('\r\n');
    const { rows, problems } = parseAssociatesReport(text);
    expect(rows).toEqual([
      {
        line: 2,
        trackingId: 'me-20',
        product: 'ACV',
        date: '2026-10-03',
        items: 21,
        revenueCents: 104950,
        revenueText: '$1,049.50',
      },
      {
        line: 4,
        trackingId: 'me-20',
        product: 'ACV',
        date: '2026-10-04',
        items: 1,
        revenueCents: 1000,
        revenueText: '10',
      },
    ]);
    expect(problems).toEqual([
      { line: 3, reason: 'date', value: '2026-02-30' },
      { line: 5, reason: 'tracking_id' },
    ]);
  });

  it('names the columns a report lacks as Amazon heads them', () => {
    expect(parseAssociatesReport('Tracking ID\tName\nx-20\tACV').problems).toEqual([
      { line: 1, reason: 'missing_columns', value: 'Date Shipped, Items Shipped, Revenue($)' },
    ]);
  });

  it('rejects numbers no sale has, and quotes a long cell shortened', () => {
    const text = [
      'Tracking ID\tDate Shipped\tName\tRevenue($)\tItems Shipped',
      'me-20\t2026-10-03\tACV\t10.00\t99999999999999999999',
      'me-20\t2026-10-03\tACV\t99999999999.00\t1',
      `me-20\t${'x'.repeat(500)}\tACV\t10.00\t1`,
    ].join('\n');
    const { rows, problems } = parseAssociatesReport(text);
    expect(rows).toEqual([]);
    expect(problems.map((p) => [p.line, p.reason])).toEqual([
      [2, 'items'],
      [3, 'amount'],
      [4, 'date'],
    ]);
    expect(problems[2]!.value).toBe(`${'x'.repeat(79)}…`);
  });
});

// The Associates "Fee-Earnings" report as Amazon gives it (issue 29, item 5): a title line, then
// the header, as tab- or comma-separated text; the CSV quotes a cell that holds a comma or a quote.
const TITLE = 'Fee-Earnings reports from 11-01-2026 to 11-30-2026';
const COLUMNS = [
  'Category',
  'Name',
  'ASIN',
  'Seller',
  'Tracking ID',
  'Date Shipped',
  'Price($)',
  'Items Shipped',
  'Returns',
  'Revenue($)',
  'Ad Fees($)',
  'Device Type Group',
  'Direct',
];

describe('Associates reports as tab- or comma-separated text', () => {
  it('reads a comma-separated report: quoted cells, commas and doubled quotes inside them, a title line first', () => {
    const text = [
      TITLE,
      COLUMNS.join(','),
      'Health,"Sunbite ACV Gummies, 60 Count",B0CSB1ACV1,Amazon.com,me-20,2026-11-03 10:21:12,24.99,2,0,49.98,4.99,DESKTOP,Y',
      '"Health","Sunbite ""Calm"" Bites","B0CSB9CLM9","Amazon.com","me-20","11/5/2026","1,049.50","1","0","1,049.50","104.95","PHONE","N"',
      'Health,Sunbite Sleep,B0CSB6SLP6,Amazon.com,,2026-11-06,19.99,1,0,19.99,2.00,PHONE,Y',
      '',
    ].join('\n');
    const { rows, problems } = parseAssociatesReport(text);
    expect(rows).toEqual([
      {
        line: 3,
        trackingId: 'me-20',
        product: 'Sunbite ACV Gummies, 60 Count',
        date: '2026-11-03',
        items: 2,
        revenueCents: 4998,
        revenueText: '49.98',
      },
      {
        line: 4,
        trackingId: 'me-20',
        product: 'Sunbite "Calm" Bites',
        date: '2026-11-05',
        items: 1,
        revenueCents: 104950,
        revenueText: '1,049.50',
      },
    ]);
    expect(problems).toEqual([{ line: 5, reason: 'tracking_id' }]);
  });

  it('reads the tab-separated report as before, whatever else its title line holds', () => {
    const text = [
      'Fee-Earnings reports from 11-01-2026 to 11-30-2026, all tracking IDs',
      COLUMNS.join('\t'),
      'Health\tSunbite ACV Gummies, 60 Count\tB0CSB1ACV1\tAmazon.com\tme-20\t2026-11-03\t24.99\t2\t0\t$1,049.50\t4.99\tDESKTOP\tY',
    ].join('\n');
    expect(parseAssociatesReport(text)).toMatchObject({
      rows: [
        {
          line: 3,
          product: 'Sunbite ACV Gummies, 60 Count',
          date: '2026-11-03',
          items: 2,
          revenueCents: 104950,
        },
      ],
      problems: [],
    });
  });

  it('reads a file with a byte-order mark and CRLF line ends, in either layout', () => {
    for (const separator of [',', '\t']) {
      const text = `\uFEFF${[TITLE, COLUMNS.join(separator), ['Health', 'Sunbite Sleep', 'B0CSB6SLP6', 'Amazon.com', 'me-20', '2026-11-06', '19.99', '1', '0', '19.99', '2.00', 'PHONE', 'Y'].join(separator)].join('\r\n')}\r\n`;
      const { rows, problems } = parseAssociatesReport(text);
      expect(problems).toEqual([]);
      // No carriage return left at the end of the last cell, none in the product.
      expect(rows).toEqual([
        {
          line: 3,
          trackingId: 'me-20',
          product: 'Sunbite Sleep',
          date: '2026-11-06',
          items: 1,
          revenueCents: 1999,
          revenueText: '19.99',
        },
      ]);
    }
    // The header quoted, a byte-order mark before the title.
    const quoted = `\uFEFF"${TITLE}"\r\n${COLUMNS.map((c) => `"${c}"`).join(',')}\r\n"Health","Sunbite Sleep","B0CSB6SLP6","Amazon.com","me-20","2026-11-06","19.99","1","0","19.99","2.00","PHONE","Y"\r\n`;
    expect(parseAssociatesReport(quoted).rows).toHaveLength(1);
  });

  it('refuses a line whose quotation mark is never closed, and reads the next one', () => {
    const text = [
      COLUMNS.join(','),
      'Health,"Sunbite Sleep,B0CSB6SLP6,Amazon.com,me-20,2026-11-06,19.99,1,0,19.99,2.00,PHONE,Y',
      'Health,Sunbite Sleep,B0CSB6SLP6,Amazon.com,me-20,2026-11-06,19.99,1,0,19.99,2.00,PHONE,Y',
    ].join('\n');
    const { rows, problems } = parseAssociatesReport(text);
    expect(problems).toEqual([{ line: 2, reason: 'quote' }]);
    expect(rows.map((r) => r.line)).toEqual([3]);
  });

  it('reads negative revenue, a return, as written: with the sign before or after the dollar sign', () => {
    const text = [
      COLUMNS.join('\t'),
      'Health\tSunbite Sleep\tB0CSB6SLP6\tAmazon.com\tme-20\t2026-11-06\t19.99\t0\t1\t-19.99\t-2.00\tPHONE\tY',
      'Health\tSunbite Sleep\tB0CSB6SLP6\tAmazon.com\tme-20\t2026-11-06\t19.99\t0\t1\t-$1,019.99\t-2.00\tPHONE\tY',
      'Health\tSunbite Sleep\tB0CSB6SLP6\tAmazon.com\tme-20\t2026-11-06\t19.99\t0\t1\t$-5\t-2.00\tPHONE\tY',
    ].join('\n');
    expect(parseAssociatesReport(text).rows.map((r) => r.revenueCents)).toEqual([-1999, -101999, -500]);
  });
});

describe('decimal commas in amounts', () => {
  const line = (revenue: string, separator = '\t') =>
    [
      'Health',
      'Sunbite Sleep',
      'B0CSB6SLP6',
      'Amazon.com',
      'me-20',
      '2026-11-06',
      '19,99',
      '1',
      '0',
      revenue,
      '2,00',
      'PHONE',
      'Y',
    ].join(separator);

  it('reads them where the file leaves no doubt: tab-separated, every amount with a comma and two decimals', () => {
    const text = [
      TITLE,
      COLUMNS.join('\t'),
      line('24,99'),
      line('1.049,50'),
      line('-24,99'),
      line('12'),
    ].join('\n');
    const { rows, problems } = parseAssociatesReport(text);
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.revenueCents)).toEqual([2499, 104950, -2499, 1200]);
  });

  it('refuses them, with their reason, in a file whose amounts use both separators', () => {
    const text = [TITLE, COLUMNS.join('\t'), line('24,99'), line('24.99'), line('1,049'), line('24,9')].join(
      '\n',
    );
    const { rows, problems } = parseAssociatesReport(text);
    // Never 2,499.00: the comma is no thousands separator there.
    expect(problems).toEqual([
      { line: 3, reason: 'decimal_comma', value: '24,99' },
      { line: 6, reason: 'amount', value: '24,9' },
    ]);
    expect(rows.map((r) => [r.line, r.revenueCents])).toEqual([
      [4, 2499],
      [5, 104900],
    ]);
  });

  it('refuses them in a comma-separated file, where the comma also parts the cells', () => {
    // (Its other amounts quoted too, as a comma inside them requires.)
    const cells = (revenue: string) =>
      line(revenue, ',').replace(',19,99,', ',"19,99",').replace(',2,00,', ',"2,00",');
    const text = [TITLE, COLUMNS.join(','), cells('"24,99"'), cells('"1,049.50"')].join('\n');
    const { rows, problems } = parseAssociatesReport(text);
    expect(problems).toEqual([{ line: 3, reason: 'decimal_comma', value: '24,99' }]);
    expect(rows.map((r) => r.revenueCents)).toEqual([104950]);
  });
});

describe('shipped dates', () => {
  it('refuses a date after the last day the report can hold, and reads the US form with dashes', () => {
    const text = [
      COLUMNS.join('\t'),
      'Health\tSunbite Sleep\tB0CSB6SLP6\tAmazon.com\tme-20\t2026-12-01\t19.99\t1\t0\t19.99\t2.00\tPHONE\tY',
      'Health\tSunbite Sleep\tB0CSB6SLP6\tAmazon.com\tme-20\t2026-12-02 00:00:01\t19.99\t1\t0\t19.99\t2.00\tPHONE\tY',
      'Health\tSunbite Sleep\tB0CSB6SLP6\tAmazon.com\tme-20\t11-30-2026\t19.99\t1\t0\t19.99\t2.00\tPHONE\tY',
    ].join('\n');
    const { rows, problems } = parseAssociatesReport(text, { latestDate: '2026-12-01' });
    expect(rows.map((r) => [r.line, r.date])).toEqual([
      [2, '2026-12-01'],
      [4, '2026-11-30'],
    ]);
    expect(problems).toEqual([{ line: 3, reason: 'future_date', value: '2026-12-02 00:00:01' }]);
  });
});
