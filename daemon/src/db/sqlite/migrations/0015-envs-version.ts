import { sql, type Kysely } from 'kysely';

/**
 * A number that changes whenever what a run's environment takes from the envs table can (a row added or deleted, its
 * name, value, status or position changed), by any writer (also `ql` in another process): the panel's variables are
 * read once and kept until it changes, not read again for every run (envs/service.ts variables).
 */
const watched = ['id', 'name', 'value', 'status', 'position'];
// A random 64-bit number, not the next one: a bump undone by a rolled-back transaction would hand the same next
// number to other rows, and a list read inside that transaction would pass for theirs.
const bump = 'update envs_version set version = random();';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table envs_version (version integer not null)`.execute(db);
  // Starts at the time in ms, not 0: a table made again (down, then up) never repeats a number an older one had.
  await sql`insert into envs_version (version) values (cast(unixepoch('subsec') * 1000 as integer))`.execute(db);
  await sql.raw(`create trigger envs_version_insert after insert on envs begin ${bump} end`).execute(db);
  await sql.raw(`create trigger envs_version_delete after delete on envs begin ${bump} end`).execute(db);
  await sql
    .raw(`create trigger envs_version_update after update of ${watched.join(', ')} on envs begin ${bump} end`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['insert', 'delete', 'update']) await sql.raw(`drop trigger envs_version_${name}`).execute(db);
  await sql`drop table envs_version`.execute(db);
}
