/**
 * Pulls: one at a time per subscription (a pull asked for while one runs waits and runs once after it). Each pull
 * has a run row (subscription_runs), a log at data/log/<alias>/<time>.log streamed live under `sub:<runId>`, and
 * goes: sub_before → git pull or download → sync files and tasks → sub_after. Secrets are masked in every line
 * written here; the hooks are the user's own shell, run by the runner's spawnCommand.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import {
  PullType,
  RunEndKind,
  RunStatus,
  RunTrigger,
  SubscriptionStatus,
  SubscriptionType,
  subscriptionTopic,
} from '../../contract/enums.ts';
import type { Language } from '../../contract/i18n.ts';
import type { EndInfo } from '../../contract/live.ts';
import type { Database, SubscriptionRow } from '../../db/schema.ts';
import type { LiveHub } from '../../live/hub.ts';
import { fill } from '../../notify/texts.ts';
import type { DataPaths } from '../../paths.ts';
import type { ConfigShReader } from '../../runner/config-sh.ts';
import { inheritedEnvironment } from '../../runner/environment.ts';
import { formatLogTime, logFileName, logLines } from '../../runner/log-format.ts';
import { spawnCommand } from '../../runner/spawn-command.ts';
import { RunEnd, type RunHandle } from '../../runner/types.ts';
import type { CronEngineApi } from '../crons/engine-types.ts';
import { CronRepository } from '../crons/repository.ts';
import { CronService } from '../crons/service.ts';
import { fileNameOfUrl } from './alias.ts';
import { gitEnvironment, pullRepository, writePrivateKey, type GitAuth } from './git.ts';
import { compilePathPattern, defaultExtensions, extensionList, selectFiles } from './patterns.ts';
import { downloadRaw } from './raw.ts';
import type { SubscriptionRepository } from './repository.ts';
import { maskerOf } from './secrets.ts';
import { redactUrls } from '../../redact.ts';
import { pullOptionOf } from './serialize.ts';
import { listFiles, mirrorFiles, newTasksOf, planTasks } from './sync.ts';

export interface PullerOptions {
  db: Kysely<Database>;
  repository: SubscriptionRepository;
  engine: CronEngineApi;
  hub: LiveHub;
  paths: DataPaths;
  clock: Clock;
  log: FastifyBaseLogger;
  configSh: ConfigShReader;
  language: () => Language;
  notify: (title: string, content: string) => void;
  /** Hooks (sub_before / sub_after) are stopped after this long (default 10 minutes). */
  hookTimeoutMs?: number;
  /** Cap of a hook's output in the pull log (default: the runner's). */
  logLimitBytes?: () => number;
}

export interface SyncSummary {
  files: number;
  written: number;
  removed: number;
  added: string[];
  deleted: number;
  /** Time from the end of the fetch to the end of the task changes. */
  ms: number;
}

interface Active {
  runId: number;
  abort: AbortController;
  hook: RunHandle | null;
  done: Promise<void>;
}

/** The notification libraries copied beside a subscription's scripts (unless the repository has its own). */
const libraries = ['sendNotify.js', 'notify.py'];

export class SubscriptionPuller {
  private readonly active = new Map<number, Active>();
  private readonly waiting = new Map<number, string>();
  private closed = false;

  constructor(private readonly o: PullerOptions) {}

  /** Whether a pull of this subscription runs or waits. */
  busy(subId: number): boolean {
    return this.active.has(subId) || this.waiting.has(subId);
  }

  /** The run id of the pull that runs now, if any. */
  activeRun(subId: number): number | null {
    return this.active.get(subId)?.runId ?? null;
  }

  /** Starts a pull, or queues one behind the running pull of the same subscription. */
  async enqueue(subId: number, trigger: string = RunTrigger.manual): Promise<void> {
    if (this.closed) return;
    if (this.active.has(subId)) {
      if (!this.waiting.has(subId)) {
        this.waiting.set(subId, trigger);
        await this.setStatus(subId, SubscriptionStatus.queued);
      }
      return;
    }
    const abort = new AbortController();
    const entry: Active = { runId: 0, abort, hook: null, done: Promise.resolve() };
    this.active.set(subId, entry);
    entry.done = this.run(subId, trigger, entry)
      // The daemon's log gets the text only, URLs redacted: a git or fetch error can quote the subscription's URL.
      .catch((error: unknown) =>
        this.o.log.error(
          { reason: redactUrls(error instanceof Error ? error.message : String(error)), subscription: subId },
          'subscription pull failed',
        ),
      )
      .finally(() => {
        this.active.delete(subId);
        const next = this.waiting.get(subId);
        this.waiting.delete(subId);
        if (next !== undefined && !this.closed) void this.enqueue(subId, next);
      });
  }

  /** Stops the running pull (git or download aborted, hook process group killed) and drops a waiting one. */
  async stop(subId: number): Promise<boolean> {
    const hadWaiting = this.waiting.delete(subId);
    const entry = this.active.get(subId);
    if (!entry) {
      if (hadWaiting) await this.setStatus(subId, SubscriptionStatus.idle);
      return hadWaiting;
    }
    entry.abort.abort();
    await entry.hook?.stop();
    await entry.done;
    return true;
  }

  /** Resolves when no pull runs or waits (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.all([...this.active.values()].map((a) => a.done));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    for (const entry of this.active.values()) {
      entry.abort.abort();
      void entry.hook?.stop();
    }
    await this.idle();
  }

  private async setStatus(subId: number, status: SubscriptionStatus): Promise<void> {
    await this.o.repository.update(subId, { status, updated_at: this.o.clock.now() });
    this.o.hub.broadcast('subscriptionStatus', { id: subId, status });
  }

  private async run(subId: number, trigger: string, entry: Active): Promise<void> {
    const row = await this.o.repository.find(subId);
    if (!row) return;
    const startedAt = this.o.clock.now();
    const logRel = path.posix.join(row.alias, logFileName(startedAt));
    const logAbs = path.join(this.o.paths.log, logRel);
    mkdirSync(path.dirname(logAbs), { recursive: true });
    const run = await this.o.repository.insertRun({
      sub_id: row.id,
      status: RunStatus.running,
      end: null,
      trigger,
      log_path: logRel,
      message: null,
      started_at: startedAt,
      finished_at: null,
      duration_ms: null,
    });
    entry.runId = run.id;
    await this.o.repository.update(row.id, {
      status: SubscriptionStatus.running,
      log_path: logRel,
      updated_at: startedAt,
    });
    this.o.hub.broadcast('subscriptionStatus', { id: row.id, status: SubscriptionStatus.running, runId: run.id });

    const writer = this.o.hub.open(subscriptionTopic(run.id), logAbs);
    const option = pullOptionOf(row);
    const mask = maskerOf([option?.password, option?.private_key]);
    const write = (text: string) => {
      const bytes = Buffer.from(mask(text));
      appendFileSync(logAbs, bytes);
      writer.data(bytes.length);
    };
    const line = (text: string) => write(`${text}\n`);
    const lang = this.o.language();
    line(logLines[lang].start(formatLogTime(startedAt), mask(row.url)));

    let end: RunEndKind = RunEndKind.success;
    let message: string | null = null;
    let summary: SyncSummary | null = null;
    try {
      if (row.sub_before) await this.hook(row, row.sub_before, 'sub_before', logAbs, writer, entry, line);
      this.throwIfStopped(entry);
      summary = await this.pullAndSync(row, entry, write, line);
      this.throwIfStopped(entry);
      if (row.sub_after) await this.hook(row, row.sub_after, 'sub_after', logAbs, writer, entry, line);
    } catch (error) {
      end = entry.abort.signal.aborted ? RunEndKind.stopped : RunEndKind.failed;
      message = mask((error as Error).message);
      line(end === RunEndKind.stopped ? 'Stopped.' : `Error: ${message}`);
    }
    const finishedAt = this.o.clock.now();
    const durationMs = finishedAt - startedAt;
    line(
      logLines[lang].end(formatLogTime(finishedAt), {
        outcome: {
          end:
            end === RunEndKind.stopped ? RunEnd.stopped : end === RunEndKind.success ? RunEnd.success : RunEnd.failed,
          exitCode: end === RunEndKind.success ? 0 : 1,
          startedAt,
          finishedAt,
          durationMs,
        },
        signal: null,
        timeoutMs: null,
      }),
    );
    await this.o.repository.updateRun(run.id, {
      status:
        end === RunEndKind.success
          ? RunStatus.finished
          : end === RunEndKind.stopped
            ? RunStatus.stopped
            : RunStatus.error,
      end,
      message,
      added: summary?.added.length ?? 0,
      removed: summary?.deleted ?? 0,
      finished_at: finishedAt,
      duration_ms: durationMs,
    });
    // Enabled or disabled while it ran: the flag as it is now decides the resting status.
    const disabled = (await this.o.repository.find(row.id))?.is_disabled === 1;
    const status = this.waiting.has(row.id)
      ? SubscriptionStatus.queued
      : disabled
        ? SubscriptionStatus.disabled
        : SubscriptionStatus.idle;
    await this.o.repository.update(row.id, {
      status,
      pid: null,
      last_end: end,
      last_pull_at: startedAt,
      updated_at: finishedAt,
    });
    const info: EndInfo = { end, exitCode: end === RunEndKind.success ? 0 : 1, durationMs };
    writer.end(info);
    this.o.hub.broadcast('subscriptionStatus', { id: row.id, status, runId: run.id, end });
    this.o.hub.broadcast('runSubscriptionEnd', { id: row.id, runId: run.id, end, message });
  }

  private throwIfStopped(entry: Active): void {
    if (entry.abort.signal.aborted) throw new Error('stopped');
  }

  /** sub_before / sub_after: `bash -c` through the runner, output into the log; a failure is noted, not fatal. */
  private async hook(
    row: SubscriptionRow,
    script: string,
    label: string,
    logFile: string,
    writer: { data(length: number): void },
    entry: Active,
    line: (text: string) => void,
  ): Promise<void> {
    line(`## ${label}`);
    const cwd = row.type === SubscriptionType.file ? this.o.paths.scripts : path.join(this.o.paths.repo, row.alias);
    mkdirSync(cwd, { recursive: true });
    const env = { ...inheritedEnvironment(), ...gitEnvironment({ kind: 'none' }, row.proxy) };
    const handle = spawnCommand({
      argv: ['bash', '-c', script],
      cwd,
      env,
      logFile,
      sink: { data: (chunk) => writer.data(chunk.length), end: () => {} },
      timeoutMs: this.o.hookTimeoutMs ?? 10 * 60_000,
      logLimitBytes: this.o.logLimitBytes?.(),
      language: this.o.language(),
    });
    entry.hook = handle;
    await this.o.repository.update(row.id, { pid: handle.pid || null });
    const outcome = await handle.finished;
    entry.hook = null;
    if (outcome.end !== RunEnd.success) line(`${label}: ${outcome.end}, exit code ${String(outcome.exitCode)}`);
  }

  private async pullAndSync(
    row: SubscriptionRow,
    entry: Active,
    write: (text: string) => void,
    line: (text: string) => void,
  ): Promise<SyncSummary> {
    const option = pullOptionOf(row);
    const config = await this.o.configSh.values(['RepoFileExtensions', 'DefaultCronRule', 'ProxyUrl']);
    const signal = entry.abort.signal;
    if (row.type === SubscriptionType.file) {
      const fileName = fileNameOfUrl(row.url);
      const ext = path.extname(fileName);
      const rawFile = path.join(this.o.paths.raw, `${row.alias}${ext}`);
      const basic =
        row.pull_type === PullType.userPwd && option?.username
          ? { username: option.username, password: option.password ?? '' }
          : null;
      line(`Downloading ${row.url}`);
      const proxy = row.proxy || config.ProxyUrl || null;
      if (proxy) line('Downloading through the proxy.');
      const size = await downloadRaw({ url: row.url, target: rawFile, signal, basic, proxy });
      line(`Downloaded ${size} bytes.`);
      return this.sync(row, null, { [fileName]: rawFile }, [fileName], [], config.DefaultCronRule ?? null, line);
    }
    const dir = path.join(this.o.paths.repo, row.alias);
    const auth = await this.authOf(row);
    line(`Pulling ${row.branch ? `branch ${row.branch}` : 'the default branch'}`);
    const { commit, cloned } = await pullRepository({
      url: row.url,
      branch: row.branch,
      dir,
      proxy: row.proxy,
      auth,
      log: write,
      signal,
    });
    line(`${cloned ? 'Cloned' : 'Updated'} to ${commit.slice(0, 12)}.`);
    const rules = {
      extensions: extensionList(row.extensions ?? config.RepoFileExtensions ?? defaultExtensions),
      whitelist: compilePathPattern(row.whitelist),
      blacklist: compilePathPattern(row.blacklist),
      dependences: compilePathPattern(row.dependences),
    };
    if (rules.extensions.length === 0) rules.extensions = extensionList(defaultExtensions);
    const started = performance.now();
    const selection = selectFiles(await listFiles(dir), rules);
    return this.sync(
      row,
      dir,
      {},
      selection.scripts,
      selection.dependencies,
      config.DefaultCronRule ?? null,
      line,
      started,
    );
  }

  private async authOf(row: SubscriptionRow): Promise<GitAuth> {
    if (row.type !== SubscriptionType.privateRepo) return { kind: 'none' };
    const option = pullOptionOf(row);
    if (row.pull_type === PullType.sshKey && option?.private_key) {
      const keyFile = path.join(this.o.paths['ssh.d'], row.alias);
      await writePrivateKey(keyFile, option.private_key);
      return { kind: 'ssh', keyFile, knownHosts: path.join(this.o.paths['ssh.d'], 'known_hosts') };
    }
    if (row.pull_type === PullType.userPwd && option?.username) {
      return { kind: 'basic', username: option.username, password: option.password ?? '' };
    }
    return { kind: 'none' };
  }

  /**
   * Mirrors the files into data/scripts/<alias>/ and applies the task plan. Nothing is written to the database
   * when no task is added or removed.
   */
  private async sync(
    row: SubscriptionRow,
    source: string | null,
    extra: Record<string, string>,
    scripts: string[],
    dependencies: string[],
    defaultRule: string | null,
    line: (text: string) => void,
    started = performance.now(),
  ): Promise<SyncSummary> {
    const dest = path.join(this.o.paths.scripts, row.alias);
    const libs: Record<string, string> = {};
    for (const lib of libraries) libs[lib] = path.join(this.o.paths.scripts, lib);
    const mirrored = await mirrorFiles(source ?? dest, dest, source ? [...scripts, ...dependencies] : [], {
      ...libs,
      ...extra,
    });
    const isFile = row.type === SubscriptionType.file;
    const plan = planTasks(row.alias, row.id, scripts, await this.o.repository.tasksOf(row.id, row.alias), {
      autoAdd: row.auto_add_cron !== 0,
      autoDel: !isFile && row.auto_del_cron !== 0,
    });
    const tasks = await newTasksOf(row.alias, dest, plan.add, defaultRule);
    await this.applyTasks(row.id, tasks, plan.remove);
    const ms = Math.round(performance.now() - started);
    line(
      `Synced ${scripts.length} scripts and ${dependencies.length} dependency files into scripts/${row.alias}: ` +
        `${mirrored.written.length} written, ${mirrored.removed.length} removed; ` +
        `tasks added ${tasks.length}, removed ${plan.remove.length} (${ms} ms).`,
    );
    for (const task of tasks) line(`+ ${task.name} (${task.schedule}) ${task.command}`);
    if (tasks.length > 0 || plan.remove.length > 0) {
      const lang = this.o.language();
      const none = fill('none', lang);
      this.o.notify(
        fill('subscriptionTitle', lang, { name: row.name }),
        fill('subscriptionContent', lang, {
          added: tasks.map((t) => t.name).join(', ') || none,
          removed: plan.remove.length > 0 ? String(plan.remove.length) : none,
        }),
      );
    }
    return {
      files: scripts.length + dependencies.length,
      written: mirrored.written.length,
      removed: mirrored.removed.length,
      added: tasks.map((t) => t.command),
      deleted: plan.remove.length,
      ms,
    };
  }

  /** New tasks through the crons service (validation, engine sync) in one transaction; removed ones likewise. */
  private async applyTasks(
    subId: number,
    tasks: { name: string; command: string; schedule: string }[],
    remove: number[],
  ) {
    if (tasks.length > 0) {
      const created: number[] = [];
      try {
        await this.o.db.transaction().execute(async (trx) => {
          const crons = new CronService(new CronRepository(trx), this.o.engine, this.o.paths, this.o.clock);
          for (const task of tasks) created.push((await crons.create({ ...task, sub_id: subId })).id);
        });
      } catch (error) {
        for (const id of created) await this.o.engine.forget(id);
        throw error;
      }
    }
    if (remove.length > 0) {
      await new CronService(new CronRepository(this.o.db), this.o.engine, this.o.paths, this.o.clock).remove(remove);
    }
  }

  /** Removes what a subscription left on disk (force delete). */
  async removeFiles(row: SubscriptionRow): Promise<void> {
    const targets = [
      path.join(this.o.paths.scripts, row.alias),
      path.join(this.o.paths.repo, row.alias),
      path.join(this.o.paths['ssh.d'], row.alias),
    ];
    if (row.type === SubscriptionType.file) {
      targets.push(path.join(this.o.paths.raw, `${row.alias}${path.extname(fileNameOfUrl(row.url))}`));
    }
    for (const target of targets) await rm(target, { recursive: true, force: true });
  }
}
