/**
 * The run-history retention job: `pruneRunHistory` (jobs/run-retention.ts) under the settings' policy, then the
 * freed pages back to the disk in small steps, into the job's own log and run row like any other job.
 */
import path from 'node:path';
import type { Clock } from '../../clock.ts';
import { RunEnd } from '../../contract/enums.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { reclaimFreePages } from '../../db/vacuum.ts';
import { logFileName } from '../../jobs/executor/log-format.ts';
import { pruneRunHistory, runHistoryPolicyOf, type RunHistoryPolicy } from '../../jobs/run-retention.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { JobRunsRepository } from '../../jobs/runs-repository.ts';
import { JobKind, type JobControl, type StepsEnd } from '../../jobs/types.ts';
import type { DataPaths } from '../../paths.ts';
import type { SettingsStore } from '../../settings/store.ts';

export const runHistoryQueue = 'retention';
const key = 'retention';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export interface RunHistoryDeps {
  jobs: JobRunner;
  settings: SettingsStore;
  paths: DataPaths;
  database: DatabaseHandle;
  clock: Clock;
}

export class RunHistoryService {
  private readonly runs: JobRunsRepository;

  constructor(private readonly o: RunHistoryDeps) {
    this.runs = new JobRunsRepository(o.database.db);
  }

  policy(): RunHistoryPolicy {
    return runHistoryPolicyOf(this.o.settings.get('runHistoryDays'), this.o.settings.get('runHistoryPerTask'));
  }

  /** Starts a pass unless one waits already; answers its run id (null when one waits or the daemon is closing). */
  async run(trigger: string): Promise<number | null> {
    if (this.o.jobs.busy(runHistoryQueue, key).waiting) return null;
    const ticket = await this.o.jobs.enqueue({
      kind: JobKind.retention,
      refId: null,
      key,
      exclusive: true,
      trigger,
      queue: runHistoryQueue,
      title: null,
      logPath: (startedAt) => path.posix.join('system', 'retention', logFileName(startedAt)),
      work: { steps: (job) => this.steps(job) },
    });
    return ticket?.runId ?? null;
  }

  private async steps(job: JobControl): Promise<StepsEnd> {
    const policy = this.policy();
    if (policy.runsOlderThanDays === null && policy.runsPerThing === null) {
      job.line('Run history is kept without limit; nothing to do.');
      return { end: RunEnd.success, exitCode: 0 };
    }
    job.line(
      `Removing runs that ended more than ${policy.runsOlderThanDays ?? '∞'} days ago and beyond the newest ` +
        `${policy.runsPerThing ?? '∞'} of each task, with their logs`,
    );
    const report = await pruneRunHistory({
      runs: this.runs,
      logRoot: this.o.paths.log,
      policy,
      now: this.o.clock.now(),
      inUse: () => new Set(this.o.jobs.activeLogs().keys()),
      signal: job.signal,
    });
    const pages = await reclaimFreePages(this.o.database.sqlite, { signal: job.signal });
    job.line(
      `Removed ${report.runs} runs and ${report.logs} of their logs (${mb(report.bytes)}); ` +
        `gave ${mb(pages * 4096)} of the database back to the disk.` +
        (report.failed ? ` ${report.failed} logs could not be removed: ${report.errors.join('; ')}` : ''),
    );
    return {
      end: report.failed ? RunEnd.failed : RunEnd.success,
      exitCode: report.failed ? 1 : 0,
      detail: { runs: report.runs, logs: report.logs, bytes: report.bytes, pages },
    };
  }
}
