/**
 * Dependency installs and removals as jobs, one at a time (as Qinglong). Each one's log is
 * data/log/dependencies/<id>/<time>.log, live on the topic `dep:<id>`; at the end its last 100 KB go to the row.
 * The programs (`npm install`, `pip install`, `apk add` …) run through the executor, argv only.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../time/clock.ts';
import { DependencyStatus, DependencyType, RunEnd, RunTrigger } from '../../contract/enums.ts';
import type { DependencyRow } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { JobKind, type FinishedRun, type JobControl, type StepsEnd } from '../../jobs/types.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { DataPaths } from '../../config/paths.ts';
import type { SettingsStore } from '../../settings/store.ts';
import {
  depPathsOf,
  installSteps,
  removePython,
  uninstallSteps,
  type CommandStep,
  type DepPaths,
} from './installers.ts';
import { hideCredentials, type LinuxSources } from './linux-sources.ts';
import type { DependencyRepository } from './repository.ts';

const installQueue = 'installs';

export const JobAction = { install: 'install', remove: 'remove' } as const;
export type JobAction = (typeof JobAction)[keyof typeof JobAction];

export interface InstallJob {
  id: number;
  action: JobAction;
  /** Removal only: delete the row even when the uninstall fails. */
  force: boolean;
}

export interface InstallsOptions {
  repository: DependencyRepository;
  jobs: JobRunner;
  live: LiveHub;
  paths: DataPaths;
  settings: SettingsStore;
  clock: Clock;
  linux: LinuxSources;
  /** An installer that runs longer is stopped (default 30 minutes). */
  timeoutMs?: number;
  /** Called when an install ends in failure (not when cancelled); notifications hook in here. */
  onInstallFailed?: (dependency: { name: string; type: number }) => void;
}

interface Tracked {
  job: InstallJob;
  running: boolean;
  control: JobControl | null;
  finished: Promise<FinishedRun> | null;
}

const keyOf = (id: number) => `dep:${id}`;
/** The row keeps this much of the end of a log. */
const keptLogBytes = 100 * 1024;

export class DependencyInstalls {
  /** Jobs waiting or running, by run id. */
  private readonly tracked = new Map<number, Tracked>();
  private readonly deps: DepPaths;

  constructor(private readonly o: InstallsOptions) {
    this.deps = depPathsOf(o.paths);
    o.jobs.defineQueue(installQueue, () => 1);
  }

  /** Queues a job; a waiting job of the same dependency is replaced. */
  async enqueue(job: InstallJob): Promise<void> {
    await this.dequeue(job.id);
    // The reactions hold on to it: the run may start before enqueue answers.
    const tracked: Tracked = { job, running: false, control: null, finished: null };
    const ticket = await this.o.jobs.enqueue({
      kind: JobKind.install,
      refId: job.id,
      key: keyOf(job.id),
      trigger: RunTrigger.manual,
      queue: installQueue,
      title: null,
      // The row keeps the end of the log; the running install shows it (GET /api/dependencies/:id).
      keepTail: keptLogBytes,
      logPath: (logName) => path.posix.join('dependencies', String(job.id), logName),
      work: { steps: (control) => this.run(tracked, control) },
      on: {
        started: (run) => this.started(tracked, run.logPath),
        finished: (run) => this.finished(tracked, run),
      },
    });
    if (!ticket) return;
    tracked.finished = ticket.finished;
    this.tracked.set(ticket.runId, tracked);
    void ticket.finished.finally(() => this.tracked.delete(ticket.runId));
  }

  /** Takes a waiting job of this dependency off the queue; true if there was one. */
  async dequeue(id: number): Promise<boolean> {
    const { waiting } = this.o.jobs.runsOf(installQueue, keyOf(id));
    for (const runId of waiting) await this.o.jobs.stop(runId);
    return waiting.length > 0;
  }

  /** The job of this dependency that waits, if any. */
  pendingJob(id: number): InstallJob | null {
    return this.find(id, false)?.job ?? null;
  }

  /** The job of this dependency that runs now, if any. */
  activeJob(id: number): InstallJob | null {
    return this.find(id, true)?.job ?? null;
  }

  /** Stops the running job of this dependency (its installer's whole process group) and waits until it ended. */
  async stopActive(id: number): Promise<boolean> {
    const runId = this.o.jobs.runsOf(installQueue, keyOf(id)).running[0];
    return runId === undefined ? false : this.o.jobs.stop(runId);
  }

  /** The marker (BAIHU_RUN_ID) of the program running for this dependency now, if any. */
  activeMarker(id: number): string | null {
    return this.find(id, true)?.control?.process()?.marker ?? null;
  }

  /** The output so far of the running job of this dependency. */
  liveLog(id: number): string | null {
    const control = this.find(id, true)?.control;
    return control ? control.tail() : null;
  }

  /** Resolves when no install or removal runs or waits (tests). */
  async idle(): Promise<void> {
    while (this.tracked.size > 0) await Promise.all([...this.tracked.values()].map((t) => t.finished));
  }

  private find(id: number, running: boolean): Tracked | undefined {
    return [...this.tracked.values()].find((t) => t.job.id === id && t.running === running);
  }

  private async setStatus(id: number, status: DependencyStatus, extra: { log?: string; log_path?: string } = {}) {
    await this.o.repository.update(id, { status, ...extra, updated_at: this.o.clock.now() });
    this.o.live.broadcast('dependencyStatus', { id, status });
  }

  private async started(tracked: Tracked, logPath: string | null): Promise<void> {
    tracked.running = true;
    const { job } = tracked;
    const status = job.action === JobAction.install ? DependencyStatus.installing : DependencyStatus.removing;
    await this.setStatus(job.id, status, { ...(logPath ? { log_path: logPath } : {}), log: '' });
  }

  private async run(tracked: Tracked, control: JobControl): Promise<StepsEnd> {
    tracked.control = control;
    const { job } = tracked;
    await mkdir(this.o.paths.deps, { recursive: true });
    const row = await this.o.repository.find(job.id);
    if (!row) return { end: RunEnd.failed, exitCode: null };
    let ok = false;
    let exitCode: number | null = null;
    try {
      const type = row.type as DependencyType;
      if (job.action === JobAction.remove && type === DependencyType.python3) {
        const removed = await removePython(this.deps.python, row.name);
        control.line(removed === null ? `${row.name}: not installed` : `${row.name}: removed ${removed.length} files`);
        ok = true;
        exitCode = 0;
      } else {
        const steps = await this.stepsOf(job, row, control);
        if (steps) {
          ok = true;
          for (const step of steps) {
            const outcome = await control.exec(this.argvOf(step));
            exitCode = outcome.exitCode;
            if (outcome.end !== RunEnd.success || control.signal.aborted) {
              ok = false;
              break;
            }
          }
        }
      }
    } catch (error) {
      control.line(`${(error as Error).message}`);
      ok = false;
    }
    const end = control.signal.aborted ? RunEnd.stopped : ok ? RunEnd.success : RunEnd.failed;
    return { end, exitCode };
  }

  /** How the dependency's row follows the end of its job. */
  private async finished(tracked: Tracked, run: FinishedRun): Promise<void> {
    const { job } = tracked;
    const log = tracked.control?.tail() ?? '';
    if (!run.started) return;
    const row = await this.o.repository.find(job.id);
    if (!row) return;
    if (job.action === JobAction.install) {
      const status =
        run.end === RunEnd.stopped
          ? DependencyStatus.cancelled
          : run.end === RunEnd.success
            ? DependencyStatus.installed
            : DependencyStatus.installFailed;
      await this.setStatus(row.id, status, { log });
      if (status === DependencyStatus.installFailed) this.o.onInstallFailed?.({ name: row.name, type: row.type });
    } else if (run.end === RunEnd.success || job.force) {
      await this.o.repository.delete(row.id);
      this.o.live.broadcast('dependencyStatus', { id: row.id, status: DependencyStatus.removed });
    } else {
      await this.setStatus(row.id, DependencyStatus.removeFailed, { log });
    }
  }

  private argvOf(step: CommandStep) {
    const proxy = this.o.settings.get('dependenceProxy');
    const env: Record<string, string> = { ...step.env };
    if (proxy) Object.assign(env, { http_proxy: proxy, https_proxy: proxy, HTTP_PROXY: proxy, HTTPS_PROXY: proxy });
    return {
      argv: step.argv,
      cwd: this.o.paths.deps,
      env,
      timeoutMs: this.o.timeoutMs ?? 30 * 60 * 1000,
      title: step.argv.map(hideCredentials).join(' '),
    };
  }

  /** The programs of a job, or null (with a note in the log) when this system cannot do it. */
  private async stepsOf(job: InstallJob, row: DependencyRow, control: JobControl): Promise<CommandStep[] | null> {
    const type = row.type as DependencyType;
    const linux = type === DependencyType.linux ? this.o.linux.manager() : null;
    if (type === DependencyType.linux && !linux) {
      control.line('No supported Linux package manager (apk or apt-get) was found; set BAIHU_LINUX_PACKAGE_MANAGER.');
      return null;
    }
    if (job.action === JobAction.remove) return uninstallSteps(type, row.name, this.deps, linux);
    const settings = {
      proxy: this.o.settings.get('dependenceProxy'),
      nodeMirror: this.o.settings.get('nodeMirror'),
      pythonMirror: this.o.settings.get('pythonMirror'),
    };
    const steps = installSteps(type, row.name, this.deps, settings, linux) ?? [];
    if (linux) steps.unshift(...(await this.o.linux.preparation(linux, (text) => control.line(text))));
    return steps;
  }
}
