import path from 'node:path';
import type { Clock } from '../../time/clock.ts';
import type { Cron, CronCreateInput, CronInput, CronRun, CronStatusReport } from '../../contract/tasks.ts';
import { CronStatus, LogStatus, noLogName, type RunEnd } from '../../contract/enums.ts';
import type { Language } from '../../contract/i18n.ts';
import { formatMessage } from '../../contract/messages.ts';
import type { CronRow, CronUpdate } from '../../db/schema.ts';
import type { JobRunsRepository } from '../../jobs/runs-repository.ts';
import { JobKind } from '../../jobs/types.ts';
import { AppError, fieldError, notFound } from '../../errors/app-error.ts';
import type { DataPaths } from '../../config/paths.ts';
import { logDirName } from '../../jobs/executor/log-format.ts';
import { readSystemCrontabs } from './crontab-import.ts';
import type { LogFile } from '../../contract/files.ts';
import { storedInside } from '../../files/resolve.ts';
import { readTail } from '../../files/tail.ts';
import { listLogFiles, type ListPage } from '../../files/tree.ts';
import type { CronRepository } from './repository.ts';
import type { TaskRuns } from './runs.ts';
import { ListCache } from './list-cache.ts';
import { isTimeRelative, parseListQuery } from './search-query.ts';
import { toWireCron, toWireRun } from './serialize.ts';
import { checkDraft, cleanLabels, columnsOf, defaultName, draftOf, mergeInput } from './validate.ts';

export interface ListParams {
  searchValue?: string | undefined;
  page?: string | number | undefined;
  size?: string | number | undefined;
  sorter?: string | undefined;
  filters?: string | undefined;
  queryString?: string | undefined;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The rules of the tasks area. Scheduling and running belong to the engine; this keeps the rows right. */
export class CronService {
  private readonly listCache = new ListCache<string>();
  private folderNames: { version: string; names: ReadonlyMap<string, string> } | undefined;

  constructor(
    private readonly crons: CronRepository,
    private readonly engine: TaskRuns,
    private readonly history: JobRunsRepository,
    private readonly paths: DataPaths,
    private readonly clock: Clock,
  ) {}

  /**
   * Next fire times by schedule set. A task's next fire time cannot change before it is reached (for the same
   * schedules and timezone), so a page of the list does not parse 20 cron expressions on every call.
   */
  private readonly nextRuns = new Map<string, number | null>();

  private nextRunTime(row: CronRow, timezone: string): number | null {
    if (row.is_disabled) return null;
    const key = `${timezone}\u0000${row.schedule}\u0000${row.extra_schedules}`;
    const cached = this.nextRuns.get(key);
    if (cached === null || (cached !== undefined && cached > this.clock.now())) return cached;
    const next = this.engine.nextRunTime(row);
    if (this.nextRuns.size >= 20_000) this.nextRuns.clear();
    this.nextRuns.set(key, next);
    return next;
  }

  private wire(row: CronRow, timezone = this.engine.timezone()): Cron {
    return toWireCron(row, this.nextRunTime(row, timezone));
  }

  private async require(id: number): Promise<CronRow> {
    const row = await this.crons.find(id);
    if (!row) throw notFound();
    return row;
  }

  /** One page (or every row without page and size); nextRunTime is computed for the returned rows only. */
  /**
   * One page as the ready JSON reply (`{code: 200, data: {data, total}}`). Replies are cached as text, so a repeated
   * request costs neither the query nor the serialisation.
   */
  async listReply(params: ListParams): Promise<string> {
    const timezone = this.engine.timezone();
    const { searchValue, page, size, sorter, filters, queryString } = params;
    const key = JSON.stringify([searchValue, page, size, sorter, filters, queryString, timezone]);
    const version = this.crons.version();
    const cached = version === null ? undefined : this.listCache.get(key, version, this.clock.now());
    if (cached) return cached;
    const reply = await this.listFresh(params, timezone);
    const text = JSON.stringify({ code: 200, data: reply });
    if (version !== null) {
      const nextRuns = reply.data.map((cron) => cron.nextRunTime ?? Infinity);
      // A window such as `failed:24h` moves with the clock: its answer is kept for a minute at most.
      const windowEnd = isTimeRelative(searchValue) ? this.clock.now() + 60_000 : Infinity;
      this.listCache.set(key, version, Math.min(windowEnd, ...nextRuns), text);
    }
    return text;
  }

  private async listFresh(params: ListParams, timezone: string): Promise<{ data: Cron[]; total: number }> {
    const query = parseListQuery(params, this.clock.now());
    const page = Number(params.page || 0);
    const size = Number(params.size || 0);
    const paged = page && size ? { offset: (page - 1) * size, limit: size } : null;
    const { rows, total } = await this.crons.list(query, paged);
    return { data: rows.map((row) => this.wire(row, timezone)), total };
  }

  /** Names of these tasks (the metrics label their counts with them); ids that are gone are left out. */
  async names(ids: number[]): Promise<Map<number, string>> {
    return new Map((await this.crons.findMany(ids)).map((row) => [row.id, row.name]));
  }

  async get(id: number): Promise<Cron> {
    return this.wire(await this.require(id));
  }

  /** The task whose current log is `logPath` (Qinglong's /crons/detail?log_path=); null for none, as Qinglong. */
  async detail(logPath: string): Promise<Cron | null> {
    const row = await this.crons.findByLogPath(logPath);
    return row ? this.wire(row) : null;
  }

  /** What identifies each task (Qinglong's unique key: name + command + schedule), for an import to skip. */
  identities(): Promise<{ id: number; name: string; command: string; schedule: string }[]> {
    return this.crons.identities();
  }

  /**
   * Qinglong's run report (PUT /crons/status), or the last run the Qinglong import carries (with how it ended): the
   * last run's times, log and end are kept; status and pid stay ours.
   */
  async reportStatus(report: CronStatusReport & { last_end?: RunEnd | null }): Promise<void> {
    const changes: CronUpdate = {};
    if (report.last_end !== undefined) changes.last_end = report.last_end;
    if (typeof report.last_running_time === 'number') changes.last_running_time = report.last_running_time;
    if (typeof report.last_execution_time === 'number')
      changes.last_execution_time = Math.round(report.last_execution_time);
    if (report.log_path) {
      if (!(await storedInside(this.paths.log, report.log_path))) throw fieldError('log_path', 'logNameInvalid');
      changes.log_path = path.posix.normalize(report.log_path);
    }
    if (Object.keys(changes).length > 0)
      await this.crons.updateMany(report.ids, { ...changes, updated_at: this.clock.now() });
  }

  async create(input: CronCreateInput): Promise<Cron> {
    const draft = mergeInput(input);
    if (!draft.name) draft.name = defaultName(draft.command);
    await checkDraft(draft, this.paths, this.engine.timezone());
    const now = this.clock.now();
    const row = await this.crons.insert({ ...columnsOf(draft), created_at: now, updated_at: now });
    this.engine.sync(row);
    return this.wire(row);
  }

  async update(input: Partial<CronInput> & { id: number }): Promise<Cron> {
    const existing = await this.require(input.id);
    const draft = mergeInput(input, draftOf(existing));
    await checkDraft(draft, this.paths, this.engine.timezone());
    const row = await this.crons.update(existing.id, { ...columnsOf(draft), updated_at: this.clock.now() });
    if (!row) throw notFound();
    this.engine.sync(row);
    return this.wire(row);
  }

  /** Stops and forgets each task first, then deletes the rows. Log files are kept, as Qinglong does. */
  async remove(ids: number[]): Promise<void> {
    for (const id of ids) await this.engine.forget(id);
    await this.crons.delete(ids);
  }

  async run(ids: number[]): Promise<void> {
    await this.engine.run(ids);
  }

  async stop(ids: number[]): Promise<void> {
    // A task that is not running is already where a stop leaves it: 200, as Qinglong.
    await this.engine.stop(ids);
  }

  async stopRun(id: number, runId: number): Promise<void> {
    if (!(await this.engine.stopRun(id, runId))) throw new AppError('taskNotRunning');
  }

  /** Enable or disable: the flag only (status stays running/idle/queued), then the engine re-arms or disarms. */
  async setDisabled(ids: number[], disabled: 0 | 1): Promise<void> {
    const rows = await this.crons.updateMany(ids, { is_disabled: disabled, updated_at: this.clock.now() });
    for (const row of rows) this.engine.sync(row);
  }

  async setPinned(ids: number[], pinned: 0 | 1): Promise<void> {
    await this.crons.updateMany(ids, { is_pinned: pinned, updated_at: this.clock.now() });
  }

  async addLabels(ids: number[], labels: string[]): Promise<void> {
    const added = cleanLabels(labels);
    await this.crons.updateLabels(ids, (current) => cleanLabels([...current, ...added]), this.clock.now());
  }

  async removeLabels(ids: number[], labels: string[]): Promise<void> {
    const removed = new Set(cleanLabels(labels));
    await this.crons.updateLabels(ids, (current) => current.filter((l) => !removed.has(l)), this.clock.now());
  }

  /** The end of the task's current log and what state it is in (Qinglong's logStatus beside data). */
  async log(id: number, lang: Language): Promise<{ data: string; logStatus: LogStatus }> {
    const row = await this.require(id);
    if (row.log_name === noLogName) return { data: '', logStatus: LogStatus.ignored };
    const busy = row.status === CronStatus.running || row.status === CronStatus.queued;
    const file = row.log_path ? await storedInside(this.paths.log, row.log_path) : null;
    const tail = file ? await readTail(file) : null;
    if (!tail) return { data: '', logStatus: busy ? LogStatus.running : LogStatus.notFound };
    const note = tail.skipped
      ? `${formatMessage('logTruncated', lang, { size: mb(tail.size), skipped: mb(tail.skipped) })}\n`
      : '';
    return { data: note + tail.text, logStatus: busy ? LogStatus.running : LogStatus.completed };
  }

  /** The files of the task's log folder, newest first (one page of them when asked). */
  async logFiles(id: number, page?: ListPage): Promise<LogFile[]> {
    const row = await this.require(id);
    if (row.log_name === noLogName) return [];
    const directory = row.log_path ? path.posix.dirname(row.log_path) : row.log_name || logDirName(row.command, row.id);
    return listLogFiles(this.paths.log, directory, this.engine.timezone(), page);
  }

  /**
   * Each task's log folder (relative to data/log) with the task's name, for the logs page. Kept until the database
   * changes (any write, also another process's): reading every task for each logs page is most of its time.
   */
  async logFolderNames(): Promise<ReadonlyMap<string, string>> {
    const version = this.crons.version();
    if (version !== null && this.folderNames?.version === version) return this.folderNames.names;
    const names = new Map<string, string>();
    for (const row of await this.crons.logFolderRows()) {
      if (row.log_name === noLogName) continue;
      const name = row.name?.trim() || row.command;
      names.set(row.log_name || logDirName(row.command, row.id), name);
      if (row.log_path) names.set(path.posix.dirname(row.log_path), name);
    }
    if (version !== null) this.folderNames = { version, names };
    return names;
  }

  async runs(id: number, limit: number): Promise<CronRun[]> {
    await this.require(id);
    return (await this.history.runsOf(JobKind.task, id, limit)).map(toWireRun);
  }

  /**
   * A subscription's new tasks, all or none (one transaction; a failure disarms the ones already armed). Each is
   * checked and armed as a task created through the API is.
   */
  async createForSubscription(subId: number, tasks: Omit<CronInput, 'sub_id'>[]): Promise<number[]> {
    const created: number[] = [];
    try {
      await this.crons.transaction(async (crons) => {
        const inTransaction = new CronService(crons, this.engine, this.history, this.paths, this.clock);
        for (const task of tasks) created.push((await inTransaction.create({ ...task, sub_id: subId })).id);
      });
    } catch (error) {
      for (const id of created) await this.engine.forget(id);
      throw error;
    }
    return created;
  }

  /** Tasks that run a script of the subscription's folder or belong to it. */
  tasksOfSubscription(subId: number, alias: string): Promise<{ id: number; command: string; sub_id: number | null }[]> {
    return this.crons.ofSubscription(subId, alias);
  }

  /** A subscription is deleted: with `force` its tasks go too, else they stay, unlinked. */
  async subscriptionDeleted(subId: number, force: boolean): Promise<void> {
    if (force) await this.remove(await this.crons.idsOfSubscription(subId));
    else await this.crons.unlinkSubscription(subId);
  }

  /** New tasks for the system crontab's lines that are not tasks yet. */
  async importCrontab(): Promise<Cron[]> {
    const entries = await readSystemCrontabs();
    if (entries.length === 0) return [];
    const known = await this.crons.commands();
    const created: Cron[] = [];
    for (const entry of entries) {
      if (known.has(entry.command)) continue;
      known.add(entry.command);
      created.push(await this.create(entry));
    }
    return created;
  }
}
