import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * `column IN (values)` with the whole list bound as one JSON parameter. SQLite takes at most 32,766 parameters in one
 * statement, and a list bound value by value failed above that ("too many SQL variables"); json_each reads the list
 * inside SQLite, so the statement takes one parameter however long the list is. Use it for every list that comes
 * from a request or from a table.
 */
export function inList(column: string, values: readonly (number | string)[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}
