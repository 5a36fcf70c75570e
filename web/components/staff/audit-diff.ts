// Before and after of an audit line as rows a person reads: each field by its path
// (`content › en › title`), what it was and what it became, and whether it changed. Nested
// objects are walked down to their values; a list of plain values is one value.

/** An audit line's before or after: its fields by name. */
export type AuditState = Record<string, unknown>;

export type DiffKind = 'changed' | 'added' | 'removed' | 'same';

export interface DiffRow {
  /** The field's path from the top of the state. */
  path: string[];
  kind: DiffKind;
  /** Undefined when the field is not on that side. */
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/** The values of a state by path, in the state's own order. */
export function flattenState(
  value: unknown,
  path: string[] = [],
  out = new Map<string, { path: string[]; value: unknown }>(),
) {
  const nested =
    (isPlainObject(value) && Object.keys(value).length > 0) ||
    (Array.isArray(value) && value.length > 0 && !value.every(isScalar));
  if (!nested || path.length >= 8) {
    out.set(JSON.stringify(path), { path, value });
    return out;
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index + 1), item] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) flattenState(item, [...path, key], out);
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rows of a change: every field of either side, in the order of the state before, then
 * the fields only the state after has. A creation's fields are all `added`, a deletion's all
 * `removed`.
 */
export function diffStates(before: AuditState | null, after: AuditState | null): DiffRow[] {
  const was = before ? flattenState(before) : new Map<string, { path: string[]; value: unknown }>();
  const is = after ? flattenState(after) : new Map<string, { path: string[]; value: unknown }>();
  // An empty state on either side is one value (`{}`); leave it out when the other side has fields.
  if (was.size === 1 && was.has('[]') && is.size > 0 && !is.has('[]')) was.clear();
  if (is.size === 1 && is.has('[]') && was.size > 0 && !was.has('[]')) is.clear();
  const keys = [...was.keys()];
  for (const key of is.keys()) if (!was.has(key)) keys.push(key);
  return keys.map((key) => {
    const b = was.get(key);
    const a = is.get(key);
    const path = (b ?? a)!.path;
    if (!b) return { path, kind: 'added', before: undefined, after: a!.value };
    if (!a) return { path, kind: 'removed', before: b.value, after: undefined };
    return { path, kind: same(b.value, a.value) ? 'same' : 'changed', before: b.value, after: a.value };
  });
}
