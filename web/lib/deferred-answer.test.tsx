// The deferred answer of a dashboard widget: while React has not yet rendered the answer, the
// widget reads as still loading (its skeleton), never as failed or empty; then the answer.
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredAnswer } from './deferred-answer';

type State = { isPending: boolean; data: string[] | undefined };

function Probe({ query, seen }: { query: State; seen: State[] }) {
  seen.push(useDeferredAnswer(query));
  return null;
}

describe('useDeferredAnswer', () => {
  it('is pending, never failed, until the deferred render shows the answer', async () => {
    const seen: State[] = [];
    const { rerender } = render(<Probe query={{ isPending: true, data: undefined }} seen={seen} />);
    await act(async () => rerender(<Probe query={{ isPending: false, data: ['a'] }} seen={seen} />));
    // Every render until the answer is shown says pending: none shows "no data and not pending".
    expect(seen.every((state) => state.isPending || state.data !== undefined)).toBe(true);
    expect(seen.at(-1)).toEqual({ isPending: false, data: ['a'] });
  });

  it('shows an answer already cached on its first render, and a newer one after the deferred render', async () => {
    const seen: State[] = [];
    const { rerender } = render(<Probe query={{ isPending: false, data: ['cached'] }} seen={seen} />);
    expect(seen[0]).toEqual({ isPending: false, data: ['cached'] });
    await act(async () => rerender(<Probe query={{ isPending: false, data: ['newer'] }} seen={seen} />));
    // The urgent render keeps the previous answer; the deferred one shows the newer.
    expect(seen.map((state) => state.data?.[0])).toContain('cached');
    expect(seen.at(-1)).toEqual({ isPending: false, data: ['newer'] });
  });

  it('keeps a failure a failure (no answer, not pending)', async () => {
    const seen: State[] = [];
    await act(async () => {
      render(<Probe query={{ isPending: false, data: undefined }} seen={seen} />);
    });
    expect(seen.at(-1)).toEqual({ isPending: false, data: undefined });
  });
});
