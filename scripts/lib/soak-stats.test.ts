import { describe, expect, it } from 'vitest';
import { KILL_MARGIN_MS, betweenMarkers, figuresOf, outcomeOf, percentile, repeats } from './soak-stats';
import type { KillWindow, Sample } from './soak-stats';

const kill: KillWindow = { node: 1, killedAt: 100_000, backAt: 110_000 };
const sample = (over: Partial<Sample>): Sample => ({
  action: 'reads',
  node: 0,
  at: 50_000,
  ms: 5,
  status: 200,
  ...over,
});

describe('soak figures', () => {
  it('counts only the killed node’s missing answers, while it was down, as expected', () => {
    expect(outcomeOf(sample({ node: 1, at: 105_000, status: 0, error: 'ECONNREFUSED' }), kill)).toBe(
      'expected',
    );
    // A request sent just before the kill, cut by it.
    expect(outcomeOf(sample({ node: 1, at: 99_990, ms: 20, status: 0, error: 'ECONNRESET' }), kill)).toBe(
      'expected',
    );
    // The same failure on a node that was up, or on the killed one long after it came back.
    expect(outcomeOf(sample({ node: 0, at: 105_000, status: 0 }), kill)).toBe('unexpected');
    expect(outcomeOf(sample({ node: 1, at: 110_000 + KILL_MARGIN_MS + 1, status: 0 }), kill)).toBe(
      'unexpected',
    );
    expect(outcomeOf(sample({ node: 1, at: 105_000, status: 0 }), undefined)).toBe('unexpected');
    // A 4xx is the server's answer, never the kill's.
    expect(outcomeOf(sample({ node: 1, at: 105_000, status: 400 }), kill)).toBe('unexpected');
  });

  it('counts the answers to the soak’s own races as conflicts, and redirects as successes', () => {
    expect(outcomeOf(sample({ status: 409 }), kill, [409, 422])).toBe('conflict');
    expect(outcomeOf(sample({ status: 409 }), kill)).toBe('unexpected');
    expect(outcomeOf(sample({ status: 302 }), kill)).toBe('ok');
  });

  it('sums each action: rate over the time, percentiles of the successes, errors by kind', () => {
    const samples = [
      ...Array.from({ length: 100 }, (_, i) => sample({ action: 'reads', ms: i + 1 })),
      sample({ action: 'reads', status: 500, ms: 1000 }),
      sample({ action: 'reads', node: 1, at: 105_000, status: 0, error: 'ECONNREFUSED' }),
      sample({ action: 'payouts', status: 201 }),
      sample({ action: 'payouts', status: 422 }),
    ];
    const [reads, payouts] = figuresOf(samples, 10, kill, (a) => (a === 'payouts' ? [422] : []));
    expect(reads).toMatchObject({
      action: 'reads',
      requests: 102,
      perSecond: 10.2,
      p50: 50,
      p95: 95,
      ok: 100,
      expected: 1,
      unexpected: 1,
      unexpectedBy: { '500': 1 },
    });
    expect(payouts).toMatchObject({ requests: 2, ok: 1, conflicts: 1, unexpected: 0 });
  });

  it('finds percentiles by nearest rank and the repeated items', () => {
    expect(percentile([], 0.5)).toBe(0);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect([...repeats(['a', 'b', 'a', 'c', 'a', 'b'])]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });

  it('writes its figures between its markers, leaving the rest of the document', () => {
    const doc = '# Performance\n\n## Soak\n\n<!-- soak -->\n\nold\n\n<!-- /soak -->\n\n## Later\n';
    expect(betweenMarkers(doc, 'soak', 'new')).toBe(
      '# Performance\n\n## Soak\n\n<!-- soak -->\n\nnew\n\n<!-- /soak -->\n\n## Later\n',
    );
    expect(betweenMarkers('# Performance\n', 'soak', 'new')).toBe(
      '# Performance\n\n<!-- soak -->\n\nnew\n\n<!-- /soak -->\n',
    );
  });
});
