import { describe, expect, it } from 'vitest';
import { fittedSize } from './fit-text';

describe('the size a figure is shrunk to', () => {
  it('leaves a figure that fits as it is', () => {
    expect(fittedSize(30, 120, 120)).toBeNull();
    expect(fittedSize(30, 80, 120)).toBeNull();
    // Not laid out yet (no width): nothing to fit.
    expect(fittedSize(30, 120, 0)).toBeNull();
  });

  it('shrinks a wider one in proportion, a hair under, never below 11 px', () => {
    expect(fittedSize(30, 200, 100)).toBe(14.9);
    expect(fittedSize(24, 240, 239)).toBeLessThan(24);
    expect(fittedSize(24, 1000, 100)).toBe(11);
  });
});
