/**
 * The one serial queue of dependency installs and removals (concurrency 1, as Qinglong). Each job's output goes to
 * data/log/dependencies/<id>/<time>.log, live to the hub (topic `dep:<id>`) and, at the end, its last 100 KB to the
 * row. Programs are started by the runner's spawnCommand (argv, own process group, stop = kill the group).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { DependencyStatus, DependencyType, dependencyTopic } from '../../contract/enums.ts';
import { toLanguage } from '../../contract/i18n.ts';
import type { EndInfo } from '../../contract/live.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { DataPaths } from '../../paths.ts';
import { inheritedEnvironment } from '../../runner/environment.ts';
import { logFileName } from '../../runner/log-format.ts';
import { redactUrls } from '../../redact.ts';
import { spawnCommand } from '../../runner/spawn-command.ts';
import { RunEnd, type RunHandle } from '../../runner/types.ts';
import { runLogLimitBytes, SettingKey, type SettingsStore } from '../system/settings.ts';
import {
  aptListsEmpty,
  depPathsOf,
  installSteps,
  removePython,
  uninstallSteps,
  type CommandStep,
  type DepPaths,
  type LinuxManager,
} from './installers.ts';
import { applyLinuxMirror } from './mirrors.ts';
import type { DependencyRepository } from './repository.ts';

export const JobAction = { install: 'install', remove: 'remove' } as const;
export type JobAction = (typeof JobAction)[keyof typeof JobAction];

export interface Job {
  id: number;
  action: JobAction;
  /** Removal only: delete the row even when the uninstall fails. */
  force: boolean;
}

export interface QueueOptions {
  repository: DependencyRepository;
  hub: LiveHub;
  paths: DataPaths;
  settings: SettingsStore;
  clock: Clock;
  log: FastifyBaseLogger;
  linuxManager: () => LinuxManager | null;
  /** An installer that runs longer is stopped (default 30 minutes). */
  timeoutMs?: number;
  /** Called when an install ends in failure (not when cancelled); the notifications module hooks in here. */
  onInstallFailed?: (dependency: { name: string; type: number }) => void;
}

/** The row keeps this much of the end of a log. */
export const keptLogBytes = 100 * 1024;

/** The end of a stream of output, at most keptLogBytes. */
class LogTail {
  private chunks: Buffer[] = [];
  private size = 0;

  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size > 2 * keptLogBytes) {
      const joined = Buffer.concat(this.chunks).subarray(-keptLogBytes);
      this.chunks = [joined];
      this.size = joined.length;
    }
  }

  text(): string {
    return Buffer.concat(this.chunks).subarray(-keptLogBytes).toString('utf8');
  }
}

interface Active {
  job: Job;
  handle: RunHandle | null;
  cancelled: boolean;
  tail: LogTail;
}

/** Credentials in a URL shown in a log (user-info, query values) are hidden. */
const hideCredentials = redactUrls;

export class DependencyQueue {
  private pending: Job[] = [];
  private active: Active | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** The Linux mirror the system's sources point at (null: not touched yet). */
  private linuxMirrorApplied: string | null = null;
  private readonly deps: DepPaths;

  constructor(private readonly o: QueueOptions) {
    this.deps = depPathsOf(o.paths);
  }

  /** Adds a job; a pending job of the same dependency is replaced. */
  enqueue(job: Job): void {
    if (this.closed) return;
    this.pending = this.pending.filter((p) => p.id !== job.id);
    this.pending.push(job);
    this.pump();
  }

  /** Takes a waiting job off the queue; true if there was one. */
  dequeue(id: number): boolean {
    const before = this.pending.length;
    this.pending = this.pending.filter((p) => p.id !== id);
    return this.pending.length !== before;
  }

  /** The job of this dependency that waits, if any. */
  pendingJob(id: number): Job | null {
    return this.pending.find((p) => p.id === id) ?? null;
  }

  /** The job of this dependency that is running now, if any. */
  activeJob(id: number): Job | null {
    return this.active?.job.id === id ? this.active.job : null;
  }

  /** Stops the running job of this dependency (its installer's whole process group) and waits until it ended. */
  async stopActive(id: number): Promise<boolean> {
    const active = this.active;
    if (!active || active.job.id !== id) return false;
    active.cancelled = true;
    await active.handle?.stop();
    await this.running;
    return true;
  }

  /** The run marker (BAIHU_RUN_ID) of the program running for this dependency now, if any. */
  activeMarker(id: number): string | null {
    return this.active?.job.id === id ? (this.active.handle?.runId ?? null) : null;
  }

  /** The output so far of the running job of this dependency. */
  liveLog(id: number): string | null {
    return this.active?.job.id === id ? this.active.tail.text() : null;
  }

  /** Resolves when nothing is running or waiting (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Drops what waits and stops what runs (daemon shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    this.pending = [];
    if (this.active) {
      this.active.cancelled = true;
      await this.active.handle?.stop();
    }
    await this.running;
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const job = this.pending.shift();
    if (!job) return;
    this.running = this.run(job)
      .catch((error: unknown) => this.o.log.error({ err: error, dependency: job.id }, 'dependency job failed'))
      .finally(() => {
        this.active = null;
        this.running = null;
        this.pump();
      });
  }

  private async setStatus(id: number, status: DependencyStatus, extra: { log?: string; log_path?: string } = {}) {
    await this.o.repository.update(id, { status, ...extra, updated_at: this.o.clock.now() });
    this.o.hub.broadcast('dependencyStatus', { id, status });
  }

  private async run(job: Job): Promise<void> {
    const row = await this.o.repository.find(job.id);
    if (!row) return;
    const active: Active = { job, handle: null, cancelled: false, tail: new LogTail() };
    this.active = active;
    const startedAt = this.o.clock.now();
    const logRel = path.posix.join('dependencies', String(row.id), logFileName(startedAt));
    const logAbs = path.join(this.o.paths.log, logRel);
    mkdirSync(path.dirname(logAbs), { recursive: true });
    const installing = job.action === JobAction.install;
    await this.setStatus(row.id, installing ? DependencyStatus.installing : DependencyStatus.removing, {
      log_path: logRel,
      log: '',
    });
    const writer = this.o.hub.open(dependencyTopic(row.id), logAbs);
    const sink = {
      data: (chunk: Buffer) => {
        active.tail.add(chunk);
        writer.data(chunk.length);
      },
      end: () => {},
    };
    const note = (text: string) => {
      const bytes = Buffer.from(`${text}\n`);
      appendFileSync(logAbs, bytes);
      sink.data(bytes);
    };

    let ok = false;
    let exitCode: number | null = null;
    try {
      const type = row.type as DependencyType;
      if (!installing && type === DependencyType.python3) {
        const removed = await removePython(this.deps.python, row.name);
        note(removed === null ? `${row.name}: not installed` : `${row.name}: removed ${removed.length} files`);
        ok = true;
        exitCode = 0;
      } else {
        const steps = await this.stepsOf(job, row.name, type, note);
        if (steps) {
          ok = true;
          for (const step of steps) {
            const outcome = await this.runStep(step, logAbs, sink, active);
            exitCode = outcome.exitCode;
            if (outcome.end !== RunEnd.success || active.cancelled) {
              ok = false;
              break;
            }
          }
        }
      }
    } catch (error) {
      note(`${(error as Error).message}`);
      ok = false;
    }

    const log = active.tail.text();
    const end: EndInfo = {
      end: active.cancelled ? RunEnd.stopped : ok ? RunEnd.success : RunEnd.failed,
      exitCode,
      durationMs: this.o.clock.now() - startedAt,
    };
    if (installing) {
      const status = active.cancelled
        ? DependencyStatus.cancelled
        : ok
          ? DependencyStatus.installed
          : DependencyStatus.installFailed;
      await this.setStatus(row.id, status, { log });
      if (status === DependencyStatus.installFailed) this.o.onInstallFailed?.({ name: row.name, type: row.type });
    } else if (ok || job.force) {
      await this.o.repository.delete(row.id);
      this.o.hub.broadcast('dependencyStatus', { id: row.id, status: DependencyStatus.removed });
    } else {
      await this.setStatus(row.id, DependencyStatus.removeFailed, { log });
    }
    writer.end(end);
  }

  private async runStep(
    step: CommandStep,
    logFile: string,
    sink: { data(chunk: Buffer): void; end(): void },
    active: Active,
  ) {
    const proxy = this.o.settings.get(SettingKey.dependenceProxy, '');
    const env: Record<string, string> = { ...inheritedEnvironment(), ...step.env };
    if (proxy) Object.assign(env, { http_proxy: proxy, https_proxy: proxy, HTTP_PROXY: proxy, HTTPS_PROXY: proxy });
    mkdirSync(this.o.paths.deps, { recursive: true });
    const handle = spawnCommand({
      argv: step.argv,
      cwd: this.o.paths.deps,
      env,
      logFile,
      sink,
      timeoutMs: this.o.timeoutMs ?? 30 * 60 * 1000,
      title: step.argv.map(hideCredentials).join(' '),
      language: toLanguage(this.o.settings.get(SettingKey.logLanguage, 'zh')),
      logLimitBytes: runLogLimitBytes(this.o.settings),
    });
    active.handle = handle;
    if (active.cancelled) void handle.stop();
    return handle.finished;
  }

  /** The programs of a job, or null (with a note in the log) when this system cannot do it. */
  private async stepsOf(
    job: Job,
    name: string,
    type: DependencyType,
    note: (text: string) => void,
  ): Promise<CommandStep[] | null> {
    const linux = type === DependencyType.linux ? this.o.linuxManager() : null;
    if (type === DependencyType.linux && !linux) {
      note('No supported Linux package manager (apk or apt-get) was found; set BAIHU_LINUX_PACKAGE_MANAGER.');
      return null;
    }
    if (job.action === JobAction.remove) return uninstallSteps(type, name, this.deps, linux);
    const settings = {
      proxy: this.o.settings.get(SettingKey.dependenceProxy, ''),
      nodeMirror: this.o.settings.get(SettingKey.nodeMirror, ''),
      pythonMirror: this.o.settings.get(SettingKey.pythonMirror, ''),
    };
    const steps = installSteps(type, name, this.deps, settings, linux) ?? [];
    if (linux) steps.unshift(...(await this.linuxPreparation(linux, note)));
    return steps;
  }

  /**
   * Before a Linux install: point the sources at the mirror setting when it changed (root only), and refresh the
   * package lists when they changed or are empty (a fresh container).
   */
  private async linuxPreparation(linux: LinuxManager, note: (text: string) => void): Promise<CommandStep[]> {
    const mirror = this.o.settings.get(SettingKey.linuxMirror, '');
    let changed = false;
    if (mirror !== (this.linuxMirrorApplied ?? '') && process.getuid?.() === 0) {
      try {
        changed = (await applyLinuxMirror(linux, mirror)).length > 0;
        this.linuxMirrorApplied = mirror;
        if (changed) note(mirror ? `Package sources now use ${hideCredentials(mirror)}` : 'Package sources restored');
      } catch (error) {
        note(`Cannot change the package sources: ${(error as Error).message}`);
      }
    }
    if (linux === 'apk') return changed ? [{ argv: ['apk', 'update'] }] : [];
    return changed || (await aptListsEmpty())
      ? [{ argv: ['apt-get', 'update'], env: { DEBIAN_FRONTEND: 'noninteractive' } }]
      : [];
  }
}
