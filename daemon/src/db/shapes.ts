/**
 * Statements built once per shape. Kysely builds and compiles every query anew (immutable builder nodes, a visitor
 * that writes the SQL): ≈20 µs of JavaScript a statement while the daemon's code is still cold, paid by each of the
 * few statements every run makes, and then TurboFan's time to optimize the builder during a burst of runs. A
 * statement of one shape (what it reads or changes, in which columns) is built here once, with a placeholder in
 * each value's place, and compiled once; afterwards only its values are bound, where the placeholders went. The SQL
 * is still the builder's, so it is still the dialect's.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Phrases } from './phrases.ts';

/** Stands in for the value `index` while a shape's statement is built. */
class Placeholder {
  constructor(readonly index: number) {}
}

/** A parameter of the compiled statement: the index of a value given at each run, or a constant of the shape. */
type Parameter = { value: number } | { constant: unknown };

export class StatementShapes {
  private readonly shapes = new Map<string, { sql: string; parameters: Parameter[] }>();

  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- shapes of any table of the schema
    private readonly db: Kysely<any>,
    private readonly phrases: Phrases,
  ) {}

  /**
   * The statement `build` makes for `shape` (called once per shape, with a placeholder for each of `values`), run
   * with `values`. A shape names everything that changes its SQL besides the values themselves.
   */
  async execute<R>(
    shape: string,
    values: readonly unknown[],
    build: (placeholders: unknown[]) => Compilable<R>,
  ): Promise<R[]> {
    let compiled = this.shapes.get(shape);
    if (!compiled) {
      compiled = this.compile(values.length, build);
      this.shapes.set(shape, compiled);
    }
    const parameters = compiled.parameters.map((p) => ('value' in p ? values[p.value] : p.constant));
    const { rows } = await this.db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    return rows;
  }

  /**
   * `update <table> set <changes> where id = <id>` (as the engine's `oneRowUpdate`: SQLite's needs no statement journal
   * for one row); its shape is the table and the columns that change.
   */
  async updateById(table: string, id: number, changes: Readonly<Record<string, unknown>>): Promise<void> {
    const columns = Object.keys(changes).filter((column) => changes[column] !== undefined);
    const values = [...columns.map((column) => changes[column]), id];
    await this.execute(`update ${table} set ${columns.join()}`, values, (placeholders) => {
      const query = this.db
        .updateTable(table)
        .set(Object.fromEntries(columns.map((column, i) => [column, placeholders[i]])))
        .where('id', '=', placeholders[columns.length]);
      return {
        compile: () => {
          const compiled = query.compile();
          return { ...compiled, sql: this.phrases.oneRowUpdate(compiled.sql) };
        },
      };
    });
  }

  /** `select * from <table> where id = <id>`. */
  async findById<R>(table: string, id: number): Promise<R | undefined> {
    const rows = await this.execute<R>(`find ${table}`, [id], ([placeholder]) =>
      this.db.selectFrom(table).selectAll().where('id', '=', placeholder),
    );
    return rows[0];
  }

  private compile(count: number, build: (placeholders: unknown[]) => Compilable<unknown>) {
    const placeholders = Array.from({ length: count }, (_, i) => new Placeholder(i));
    const query = build(placeholders).compile();
    const parameters = query.parameters.map((p): Parameter =>
      p instanceof Placeholder ? { value: p.index } : { constant: p },
    );
    const used = parameters.flatMap((p) => ('value' in p ? [p.value] : []));
    // Each value must be bound exactly once: a placeholder the builder copied or dropped would bind the wrong value.
    if (used.length !== count || new Set(used).size !== count) {
      throw new Error(
        `A statement shape must bind each of its ${count} values once, not [${used.join()}]: ${query.sql}`,
      );
    }
    return { sql: query.sql, parameters };
  }
}
