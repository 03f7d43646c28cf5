/**
 * Everything a data dir's database holds, as text: what a test searches for a secret that must never be stored as it
 * is. SQLite's file with its WAL, byte for byte; on the PostgreSQL pass, every row of every table of its database.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { knownDatabaseEnv } from './postgres.ts';

export async function storedText(dataDir: string): Promise<string> {
  const url = knownDatabaseEnv(dataDir).BAIHU_DATABASE_URL;
  if (!url) {
    return ['baihu.sqlite', 'baihu.sqlite-wal']
      .map((file) => {
        try {
          return readFileSync(path.join(dataDir, 'db', file)).toString('latin1');
        } catch {
          return '';
        }
      })
      .join('');
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const texts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await client.query<{ row: string }>(`select t::text as row from "${name.replace(/"/g, '""')}" t`);
      texts.push(...rows.rows.map((r) => r.row));
    }
    return texts.join('\n');
  } finally {
    await client.end();
  }
}
