import path from 'node:path';
import type { Clock } from '../../time/clock.ts';
import { LogStatus, RunTrigger, SubscriptionScheduleType, SubscriptionStatus } from '../../contract/enums.ts';
import { maxIdsPerRequest } from '../../contract/common.ts';
import type {
  ParsedCommand,
  Subscription,
  SubscriptionInput,
  SubscriptionRun,
  SubscriptionUpdateInput,
} from '../../contract/subscriptions.ts';
import type { SubscriptionRow } from '../../db/schema.ts';
import { AppError, fieldError, notFound } from '../../errors/app-error.ts';
import type { DataPaths } from '../../config/paths.ts';
import { rm } from 'node:fs/promises';
import type { LogFile } from '../../contract/files.ts';
import { storedInside } from '../../files/resolve.ts';
import { readTail } from '../../files/tail.ts';
import { listLogFiles } from '../../files/tree.ts';
import type { JobRunsRepository } from '../../jobs/runs-repository.ts';
import { JobKind } from '../../jobs/types.ts';
import type { CronService } from '../tasks/index.ts';
import { parseQlCommand, parseQlWords } from './parse-command.ts';
import type { SubscriptionPulls } from './pulls.ts';
import type { SubscriptionRepository } from './repository.ts';
import { toWireRun, toWireSubscription } from './serialize.ts';
import type { SubscriptionTimers } from './timers.ts';
import { checkSubscription, mergeSubscription } from './validate.ts';

export interface SubscriptionServiceOptions {
  repository: SubscriptionRepository;
  puller: SubscriptionPulls;
  timers: SubscriptionTimers;
  crons: CronService;
  history: JobRunsRepository;
  paths: DataPaths;
  clock: Clock;
  /** The panel's time zone (log names are stamped in it). */
  timezone: () => string;
}

/** The rules of the subscriptions area; pulling belongs to the puller, timers to SubscriptionTimers. */
export class SubscriptionService {
  private readonly subs: SubscriptionRepository;

  constructor(private readonly o: SubscriptionServiceOptions) {
    this.subs = o.repository;
  }

  private async require(id: number): Promise<SubscriptionRow> {
    const row = await this.subs.find(id);
    if (!row) throw notFound();
    return row;
  }

  async list(params: { searchValue?: string | undefined; ids?: string | undefined }): Promise<Subscription[]> {
    const ids = params.ids ? idsOf(params.ids) : undefined;
    if (ids && ids.length > maxIdsPerRequest) throw fieldError('ids', 'tooMany', { max: maxIdsPerRequest });
    const rows = await this.subs.list({ search: params.searchValue?.trim() || undefined, ids });
    return rows.map(toWireSubscription);
  }

  async get(id: number): Promise<Subscription> {
    return toWireSubscription(await this.require(id));
  }

  /** `fromShell`: `ql repo` / `ql raw` typed on this machine, which may name a local file (validate.ts). */
  async create(input: SubscriptionInput, { fromShell = false } = {}): Promise<Subscription> {
    const draft = mergeSubscription(input);
    checkSubscription(draft, (await this.subs.findByAlias(draft.alias))?.id ?? null, null, { localFile: fromShell });
    const now = this.o.clock.now();
    const row = await this.subs.insert({
      ...draft,
      status: draft.is_disabled ? SubscriptionStatus.disabled : SubscriptionStatus.idle,
      created_at: now,
      updated_at: now,
    });
    this.o.timers.sync(row);
    return toWireSubscription(row);
  }

  /** Edits; the alias cannot change while a pull runs (it names the folders the pull writes). */
  async update(input: SubscriptionUpdateInput, { fromShell = false } = {}): Promise<Subscription> {
    const existing = await this.require(input.id);
    const draft = mergeSubscription(input, existing);
    const localFile = fromShell || draft.url === existing.url;
    checkSubscription(draft, (await this.subs.findByAlias(draft.alias))?.id ?? null, existing.id, { localFile });
    if (draft.alias !== existing.alias && this.o.puller.busy(existing.id)) await this.o.puller.stop(existing.id);
    const row = await this.subs.update(existing.id, { ...draft, updated_at: this.o.clock.now() });
    if (!row) throw notFound();
    if (draft.alias !== existing.alias) await rm(path.join(this.o.paths['ssh.d'], existing.alias), { force: true });
    this.o.timers.sync(row);
    return toWireSubscription(row);
  }

  /** Deletes; with `force` also the linked tasks and data/scripts/<alias>, data/repo/<alias> (and the raw file). */
  async remove(ids: number[], force: boolean): Promise<void> {
    for (const row of await this.subs.findMany(ids)) {
      this.o.timers.forget(row.id);
      await this.o.puller.stop(row.id);
      await this.o.crons.subscriptionDeleted(row.id, force);
      await this.o.history.deleteRunsOf(JobKind.pull, [row.id]);
      await this.subs.delete(row.id);
      // The key is a secret: it never outlives its subscription.
      await rm(path.join(this.o.paths['ssh.d'], row.alias), { force: true });
      if (force) await this.o.puller.removeFiles(row);
    }
  }

  async run(ids: number[]): Promise<void> {
    for (const row of await this.subs.findMany(ids)) await this.o.puller.enqueue(row.id, RunTrigger.manual);
  }

  /** Stops the pulls that run; one that is idle is already where a stop leaves it (200, as Qinglong). */
  async stop(ids: number[]): Promise<void> {
    for (const row of await this.subs.findMany(ids)) await this.o.puller.stop(row.id);
  }

  /** Enable or disable: the flag, the status when idle, then the timers. */
  async setDisabled(ids: number[], disabled: 0 | 1): Promise<void> {
    for (const row of await this.subs.findMany(ids)) {
      const busy = this.o.puller.busy(row.id);
      const status = busy ? row.status : disabled ? SubscriptionStatus.disabled : SubscriptionStatus.idle;
      const updated = await this.subs.update(row.id, { is_disabled: disabled, status, updated_at: this.o.clock.now() });
      if (updated) this.o.timers.sync(updated);
    }
  }

  /** The end of the latest pull's log, and whether a pull is running (Qinglong's logStatus beside data). */
  async log(id: number): Promise<{ data: string; logStatus: LogStatus }> {
    const row = await this.require(id);
    const busy = this.o.puller.busy(row.id);
    const file = row.log_path ? await storedInside(this.o.paths.log, row.log_path) : null;
    const tail = file ? await readTail(file) : null;
    if (!tail) return { data: '', logStatus: busy ? LogStatus.running : LogStatus.notFound };
    return { data: tail.text, logStatus: busy ? LogStatus.running : LogStatus.completed };
  }

  async logFiles(id: number): Promise<LogFile[]> {
    const row = await this.require(id);
    return listLogFiles(this.o.paths.log, row.alias, this.o.timezone());
  }

  async runs(id: number, limit: number): Promise<SubscriptionRun[]> {
    await this.require(id);
    return (await this.o.history.runsOf(JobKind.pull, id, limit)).map(toWireRun);
  }

  parse(command: string): ParsedCommand {
    const parsed = parseQlCommand(command);
    if (!parsed) throw new AppError('commandNotRecognised');
    return parsed;
  }

  /**
   * `ql repo …` / `ql raw …` typed in a shell, or run by a task carried over from Qinglong: the subscription the panel
   * creates from the same command (found by its alias when it exists, its settings then taken from the command) and
   * one pull now. A new one's own timer is off: on Qinglong the command is the schedule, so it would pull twice.
   */
  async pullFromShell(kind: 'repo' | 'raw', args: string[]): Promise<{ subId: number; runId: number | null }> {
    const parsed = parseQlWords(kind, args);
    if (!parsed?.alias || !parsed.name) throw new AppError('commandNotRecognised');
    const { type, url, whitelist, blacklist, dependences, branch, extensions, proxy, autoAddCron, autoDelCron } =
      parsed;
    const fields = {
      type: type as SubscriptionInput['type'],
      url,
      ...{ whitelist, blacklist, dependences, branch, extensions, proxy, autoAddCron, autoDelCron },
      alias: parsed.alias,
    };
    const existing = await this.subs.findByAlias(parsed.alias);
    const fromShell = { fromShell: true };
    const sub = existing
      ? await this.update({ id: existing.id, ...fields }, fromShell)
      : await this.create(
          {
            ...fields,
            name: parsed.name,
            schedule_type: SubscriptionScheduleType.crontab,
            schedule: '0 0 * * *',
            is_disabled: 1,
          },
          fromShell,
        );
    return { subId: sub.id, runId: await this.o.puller.enqueue(sub.id, RunTrigger.shell) };
  }

  /** At start-up: rows a crash left running are idle again, open runs are closed, timers are armed. */
  async start(): Promise<void> {
    for (const row of await this.subs.all()) {
      if (row.status === SubscriptionStatus.running || row.status === SubscriptionStatus.queued) {
        await this.subs.update(row.id, {
          status: row.is_disabled ? SubscriptionStatus.disabled : SubscriptionStatus.idle,
          pid: null,
        });
      }
      this.o.timers.sync(row);
    }
  }
}

/** `ids` as Qinglong's clients send it: a JSON array or a comma-separated list. */
function idsOf(text: string): number[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed.map(Number).filter(Number.isInteger);
  } catch {
    // Not JSON: a list.
  }
  return text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter(Number.isInteger);
}
