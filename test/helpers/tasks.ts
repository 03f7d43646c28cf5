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
  app.ctx.taskRuns.sync(row);
  return row;
}

export const engineOf = (app: FastifyInstance) => app.ctx.taskRuns;

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

/** A number for `sleep` no other test uses: its argv finds the processes of one test (see processesWithArg). */
export function uniqueSleep(): string {
  return `31337.${process.pid}${Math.floor(Math.random() * 1e6)}`;
}

/**
 * Live processes (not zombies) with `arg` as one of their arguments: finds what a run started even when it dropped
 * the run marker from its environment (`env -i`).
 */
export function processesWithArg(arg: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (/\) [ZX] /.test(stat)) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(arg)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** SIGKILLs what a test left (its own processes, found by argv), so a failed assertion leaves no strays. */
export function killWithArg(arg: string): void {
  for (const pid of processesWithArg(arg)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** Every run marker (BAIHU_RUN_ID) some live process carries, in one pass over /proc. */
export function liveRunMarkers(): Set<string> {
  const markers = new Set<string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (/\) [ZX] /.test(readFileSync(`/proc/${entry}/stat`, 'utf8'))) continue;
      for (const variable of readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0')) {
        if (variable.startsWith('BAIHU_RUN_ID=')) markers.add(variable.slice('BAIHU_RUN_ID='.length));
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return markers;
}
