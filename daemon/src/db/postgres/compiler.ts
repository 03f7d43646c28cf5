import {
  PostgresDialect,
  PostgresQueryCompiler,
  RawNode,
  type OperationNode,
  type OrderByItemNode,
  type QueryCompiler,
} from 'kysely';

const isDescending = (direction: OperationNode | undefined) =>
  direction !== undefined && RawNode.is(direction) && direction.sqlFragments.join('').trim().toLowerCase() === 'desc';

/**
 * PostgreSQL's SQL as Kysely writes it, with SQLite's NULL order: NULLs first ascending, last descending (PostgreSQL's
 * default is the other way). Every query of the areas is written once for both engines, and a list sorted by a
 * column that may be empty (a task's last run) must come back in the same order on either; the baseline's indexes
 * are built in this order, so such an ORDER BY still reads an index (0016-baseline.ts). An explicit `nulls` stays.
 */
class SqliteNullOrderCompiler extends PostgresQueryCompiler {
  protected override visitOrderByItem(node: OrderByItemNode): void {
    super.visitOrderByItem(node);
    if (!node.nulls) this.append(isDescending(node.direction) ? ' nulls last' : ' nulls first');
  }
}

/** Kysely's PostgreSQL dialect with the compiler above. */
export class BaihuPostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SqliteNullOrderCompiler();
  }
}
