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
      { line: 2, trackingId: 'me-20', product: 'ACV', date: '2026-10-03', items: 21, revenueCents: 104950 },
      { line: 4, trackingId: 'me-20', product: 'ACV', date: '2026-10-04', items: 1, revenueCents: 1000 },
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
