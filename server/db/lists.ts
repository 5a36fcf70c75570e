// Lists bound into `in (...)`: each length is its own SQL text, so its own prepared statement (one
// more preparation, and one more entry in the statement cache of db/index.ts, pushing out others).
// Padded to one of a few lengths, a list of any length runs one of a few statements, each
// prepared once. No bench figure yet (part of ingestion's ×0.58, docs/performance-log.md, 2026-11-26).

/**
 * `values` padded with its last element repeated to the next power of two (at least 1): for
 * `in (...)` only, where a repeated value changes nothing.
 */
export function padInList<T>(values: readonly T[]): T[] {
  if (values.length === 0) return [];
  let size = 1;
  while (size < values.length) size *= 2;
  const padded = [...values];
  while (padded.length < size) padded.push(values[values.length - 1]!);
  return padded;
}

/** `values` in slices whose lengths are powers of two (largest first, at most `max`): for multi-row inserts. */
export function powerOfTwoSlices<T>(values: readonly T[], max = 128): T[][] {
  // The largest power of two not over `max`: halving it must give whole lengths.
  let largest = 1;
  while (largest * 2 <= max) largest *= 2;
  const slices: T[][] = [];
  let at = 0;
  while (at < values.length) {
    let size = largest;
    while (size > values.length - at) size /= 2;
    slices.push(values.slice(at, at + size));
    at += size;
  }
  return slices;
}
