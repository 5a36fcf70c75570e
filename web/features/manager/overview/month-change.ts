// This month against last month, as the overview's cards tell it.

export type Change = { kind: 'up' | 'down'; percent: number } | { kind: 'same' | 'new' | 'none' };

/** This month against last month: up or down by a whole percent, or why there is no percent. */
export function changeOf(now: number, before: number): Change {
  if (before <= 0) return now > 0 ? { kind: 'new' } : { kind: 'none' };
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return { kind: 'same' };
  return { kind: percent > 0 ? 'up' : 'down', percent: Math.abs(percent) };
}
