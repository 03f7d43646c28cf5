import { sql, type Kysely } from 'kysely';

/**
 * The task search at 100,000 tasks. `LIKE '%word%'` over four columns reads every row; a trigram index (FTS5, in the
 * SQLite better-sqlite3 bundles) finds the tasks that contain a text of three or more characters. It indexes the
 * columns lower-cased the way LIKE compares them (ASCII letters only, as SQLite's lower() does) with a case-sensitive
 * tokenizer, so a phrase matches exactly the rows LIKE matches (db/text-index.ts). Contentless: the text is in crons.
 * Triggers keep it as tasks change; status and run columns do not touch it.
 *
 * The page is then read in the order's index instead of sorting every match: an index per sortable column and
 * direction that the list is often sorted by, each followed by the default order so it serves the whole ORDER BY.
 *
 * The logs page asks how the run behind each of a folder's 1,000 logs ended: job_runs_log_path found the rows, which
 * then had to be read one by one from across the table (a run every few thousand rows per task). The index now
 * carries what is asked, so a folder's runs are read from a few adjacent index pages.
 */
const indexed = ['name', 'command', 'schedule', 'labels'] as const;
const lowered = (row: 'new' | 'old') => indexed.map((c) => `lower(${row}.${c})`).join(', ');

/** The default order (crons_default_order) after the sort column, without the column itself. */
const defaultOrder = ['is_pinned desc', 'is_disabled', 'status', 'created_at desc'];
const sortColumns = ['name', 'created_at', 'status', 'last_execution_time'] as const;
const indexName = (column: string, direction: 'asc' | 'desc') => `crons_by_${column}_${direction}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create virtual table crons_text using fts5(${indexed.join(', ')},
        tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into crons_text (rowid, ${indexed.join(', ')}) select id, ${indexed.map((c) => `lower(${c})`).join(', ')}
       from crons`,
    )
    .execute(db);
  const insertNew = `insert into crons_text (rowid, ${indexed.join(', ')}) values (new.id, ${lowered('new')});`;
  await sql.raw(`create trigger crons_text_insert after insert on crons begin ${insertNew} end`).execute(db);
  await sql
    .raw(
      `create trigger crons_text_delete after delete on crons begin delete from crons_text where rowid = old.id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger crons_text_update after update of id, ${indexed.join(', ')} on crons
       begin delete from crons_text where rowid = old.id; ${insertNew} end`,
    )
    .execute(db);

  await db.schema.dropIndex('job_runs_log_path').execute();
  await db.schema
    .createIndex('job_runs_log_path')
    .on('job_runs')
    .columns(['log_path', 'end', 'exit_code', 'kind', 'ref_id'])
    .execute();

  for (const column of sortColumns) {
    for (const direction of ['asc', 'desc'] as const) {
      const rest = defaultOrder.filter((c) => c.split(' ')[0] !== column);
      await sql
        .raw(`create index ${indexName(column, direction)} on crons (${column} ${direction}, ${rest.join(', ')})`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of sortColumns) {
    for (const direction of ['asc', 'desc'] as const)
      await sql.raw(`drop index ${indexName(column, direction)}`).execute(db);
  }
  await db.schema.dropIndex('job_runs_log_path').execute();
  await db.schema.createIndex('job_runs_log_path').on('job_runs').column('log_path').execute();
  for (const trigger of ['insert', 'delete', 'update']) await sql.raw(`drop trigger crons_text_${trigger}`).execute(db);
  await sql`drop table crons_text`.execute(db);
}
