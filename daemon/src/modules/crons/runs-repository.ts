import type { Kysely } from 'kysely';
import { RunStatus } from '../../contract/enums.ts';
import type { CronRow, CronRunRow, CronUpdate, Database } from '../../db/schema.ts';

/** The queries the engine needs: run rows (instances) and the few task columns it keeps up to date. */
export class EngineRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findCron(id: number): Promise<CronRow | undefined> {
    return this.db.selectFrom('crons').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listEnabledCrons(): Promise<CronRow[]> {
    return this.db.selectFrom('crons').selectAll().where('is_disabled', '=', 0).execute();
  }

  async updateCron(id: number, changes: CronUpdate): Promise<void> {
    await this.db.updateTable('crons').set(changes).where('id', '=', id).execute();
  }

  /** After a crash no task can still be running or queued. */
  async resetCronStatuses(idle: number): Promise<void> {
    await this.db.updateTable('crons').set({ status: idle, pid: null }).where('status', '!=', idle).execute();
  }

  async createRun(run: {
    cron_id: number;
    trigger: string;
    due_at: number | null;
    queued_at: number;
    marker: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('cron_runs')
      .values({ ...run, status: RunStatus.queued })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async markStarted(
    id: number,
    run: { pid: number; marker: string | null; log_path: string | null; started_at: number },
  ): Promise<void> {
    await this.db
      .updateTable('cron_runs')
      .set({ ...run, status: RunStatus.running })
      .where('id', '=', id)
      .execute();
  }

  async markFinished(
    id: number,
    run: { status: number; end: string; exit_code: number | null; finished_at: number; duration_ms: number | null },
  ): Promise<void> {
    await this.db.updateTable('cron_runs').set(run).where('id', '=', id).execute();
  }

  findRun(id: number): Promise<CronRunRow | undefined> {
    return this.db.selectFrom('cron_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Runs a crash left behind: still marked running or queued. */
  unfinishedRuns(): Promise<CronRunRow[]> {
    return this.db
      .selectFrom('cron_runs')
      .selectAll()
      .where('status', 'in', [RunStatus.running, RunStatus.queued])
      .execute();
  }

  /** How the task's previous finished run ended, for "first success after a failure" notifications. */
  async previousEnd(cronId: number, beforeRunId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('cron_runs')
      .select('end')
      .where('cron_id', '=', cronId)
      .where('id', '<', beforeRunId)
      .where('end', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.end ?? null;
  }
}
