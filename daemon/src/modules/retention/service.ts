/**
 * Retention: the one mechanism that deletes old run logs (spec §9, Qinglong's log-remove-frequency: every x days,
 * logs older than x days) and old run history (runHistoryDays, runHistoryPerTask). It runs as a job of the kernel on
 * its own schedule — checked every hour against the last successful run, so a restart neither skips nor repeats it:
 * due when the logs' x days have passed, or run history is limited and the last pass is `runHistoryEveryMs` old —
 * at once when the log setting is saved, and on demand.
 */
import path from 'node:path';
import { RunTrigger } from '../../contract/enums.ts';
import { maxLogRemoveDays, maxRunHistoryLimit, retentionTopic } from '../../contract/retention.ts';
import type {
  LogCleanupRun,
  LogCleanupStatus,
  RunHistorySettings,
  RunHistorySettingsBody,
} from '../../contract/retention-schemas.ts';
import { fieldError } from '../../errors/app-error.ts';
import { JobKind } from '../../jobs/types.ts';
import type { JobRunRow } from '../../db/schema.ts';
import { JobRunsRepository } from '../../jobs/runs-repository.ts';
import type { SharedParts } from '../../app/shared.ts';
import { retentionSteps } from './job.ts';
import { logSweep, runHistorySweep, type Sweep } from './sweeps.ts';
import { policyOfSettings, type RetentionPolicy } from './policy.ts';
import type { RetentionRepository } from './repository.ts';

export const retentionQueue = 'retention';
/** How often the schedule asks whether a run is due. */
export const dueCheckMs = 3_600_000;
/** How often run history is pruned when it is limited (a pass removes what grew since the last one). */
export const runHistoryEveryMs = 6 * 3_600_000;
const dayMs = 86_400_000;

export type RetentionDeps = Pick<
  SharedParts,
  'paths' | 'jobs' | 'settings' | 'timetable' | 'clock' | 'log' | 'database'
> & {
  repository: RetentionRepository;
};

const limitsRunHistory = (policy: RetentionPolicy) => policy.runsOlderThanDays !== null || policy.runsPerThing !== null;

/**
 * The hourly check armed while anything is limited, disarmed when nothing is: after a setting changed here, or
 * written by the Qinglong import.
 */
export function armRetention(o: Pick<RetentionDeps, 'settings' | 'timetable'>): void {
  const { settings, timetable } = o;
  const policy = policyOfSettings(
    settings.get('logRemoveFrequency'),
    settings.get('runHistoryDays'),
    settings.get('runHistoryPerTask'),
  );
  if (policy.logsOlderThanDays !== null || limitsRunHistory(policy)) timetable.armEvery('retention', 1, dueCheckMs);
  else timetable.disarm('retention', 1);
}

export class RetentionService {
  private readonly sweeps: readonly Sweep[];

  constructor(private readonly o: RetentionDeps) {
    this.sweeps = [
      logSweep,
      runHistorySweep({
        runs: new JobRunsRepository(o.database.db, o.database.phrases),
        accelerators: o.database.accelerators,
        commit: () => o.database.flush(),
        activeLogs: () => o.jobs.activeLogs().keys(),
      }),
    ];
  }

  days(): number {
    return this.o.settings.get('logRemoveFrequency');
  }

  policy(): RetentionPolicy {
    const { settings } = this.o;
    return policyOfSettings(this.days(), settings.get('runHistoryDays'), settings.get('runHistoryPerTask'));
  }

  private limitsRunHistory(): boolean {
    return limitsRunHistory(this.policy());
  }

  /** Qinglong's `PUT /system/config/log-remove-frequency`: 0 or null = off; a new value runs at once, as there. */
  async setFrequency(days: number | null): Promise<number | null> {
    const value = days ?? 0;
    if (!Number.isInteger(value) || value < 0 || value > maxLogRemoveDays) {
      throw fieldError('logRemoveFrequency', 'logRemoveFrequencyRange', { max: maxLogRemoveDays });
    }
    if (value === 0) await this.o.settings.reset('logRemoveFrequency');
    else await this.o.settings.set('logRemoveFrequency', value);
    this.arm();
    if (value > 0) await this.run(RunTrigger.manual);
    return days;
  }

  runHistory(): RunHistorySettings {
    const { settings } = this.o;
    return { runHistoryDays: settings.get('runHistoryDays'), runHistoryPerTask: settings.get('runHistoryPerTask') };
  }

  /**
   * Saves both run-history limits (0 = no limit each), checked together so a bad one saves neither; the schedule
   * follows (a pass every few hours while either is set). Unlike log deletion, saving does not start a pass: the
   * first one after lowering a limit may remove millions of runs, so it waits for the hourly check or "Run now".
   */
  async setRunHistory(value: RunHistorySettingsBody): Promise<RunHistorySettings> {
    for (const field of ['runHistoryDays', 'runHistoryPerTask'] as const) {
      const n = value[field];
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > maxRunHistoryLimit) {
        throw fieldError(field, 'runHistoryLimitRange', { max: maxRunHistoryLimit });
      }
    }
    await this.o.settings.set('runHistoryDays', value.runHistoryDays as number);
    await this.o.settings.set('runHistoryPerTask', value.runHistoryPerTask as number);
    this.arm();
    return this.runHistory();
  }

  arm(): void {
    armRetention(this.o);
  }

  /** When the next run is due (ms), or null when off; `logsOnly`: as the log setting alone asks. */
  async nextAt(logsOnly = false): Promise<number | null> {
    const days = this.days();
    const history = !logsOnly && this.limitsRunHistory();
    if (days === 0 && !history) return null;
    const last = await this.o.repository.lastSuccessAt(JobKind.retention);
    if (last === null) return this.o.clock.now();
    return Math.min(days > 0 ? last + days * dayMs : Infinity, history ? last + runHistoryEveryMs : Infinity);
  }

  /**
   * The hourly check: a run when the last good one is x days old (or there was none), or run history's turn has
   * come. At start-up (`atStart`) only a log deletion missed while the daemon was down is caught up: run history
   * waits for the first hourly check, so a daemon that restarts does not start with a pass.
   */
  async due(atStart = false): Promise<void> {
    const next = await this.nextAt(atStart);
    if (next !== null && next <= this.o.clock.now()) await this.run(RunTrigger.schedule);
  }

  /** Starts a run, or answers the one that waits or runs. */
  async run(trigger: string): Promise<LogCleanupRun> {
    const { waiting, running } = this.o.jobs.runsOf(retentionQueue, 'retention');
    const current = running[0] ?? waiting[0];
    if (current !== undefined) return runOf({ id: current, finished_at: null, end: null, detail: null });
    const policy = this.policy();
    const ticket = await this.o.jobs.enqueue({
      kind: JobKind.retention,
      refId: null,
      key: 'retention',
      trigger,
      queue: retentionQueue,
      title: null,
      logPath: (logName) => path.posix.join('system', 'retention', logName),
      work: {
        steps: retentionSteps({
          logRoot: this.o.paths.log,
          policy,
          inUse: () => this.inUse(),
          now: () => this.o.clock.now(),
          sweeps: this.sweeps,
        }),
      },
    });
    if (!ticket) throw new Error('the daemon is closing');
    return runOf({ id: ticket.runId, finished_at: null, end: null, detail: null });
  }

  /** Logs a run writes now (the kernel's own list) and those the runs table says are in use. */
  async inUse(): Promise<Set<string>> {
    const logs = await this.o.repository.logsInUse();
    for (const active of this.o.jobs.activeLogs().keys()) logs.add(active);
    return logs;
  }

  async status(): Promise<LogCleanupStatus> {
    const last = await this.o.repository.latestRun(JobKind.retention);
    return { days: this.days(), nextAt: await this.nextAt(), last: last ? runOf(last) : null };
  }
}

function runOf(row: Pick<JobRunRow, 'id' | 'finished_at' | 'end' | 'detail'>): LogCleanupRun {
  let detail: Partial<Record<'files' | 'bytes' | 'folders' | 'inUse', number>> = {};
  try {
    detail = row.detail ? (JSON.parse(row.detail) as typeof detail) : {};
  } catch {
    // An unreadable detail shows as unknown counts.
  }
  return {
    runId: row.id,
    topic: retentionTopic(row.id),
    finishedAt: row.finished_at,
    end: row.end,
    files: detail.files ?? null,
    bytes: detail.bytes ?? null,
    folders: detail.folders ?? null,
    inUse: detail.inUse ?? null,
  };
}
