// A query built with Kysely once and then run many times with new values. Building and compiling a
// query costs more than SQLite takes to run a small indexed one (a CPU profile of a staff request
// spent most of its guard in Kysely's builder: node cloning, freezing, parsing references), so the
// reads every request makes (the session behind a token) keep their compiled text and only bind
// new values. The text is the same one Kysely writes, so statement caches reuse it too.
// Measured (docs/performance-log.md, 2026-11-26): with fewer statements per order, server CPU per ingested
// order ×0.58 in paired runs; in process, a partner's page 536 → 211 µs. No bench figure of this alone.
import { CompiledQuery, sql } from 'kysely';
import type { Compilable, RawBuilder } from 'kysely';
import { dialectOf } from './dialect';
import type { DialectName } from './dialect';
import type { Db } from './index';

/** Where each bound parameter comes from: an argument of the call, or a value fixed in the query. */
type Slot = { arg: number } | { value: unknown };

interface Plan {
  sql: string;
  slots: Slot[];
}

/** A query built with Kysely's builder, or plain SQL written with its `sql` tag. */
type Buildable<Row> = Compilable<Row> | RawBuilder<Row>;

const compileOn = <Row>(db: Db, query: Buildable<Row>): CompiledQuery<Row> =>
  'isRawBuilder' in query ? query.compile(db) : query.compile();

/**
 * Wraps `build` so that it is compiled once per dialect (the text depends on nothing else: not on
 * the database, nor on the transaction it runs in) and then
 * run with the call's arguments bound where the build put them. `build` must pass each argument to
 * the query as a value only (a `where` operand, a `values` entry), never use it in JavaScript: at
 * compile time the arguments are stand-in objects.
 */
export function prepared<Args extends unknown[], Row>(
  arity: number,
  build: (db: Db, ...args: Args) => Buildable<Row>,
) {
  const plans = new Map<DialectName, Plan>();
  const planOf = (db: Db): Plan => {
    const dialect = dialectOf(db);
    let plan = plans.get(dialect);
    if (plan) return plan;
    const standIns = Array.from({ length: arity }, (_, arg) => ({ standInFor: arg }));
    const compiled = compileOn(db, build(db, ...(standIns as unknown as Args)));
    const slots = compiled.parameters.map((value): Slot => {
      const arg = standIns.indexOf(value as { standInFor: number });
      return arg >= 0 ? { arg } : { value };
    });
    // An argument that did not become a parameter would be silently ignored on every later run.
    for (let arg = 0; arg < arity; arg++) {
      if (!slots.some((slot) => 'arg' in slot && slot.arg === arg))
        throw new Error(`prepared query: argument ${arg} is not bound as a parameter`);
    }
    plan = { sql: compiled.sql, slots };
    plans.set(dialect, plan);
    return plan;
  };
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    const plan = planOf(db);
    const parameters = plan.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(plan.sql, parameters));
    return result.rows;
  };
}

/**
 * A query with one list of values (`where id in (...)`), compiled once per list length: the text
 * of `in (?, ?, ?)` depends on how many values there are. `max` bounds the texts kept (a longer
 * list is built anew each time, as Kysely does). `build` must pass each value as a value only.
 */
export function preparedList<Value, Row>(max: number, build: (db: Db, values: Value[]) => Compilable<Row>) {
  const byLength = new Map<number, (db: Db, ...values: Value[]) => Promise<Row[]>>();
  return async (db: Db, values: Value[]): Promise<Row[]> => {
    if (values.length > max) return (await db.executeQuery<Row>(build(db, values).compile())).rows;
    let run = byLength.get(values.length);
    if (!run) {
      run = prepared(values.length, (d: Db, ...args: Value[]) => build(d, args));
      byLength.set(values.length, run);
    }
    return run(db, ...values);
  };
}

/**
 * A LIMIT written into the SQL's text, for SQL written with Kysely's `sql` tag (the builder's
 * `.limit(n)` is written so on SQLite already, db/sqlite-dialect.ts): SQLite prepares a statement
 * again on every run when its LIMIT is bound.
 */
export function literalLimit(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a row count: ${value}`);
  return sql.lit(value);
}

/**
 * `prepared` once per value of its first argument, which `build` writes into the SQL's text: a
 * LIMIT (a page's length), which must not be bound (db/sqlite-dialect.ts) and so cannot be an
 * argument of a query compiled once. At most `max` texts are kept, the oldest forgotten first.
 */
export function preparedPer<Args extends unknown[], Row>(
  arity: number,
  build: (db: Db, key: number, ...args: Args) => Buildable<Row>,
  max = 16,
) {
  const byKey = new Map<number, (db: Db, ...args: Args) => Promise<Row[]>>();
  return async (db: Db, key: number, ...args: Args): Promise<Row[]> => {
    let run = byKey.get(key);
    if (!run) {
      run = prepared(arity, (d: Db, ...rest: Args) => build(d, key, ...rest));
      // Past `max` values (a page's length is the caller's choice), the oldest goes first.
      if (byKey.size >= max) byKey.delete(byKey.keys().next().value!);
      byKey.set(key, run);
    }
    return run(db, ...args);
  };
}
