import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/port.ts';
import { ResponseCode } from '../../contract/codes.ts';
import type { RunningFrom } from '../../contract/about.ts';
import { updateProgressEvent, type UpdateCheck, type UpdateJob, type UpdateStatus } from '../../contract/update.ts';
import { AppError } from '../../errors/app-error.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { topicOf } from '../../jobs/topics.ts';
import type { LiveHub } from '../../live/hub.ts';
import { redactUrls } from '../../errors/redact.ts';
import { checkForUpdate, stagedVersion, upToDate, UpdateCheckError, type UpdateHost } from './checker.ts';
import { takeRollbackCopy } from './rollback.ts';
import { stageRelease } from './stager.ts';

export const updateQueue = 'update';

export interface UpdateServiceOptions {
  host: UpdateHost;
  runningFrom: RunningFrom;
  jobs: JobRunner;
  live: LiveHub;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** Ends the daemon with exit code 0 for the entrypoint to start it again (server.ts); absent in tests. */
  restart: () => void;
  now: () => number;
}

const blockedMessage = {
  disabled: 'updateDisabled',
  managedImage: 'updateManagedImage',
  noSupervisor: 'restartUnsupervised',
  incompatible: 'updateIncompatible',
} as const;

/** At most this often a download's progress is broadcast (the bar); the log says it every 10 %. */
const progressEveryMs = 250;

/**
 * Checking for updates, downloading one (a job of the kernel: its log and live topic), the state the pages show,
 * and the restart into the downloaded version. docs/update.md tells the whole flow.
 */
export class UpdateService {
  private job: UpdateJob | null = null;
  private restarting = false;
  private starting = false;

  constructor(private readonly o: UpdateServiceOptions) {
    o.jobs.defineQueue(updateQueue, () => 1);
  }

  /** The image's own version and where the running code comes from (the About page shows both). */
  get origin(): { imageVersion: string; runningFrom: RunningFrom } {
    return { imageVersion: this.o.host.imageVersion, runningFrom: this.o.runningFrom };
  }

  /** Without a release feed there is nothing newer to offer: the calm answer Qinglong's clients expect, not an error. */
  async check(): Promise<UpdateCheck> {
    try {
      return (await checkForUpdate(this.o.host, AbortSignal.timeout(60_000))).check;
    } catch (error) {
      if (error instanceof UpdateCheckError) {
        if (error.reason === 'noFeed') return upToDate(this.o.host);
        throw new AppError('updateCheckFailed', ResponseCode.badRequest, { reason: redactUrls(error.message) });
      }
      throw error;
    }
  }

  /** Starts the download of the newest release as a job; answers at once with the job (its log is live). */
  async download(): Promise<UpdateJob> {
    // A second click while the feed is still being read would start a second job: one at a time, from the first.
    if (this.job?.state === 'running' || this.starting) throw new AppError('updateBusy');
    this.starting = true;
    try {
      return await this.startDownload();
    } finally {
      this.starting = false;
    }
  }

  private async startDownload(): Promise<UpdateJob> {
    const { check, release } = await checkForUpdate(this.o.host, AbortSignal.timeout(60_000)).catch((error) => {
      if (error instanceof UpdateCheckError && error.reason === 'noFeed') throw new AppError('updateNoFeed');
      throw new AppError('updateFailed');
    });
    if (!release || !check.hasNewVersion) throw new AppError('updateUpToDate');
    if (check.blocked) {
      throw new AppError(blockedMessage[check.blocked], ResponseCode.badRequest, { needs: check.needs.join('; ') });
    }
    const { host } = this.o;
    const proxy = await host.proxy();
    let lastBroadcast = 0;
    const ticket = await this.o.jobs.enqueue({
      kind: 'update',
      refId: null,
      trigger: 'manual',
      queue: updateQueue,
      title: `Update to ${release.version}`,
      logPath: (logName) => `update/${logName}`,
      mask: redactUrls,
      work: {
        steps: async (job) => {
          try {
            await stageRelease(release, {
              layout: host.layout,
              runtime: host.runtime,
              proxy,
              running: { version: host.version, staged: this.o.runningFrom === 'staged' },
              signal: job.signal,
              line: (text) => job.line(text),
              progress: (received, total) => {
                if (!this.job) return;
                this.job = { ...this.job, received, total };
                const now = this.o.now();
                if (now - lastBroadcast >= progressEveryMs || received === total) {
                  lastBroadcast = now;
                  this.o.live.broadcast(updateProgressEvent, this.job);
                }
              },
            });
            return { end: 'success', exitCode: 0 };
          } catch (error) {
            job.line(String((error as Error).message));
            job.line(`Update failed, please check network and logs or try again later`);
            return { end: job.signal.aborted ? 'stopped' : 'failed', exitCode: 1, message: (error as Error).message };
          }
        },
      },
      on: {
        finished: (run) => {
          if (!this.job || this.job.runId !== run.runId) return;
          this.job = {
            ...this.job,
            state: run.end === 'success' ? 'success' : run.end === 'stopped' ? 'stopped' : 'failed',
          };
          this.o.live.broadcast(updateProgressEvent, this.job);
          if (run.end !== 'success')
            this.o.log.warn({ version: release.version, reason: run.message }, 'update failed');
          else this.o.log.info({ version: release.version }, 'update downloaded and staged');
        },
      },
    });
    if (!ticket) throw new AppError('updateFailed');
    this.job = {
      runId: ticket.runId,
      topic: topicOf('update', ticket.runId, null),
      version: release.version,
      state: 'running',
      received: 0,
      total: release.size,
      startedAt: this.o.now(),
    };
    return this.job;
  }

  status(): UpdateStatus {
    const { host } = this.o;
    const attempt = host.layout.lastAttempt();
    return {
      currentVersion: host.version,
      imageVersion: host.imageVersion,
      runningFrom: this.o.runningFrom,
      supervised: host.supervised,
      enabled: host.enabled() && !host.managedImage,
      managedImage: host.managedImage,
      feedUrl: host.feedUrl(),
      builtInFeed: host.builtInFeed,
      job: this.job,
      staged: stagedVersion(host),
      lastAttempt:
        attempt && !attempt.dismissed
          ? {
              version: attempt.version,
              outcome: attempt.outcome,
              exitCode: attempt.exitCode,
              at: attempt.at,
              previous: attempt.previous,
            }
          : null,
      runningJobs: [...this.o.jobs.activeLogs().values()].filter((topic) => topic !== this.job?.topic).length,
    };
  }

  async dismissAttempt(): Promise<void> {
    await this.o.host.layout.dismissAttempt();
  }

  /**
   * `PUT /system/reload`: ends the daemon (exit code 0) a moment after the reply, for the entrypoint to start it again
   * — the downloaded version when there is one. Running runs are stopped on the way out (app.ts closes the job kernel).
   */
  restart(): void {
    if (!this.o.host.supervised) throw new AppError('restartUnsupervised');
    if (this.restarting) return;
    this.restarting = true;
    this.o.log.info({ next: stagedVersion(this.o.host) ?? this.o.host.version }, 'restart requested');
    setTimeout(() => this.o.restart(), 100).unref();
  }

  /**
   * On the way out (app.ts, after the job kernel stopped every run, before the database closes): when the next start
   * will be another version, a copy of the database for it to come back to if that version fails its trial.
   */
  async beforeExit(): Promise<void> {
    const { host } = this.o;
    const next = stagedVersion(host);
    if (!next || !host.supervised) return;
    try {
      const copy = { from: host.version, to: next, at: this.o.now() };
      if (await takeRollbackCopy(this.o.database, host.layout, copy)) {
        this.o.log.info({ from: host.version, to: next }, 'database copy taken for the update');
      } else this.o.log.warn({ from: host.version, to: next }, 'no database copy on PostgreSQL: keep a dump');
    } catch (error) {
      this.o.log.error({ err: error }, 'could not take the database copy for the update');
    }
  }
}
