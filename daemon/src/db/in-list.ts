import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * `column IN (values)` with the whole list bound as one JSON parameter. SQLite takes at most 32,766 parameters in one
 * statement, and a list bound value by value failed above that ("too many SQL variables"); json_each reads the list
 * inside SQLite, so the statement takes one parameter however long the list is. Use it for every list that comes
 * from a request or from a table.
 */
export function inList(
  column: string,
  values: readonly (number | string)[] | Int32Array,
  /** false: SQLite must not look the rows up by this column (a unary plus), so the ORDER BY's index leads. */
  leads = true,
): RawBuilder<SqlBool> {
  const list = JSON.stringify(values instanceof Int32Array ? Array.from(values) : values);
  const ref = leads ? sql.ref(column) : sql`+${sql.ref(column)}`;
  return sql<SqlBool>`${ref} in (select value from json_each(${list}))`;
}
