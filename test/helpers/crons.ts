import type { FastifyInstance } from 'fastify';
import { readdirSync, readFileSync } from 'node:fs';
import type { CronRow, JobRunRow, NewCron } from '../../daemon/src/db/schema.ts';

/** Saves a task straight into the database and arms it, as the crons service does after a create. */
export async function addCron(app: FastifyInstance, fields: Partial<NewCron> & { command: string }): Promise<CronRow> {
  const now = Date.now();
  const row = await app.ctx.db
    .insertInto('crons')
    .values({ name: fields.command.slice(0, 40), schedule: '@once', created_at: now, updated_at: now, ...fields })
    .returningAll()
    .executeTakeFirstOrThrow();
  app.ctx.cronEngine.sync(row);
  return row;
}

export const engineOf = (app: FastifyInstance) => app.ctx.cronEngine;

/** A task's runs (rows of job_runs), oldest first. */
export function runsOf(app: FastifyInstance, cronId: number): Promise<JobRunRow[]> {
  return app.ctx.db
    .selectFrom('job_runs')
    .selectAll()
    .where('kind', '=', 'task')
    .where('ref_id', '=', cronId)
    .orderBy('id')
    .execute();
}

/** Waits until `check` holds, polling every 20 ms, failing after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Processes (other than zombies) whose environment carries a run marker. */
export function processesWithMarker(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (/\) Z /.test(stat)) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`BAIHU_RUN_ID=${marker}`)) {
        pids.push(Number(entry));
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}
