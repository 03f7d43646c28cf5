import { sql, type Kysely } from 'kysely';

/**
 * The task search at 100,000 tasks. `LIKE '%word%'` over four columns reads every row; a trigram index (FTS5, in the
 * SQLite better-sqlite3 bundles) finds the tasks that contain a text of three or more characters. It indexes the
 * columns lower-cased the way LIKE compares them (ASCII letters only, as SQLite's lower() does) with a case-sensitive
 * tokenizer, so a phrase matches exactly the rows LIKE matches (db/sqlite/text-index.ts). Contentless: the text is in
 * crons. Triggers keep it as tasks change; status and run columns do not touch it.
 *
 * The page is then read in the order's index instead of sorting every match: an index per sortable column and
 * direction that the list is often sorted by, each followed by the default order so it serves the whole ORDER BY.
 *
 * The logs page asks how the run behind each of a folder's 1,000 logs ended: job_runs_log_path found the rows, which
 * then had to be read one by one from across the table (a run every few thousand rows per task). The index now
 * carries what is asked, so a folder's runs are read from a few adjacent index pages.
 *
 * The overview at millions of runs: the run counters of 0010 become WITHOUT ROWID tables (a range of slices or days
 * is then read from the key's own pages instead of one row lookup per entry; each upsert writes one b-tree, not two),
 * and the failures get an index of their own (the tasks that failed in the last day: a few thousand entries, not
 * every run of the day). Its condition is written out in the queries (Phrases.runFailed): SQLite uses a partial
 * index only for a condition it can see is the index's own; with "end" second it also wins over job_runs_finished.
 */
const indexed = ['name', 'command', 'schedule', 'labels'] as const;
const lowered = (row: 'new' | 'old') => indexed.map((c) => `lower(${row}.${c})`).join(', ');

/** The default order (crons_default_order) after the sort column, without the column itself. */
const defaultOrder = ['is_pinned desc', 'is_disabled', 'status', 'created_at desc'];
const sortColumns = ['name', 'created_at', 'status', 'last_execution_time'] as const;
const indexName = (column: string, direction: 'asc' | 'desc') => `crons_by_${column}_${direction}`;

const counters = {
  run_slices: `kind text not null, start integer not null, runs integer not null, failed integer not null,
    primary key (kind, start)`,
  run_days: `kind text not null, day integer not null, ref_id integer not null, runs integer not null,
    failed integer not null, timed integer not null, total_ms integer not null, max_ms integer not null,
    primary key (kind, day, ref_id)`,
};

/** Rebuilds a counter table without rowid, its rows and the triggers that write it (0010's, kept verbatim) kept. */
async function rebuildCounters(db: Kysely<unknown>, withoutRowid: boolean): Promise<void> {
  const triggers = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'trigger' and tbl_name = 'job_runs' and name like 'job_runs_ended_%'`.execute(db);
  for (const trigger of triggers.rows) await sql`drop trigger ${sql.id(trigger.name)}`.execute(db);
  for (const [table, columns] of Object.entries(counters)) {
    await sql.raw(`create table ${table}_next (${columns})${withoutRowid ? ' without rowid' : ''}`).execute(db);
    await sql.raw(`insert into ${table}_next select * from ${table}`).execute(db);
    await sql.raw(`drop table ${table}`).execute(db);
    await sql.raw(`alter table ${table}_next rename to ${table}`).execute(db);
  }
  for (const trigger of triggers.rows) await sql.raw(trigger.sql).execute(db);
}

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

  await rebuildCounters(db, true);
  await sql`create index job_runs_failed on job_runs (kind, "end", finished_at, ref_id)
    where "end" in ('failed', 'timeout')`.execute(db);

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
  await db.schema.dropIndex('job_runs_failed').execute();
  await rebuildCounters(db, false);
  await db.schema.dropIndex('job_runs_log_path').execute();
  await db.schema.createIndex('job_runs_log_path').on('job_runs').column('log_path').execute();
  for (const trigger of ['insert', 'delete', 'update']) await sql.raw(`drop trigger crons_text_${trigger}`).execute(db);
  await sql`drop table crons_text`.execute(db);
}
