import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';

/**
 * Every row of every table, as text: two snapshots are equal when nothing in the database changed. Indexes kept in
 * virtual tables (the task search's trigram index) follow their tables and are left out. On PostgreSQL (no rowid)
 * each table's rows are in the order of their text.
 */
export async function databaseSnapshot(app: FastifyInstance, skip: string[] = []): Promise<Record<string, string>> {
  if (app.ctx.database.dialect === 'postgres') return postgresSnapshot(app, skip);
  const tables = await sql<{ name: string; wr: number }>`
    SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'
    ORDER BY name`.execute(app.ctx.db);
  const snapshot: Record<string, string> = {};
  for (const { name, wr } of tables.rows) {
    if (skip.includes(name)) continue;
    // A table WITHOUT ROWID (wr) is read in the order of its primary key, which is how it is stored.
    const order = wr ? sql`` : sql`ORDER BY rowid`;
    const rows = await sql`SELECT * FROM ${sql.table(name)} ${order}`.execute(app.ctx.db);
    snapshot[name] = JSON.stringify(rows.rows);
  }
  return snapshot;
}

async function postgresSnapshot(app: FastifyInstance, skip: string[]): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(app.ctx.db);
  const snapshot: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (skip.includes(name)) continue;
    const rows = await sql`select * from ${sql.table(name)}`.execute(app.ctx.db);
    snapshot[name] = JSON.stringify(rows.rows.map((row) => JSON.stringify(row)).sort());
  }
  return snapshot;
}

/** Path → size and content hash of every file under `dir` (folders skipped), to prove nothing was written. */
export function filesSnapshot(dir: string, skip: (relative: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const relative = path.relative(dir, full);
      if (skip(relative)) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const hash = createHash('sha256').update(readFileSync(full)).digest('hex').slice(0, 16);
        out[relative] = `${statSync(full).size}:${hash}`;
      }
    }
  };
  walk(dir);
  return out;
}
