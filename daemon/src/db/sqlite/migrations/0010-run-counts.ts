import { sql, type Kysely } from 'kysely';

/**
 * The overview counts runs and failures over 30 days at millions of runs. Counting rows there, even from an index,
 * reads every run of the window (1.7 million of 5 million), so the counts are kept as they happen: when a run ends,
 * triggers add it to its 15-minute slice (per kind) and to its task's day (per kind and thing run). Whatever writes
 * job_runs (the kernel, an import) is counted the same way. Short windows (the last day) still read job_runs,
 * through an index ordered by when runs ended that carries the columns those counts read.
 */
const sliceMs = 900_000;
const dayMs = 86_400_000;

const addRun = (row: 'new') => `
  insert into run_slices (kind, start, runs, failed)
    values (${row}.kind, ${row}.finished_at / ${sliceMs} * ${sliceMs}, 1,
      case when ${row}."end" in ('failed', 'timeout') then 1 else 0 end)
    on conflict (kind, start) do update set runs = runs + 1, failed = failed + excluded.failed;
  insert into run_days (kind, day, ref_id, runs, failed, timed, total_ms, max_ms)
    values (${row}.kind, ${row}.finished_at / ${dayMs}, coalesce(${row}.ref_id, 0), 1,
      case when ${row}."end" in ('failed', 'timeout') then 1 else 0 end,
      case when ${row}.duration_ms is null then 0 else 1 end, coalesce(${row}.duration_ms, 0),
      coalesce(${row}.duration_ms, 0))
    on conflict (kind, day, ref_id) do update set runs = runs + 1, failed = failed + excluded.failed,
      timed = timed + excluded.timed, total_ms = total_ms + excluded.total_ms,
      max_ms = max(max_ms, excluded.max_ms);`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('job_runs_finished')
    .on('job_runs')
    .columns(['kind', 'finished_at', 'end', 'ref_id', 'duration_ms'])
    .execute();
  await sql`create table run_slices (kind text not null, start integer not null, runs integer not null,
    failed integer not null, primary key (kind, start))`.execute(db);
  await sql`create table run_days (kind text not null, day integer not null, ref_id integer not null,
    runs integer not null, failed integer not null, timed integer not null, total_ms integer not null,
    max_ms integer not null, primary key (kind, day, ref_id))`.execute(db);
  await sql`insert into run_slices (kind, start, runs, failed)
    select kind, finished_at / ${sql.lit(sliceMs)} * ${sql.lit(sliceMs)}, count(*),
      sum(case when "end" in ('failed', 'timeout') then 1 else 0 end)
    from job_runs where finished_at is not null group by 1, 2`.execute(db);
  await sql`insert into run_days (kind, day, ref_id, runs, failed, timed, total_ms, max_ms)
    select kind, finished_at / ${sql.lit(dayMs)}, coalesce(ref_id, 0), count(*),
      sum(case when "end" in ('failed', 'timeout') then 1 else 0 end), count(duration_ms),
      coalesce(sum(duration_ms), 0), coalesce(max(duration_ms), 0)
    from job_runs where finished_at is not null group by 1, 2, 3`.execute(db);
  await sql
    .raw(
      `create trigger job_runs_ended_insert after insert on job_runs when new.finished_at is not null
       begin ${addRun('new')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger job_runs_ended_update after update of finished_at on job_runs
       when old.finished_at is null and new.finished_at is not null
       begin ${addRun('new')} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger job_runs_ended_update`.execute(db);
  await sql`drop trigger job_runs_ended_insert`.execute(db);
  await db.schema.dropTable('run_days').execute();
  await db.schema.dropTable('run_slices').execute();
  await db.schema.dropIndex('job_runs_finished').execute();
}
