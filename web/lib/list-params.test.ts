import { describe, expect, it } from 'vitest';
import { rangeQueryOf, readListParams } from './list-params';

const read = (search: string) => readListParams(new URLSearchParams(search));

describe('a list’s state in the address', () => {
  it('reads the page, the size and the range', () => {
    expect(read('?page=3&size=25&range=last_month')).toEqual({
      page: 3,
      size: 25,
      range: 'last_month',
      from: null,
      to: null,
    });
    expect(read('?range=custom&from=2026-11-01&to=2026-11-30')).toMatchObject({
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('reads the defaults without any', () => {
    expect(read('')).toEqual({ page: 1, size: 5, range: null, from: null, to: null });
  });

  it('reads any invalid part as its default, never as an error', () => {
    expect(read('?page=0&size=7&range=soon')).toEqual({
      page: 1,
      size: 5,
      range: null,
      from: null,
      to: null,
    });
    expect(read('?page=abc&size=100')).toMatchObject({ page: 1, size: 5 });
    expect(read('?page=2.5&size=-10')).toMatchObject({ page: 1, size: 5 });
    // 30 February is no day; the other end stays.
    expect(read('?range=custom&from=2026-02-30&to=2026-03-05')).toMatchObject({
      range: 'custom',
      from: null,
      to: '2026-03-05',
    });
    // Days the wrong way round are all time.
    expect(read('?range=custom&from=2026-12-01&to=2026-11-01')).toMatchObject({
      range: null,
      from: null,
      to: null,
    });
    // Days without `range=custom` mean nothing.
    expect(read('?from=2026-11-01')).toMatchObject({ range: null, from: null });
  });

  it('asks the API for a preset by name and custom days as days', () => {
    expect(rangeQueryOf({ range: null, from: null, to: null })).toEqual({});
    expect(rangeQueryOf({ range: 'last_90_days', from: null, to: null })).toEqual({ range: 'last_90_days' });
    expect(rangeQueryOf({ range: 'custom', from: '2026-11-01', to: null })).toEqual({ from: '2026-11-01' });
    expect(rangeQueryOf({ range: 'custom', from: null, to: null })).toEqual({});
  });
});
