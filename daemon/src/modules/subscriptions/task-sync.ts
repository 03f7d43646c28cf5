/**
 * After a fetch: the subscription's files are mirrored into data/scripts/<alias>/ and its tasks follow (new scripts
 * become tasks, removed ones take their tasks along) through the tasks area's service. Nothing is written to the
 * database when no task is added or removed.
 */
import path from 'node:path';
import { SubscriptionType } from '../../contract/enums.ts';
import type { Language } from '../../contract/i18n.ts';
import type { SubscriptionRow } from '../../db/schema.ts';
import { formatMessage } from '../../contract/messages.ts';
import type { DataPaths } from '../../config/paths.ts';
import type { CronService } from '../tasks/index.ts';
import { mirrorFiles, newTasksOf, planTasks } from './sync.ts';

export interface SyncSummary {
  files: number;
  written: number;
  removed: number;
  added: string[];
  deleted: number;
  /** Time from the end of the fetch to the end of the task changes. */
  ms: number;
}

/** What the fetch found: the files to mirror (from `source`, null for a single downloaded file) and which is what. */
export interface Fetched {
  source: string | null;
  /** Files to place by name (the downloaded file). */
  extra: Record<string, string>;
  scripts: string[];
  dependencies: string[];
}

/** The notification libraries copied beside a subscription's scripts (unless the repository has its own). */
const libraries = ['sendNotify.js', 'notify.py'];

export class TaskSync {
  constructor(
    private readonly o: {
      paths: DataPaths;
      crons: CronService;
      language: () => Language;
      notify: (title: string, content: string) => void;
    },
  ) {}

  async apply(
    row: SubscriptionRow,
    fetched: Fetched,
    options: { defaultRule: string | null; line: (text: string) => void; started?: number },
  ): Promise<SyncSummary> {
    const started = options.started ?? performance.now();
    const { scripts, dependencies } = fetched;
    const dest = path.join(this.o.paths.scripts, row.alias);
    const libs: Record<string, string> = {};
    for (const lib of libraries) libs[lib] = path.join(this.o.paths.scripts, lib);
    const source = fetched.source ?? dest;
    const names = fetched.source ? [...scripts, ...dependencies] : [];
    const mirrored = await mirrorFiles(source, dest, names, { ...libs, ...fetched.extra });
    const isFile = row.type === SubscriptionType.file;
    const plan = planTasks(row.alias, row.id, scripts, await this.o.crons.tasksOfSubscription(row.id, row.alias), {
      autoAdd: row.auto_add_cron !== 0,
      autoDel: !isFile && row.auto_del_cron !== 0,
    });
    const tasks = await newTasksOf(row.alias, dest, plan.add, options.defaultRule);
    if (tasks.length > 0) await this.o.crons.createForSubscription(row.id, tasks);
    if (plan.remove.length > 0) await this.o.crons.remove(plan.remove);
    const ms = Math.round(performance.now() - started);
    options.line(
      `Synced ${scripts.length} scripts and ${dependencies.length} dependency files into scripts/${row.alias}: ` +
        `${mirrored.written.length} written, ${mirrored.removed.length} removed; ` +
        `tasks added ${tasks.length}, removed ${plan.remove.length} (${ms} ms).`,
    );
    for (const task of tasks) options.line(`+ ${task.name} (${task.schedule}) ${task.command}`);
    if (tasks.length > 0 || plan.remove.length > 0) this.announce(row, tasks, plan.remove.length);
    return {
      files: scripts.length + dependencies.length,
      written: mirrored.written.length,
      removed: mirrored.removed.length,
      added: tasks.map((t) => t.command),
      deleted: plan.remove.length,
      ms,
    };
  }

  private announce(row: SubscriptionRow, tasks: { name: string }[], removed: number): void {
    const lang = this.o.language();
    const none = formatMessage('none', lang);
    this.o.notify(
      formatMessage('subscriptionTitle', lang, { name: row.name }),
      formatMessage('subscriptionContent', lang, {
        added: tasks.map((t) => t.name).join(', ') || none,
        removed: removed > 0 ? String(removed) : none,
      }),
    );
  }
}
