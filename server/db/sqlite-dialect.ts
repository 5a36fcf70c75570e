// SQLite (3.53 here) prepares a statement again on every run when its LIMIT is a bound parameter:
// the planner weighs the value, so a new binding expires the plan. That cost about as much as
// running a small indexed read (9 µs against 3.5 for a one-row read; 49 against 36 for a page of
// twenty, in process), and Kysely binds every `.limit(n)`, `.limit(1)` included. So on SQLite
// the compiler writes a whole-number LIMIT into the SQL's text (a bound OFFSET does not expire
// the plan). A limit is one of a few values per query (1, a page's length of at most 100, a
// batch size), so the statement cache holds a few texts where it held one.
// Those figures: docs/performance-log.md, 2026-11-26 (night), in process. The bench, at 1M orders,
// two alternating rounds (2026-12-07): the audit log 2,251 and 2,671 req/s with it, 1,914 and 2,445
// without; a partner's earnings 2,352 and 3,452 against 2,203 and 2,972.
import { SqliteDialect, SqliteQueryCompiler, ValueNode } from 'kysely';
import type { LimitNode } from 'kysely';

class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const value = ValueNode.is(node.limit) ? node.limit.value : undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) this.append(`limit ${value}`);
    else super.visitLimit(node);
  }
}

export class LiteralLimitSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): SqliteQueryCompiler {
    return new LiteralLimitCompiler();
  }
}
