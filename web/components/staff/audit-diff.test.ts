import { describe, expect, it } from 'vitest';
import { diffStates, flattenState } from './audit-diff';

const rows = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  diffStates(before, after).map((row) => [row.path.join('.'), row.kind, row.before, row.after]);

describe('flattenState', () => {
  it('walks nested objects down to their values; a list of plain values is one value', () => {
    const flat = [
      ...flattenState({
        content: { en: { title: 'Hi', body: 'Text' } },
        tags: ['a', 'b'],
        tiers: [{ min: 0 }, { min: 25 }],
        empty: {},
      }).values(),
    ];
    expect(flat.map((f) => [f.path.join('.'), f.value])).toEqual([
      ['content.en.title', 'Hi'],
      ['content.en.body', 'Text'],
      ['tags', ['a', 'b']],
      ['tiers.1.min', 0],
      ['tiers.2.min', 25],
      ['empty', {}],
    ]);
  });
});

describe('diffStates', () => {
  it('names each field changed, kept, added or removed, in the order of the state before', () => {
    expect(
      rows(
        { status: 'active', content: { en: { title: 'Spring', body: 'Same' } }, note: 'Old note' },
        {
          status: 'suspended',
          content: { en: { title: 'Spring sale', body: 'Same' }, fr: { title: 'Soldes' } },
        },
      ),
    ).toEqual([
      ['status', 'changed', 'active', 'suspended'],
      ['content.en.title', 'changed', 'Spring', 'Spring sale'],
      ['content.en.body', 'same', 'Same', 'Same'],
      ['note', 'removed', 'Old note', undefined],
      ['content.fr.title', 'added', undefined, 'Soldes'],
    ]);
  });

  it('compares values, not their identity: equal lists and objects are the same, null is a value', () => {
    expect(rows({ tags: ['a'], rate: null, on: true }, { tags: ['a'], rate: 20, on: false })).toEqual([
      ['tags', 'same', ['a'], ['a']],
      ['rate', 'changed', null, 20],
      ['on', 'changed', true, false],
    ]);
  });

  it('lists a creation’s values as added and a deletion’s as removed', () => {
    expect(rows(null, { title: 'New', product: null })).toEqual([
      ['title', 'added', undefined, 'New'],
      ['product', 'added', undefined, null],
    ]);
    expect(rows({ title: 'Gone' }, null)).toEqual([['title', 'removed', 'Gone', undefined]]);
    expect(rows(null, null)).toEqual([]);
  });

  it('leaves out an empty state when the other side has fields', () => {
    expect(rows({}, { pitch: 440 })).toEqual([['pitch', 'added', undefined, 440]]);
    expect(rows({}, {})).toEqual([['', 'same', {}, {}]]);
  });
});
