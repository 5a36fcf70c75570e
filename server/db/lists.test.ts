import { describe, expect, it } from 'vitest';
import { padInList, powerOfTwoSlices } from './lists';

describe('lists bound into SQL', () => {
  it('pads an in-list to the next power of two with its last value', () => {
    expect(padInList([])).toEqual([]);
    expect(padInList([7])).toEqual([7]);
    expect(padInList([1, 2, 3])).toEqual([1, 2, 3, 3]);
    expect(padInList([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
  });

  it('slices rows into whole power-of-two lengths, largest first, every row once', () => {
    const rows = Array.from({ length: 300 }, (_, i) => i);
    const slices = powerOfTwoSlices(rows);
    expect(slices.map((s) => s.length)).toEqual([128, 128, 32, 8, 4]);
    expect(slices.flat()).toEqual(rows);
    // A maximum that is not a power of two is taken down to one (25 → 16), never a fraction.
    const odd = powerOfTwoSlices(rows.slice(0, 40), 25);
    expect(odd.map((s) => s.length)).toEqual([16, 16, 8]);
    expect(odd.flat()).toEqual(rows.slice(0, 40));
  });
});
