import { sql, type Kysely } from 'kysely';

/**
 * The tasks' text version (0014) moves to a random 64-bit number instead of the next one: a bump undone by a
 * rolled-back transaction handed the same next number to a later change, and matches read inside that transaction
 * would pass for the later text (modules/crons/search-pages.ts keeps them by version). Same as 0015 for envs.
 * The triggers are written out here again rather than imported from 0014: a migration stays as it shipped.
 */
const indexed = ['name', 'command', 'schedule', 'labels'] as const;
const lowered = indexed.map((c) => `lower(new.${c})`).join(', ');
const insertNew = `insert into crons_text (rowid, ${indexed.join(', ')}) values (new.id, ${lowered});`;
const deleteOld = `delete from crons_text where rowid = old.id;`;

async function triggers(db: Kysely<unknown>, next: string): Promise<void> {
  const bump = `update crons_text_version set version = ${next};`;
  for (const name of ['insert', 'delete', 'update']) await sql.raw(`drop trigger crons_text_${name}`).execute(db);
  await sql.raw(`create trigger crons_text_insert after insert on crons begin ${insertNew} ${bump} end`).execute(db);
  await sql.raw(`create trigger crons_text_delete after delete on crons begin ${deleteOld} ${bump} end`).execute(db);
  await sql
    .raw(
      `create trigger crons_text_update after update of id, ${indexed.join(', ')} on crons
       begin ${deleteOld} ${insertNew} ${bump} end`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await triggers(db, 'random()');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await triggers(db, 'version + 1');
}
