import { sql, type Kysely } from 'kysely';

/**
 * A number that changes whenever the tasks' text does (name, command, schedule, labels: what crons_text of 0012
 * indexes), so the task list can keep a search's matches while only runs change the tasks (status, last run). The
 * triggers that keep crons_text also bump it, in the same statement, for every writer (also `ql` in another process).
 */
const indexed = ['name', 'command', 'schedule', 'labels'] as const;
const lowered = indexed.map((c) => `lower(new.${c})`).join(', ');
const insertNew = `insert into crons_text (rowid, ${indexed.join(', ')}) values (new.id, ${lowered});`;
const deleteOld = `delete from crons_text where rowid = old.id;`;
const bump = `update crons_text_version set version = version + 1;`;

async function triggers(db: Kysely<unknown>, withVersion: boolean): Promise<void> {
  const then = withVersion ? bump : '';
  for (const name of ['insert', 'delete', 'update']) await sql.raw(`drop trigger crons_text_${name}`).execute(db);
  await sql.raw(`create trigger crons_text_insert after insert on crons begin ${insertNew} ${then} end`).execute(db);
  await sql.raw(`create trigger crons_text_delete after delete on crons begin ${deleteOld} ${then} end`).execute(db);
  await sql
    .raw(
      `create trigger crons_text_update after update of id, ${indexed.join(', ')} on crons
       begin ${deleteOld} ${insertNew} ${then} end`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table crons_text_version (version integer not null)`.execute(db);
  // Starts at the time in ms, not 0: a table made again (down, then up) never repeats a number an older one had.
  await sql`insert into crons_text_version (version) values (cast(unixepoch('subsec') * 1000 as integer))`.execute(db);
  await triggers(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await triggers(db, false);
  await sql`drop table crons_text_version`.execute(db);
}
