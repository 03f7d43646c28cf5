/**
 * Tasks (Crontabs): schedule, extra schedules, labels, pinned and disabled state, before/after commands, log name,
 * work dir, instance mode, the subscription they belong to and their last run (start, duration, how it ended, log).
 * Each is checked with Baihu's task rules; a task whose schedule Baihu cannot run is left out, while an optional field Baihu refuses (a hook that starts `task`, a log
 * name or work dir outside the data folder, an unreadable extra schedule) is left off the task with a notice.
 */
import path from 'node:path';
import { CronInput } from '../../contract/tasks.ts';
import { OverlapPolicy, RunEnd } from '../../contract/enums.ts';
import { ImportKind, type ImportReason } from '../../contract/import.ts';
import { parseSchedule } from '../../contract/schedule.ts';
import type { DataPaths } from '../../config/paths.ts';
import { cleanLabels, containsTaskCommand, isValidLogName, isValidWorkDir } from '../tasks/index.ts';
import { taskKey } from './idempotence.ts';
import type { CarriedLastRun, PlannedTask } from './plan.ts';
import { fieldDropped, type ImportReport } from './report.ts';
import { schemaIssue } from './schema-issue.ts';
import { flag, integer, isRecord, jsonValue, number, stringList, text, trimmed } from './values.ts';

/** Qinglong's Crontabs.status. Disabled really lives in isDisabled, as here. */
export const QinglongCronStatus = { running: 0, idle: 1, disabled: 2, queued: 3 } as const;

/**
 * How the last run ended, as far as Qinglong's row tells (it keeps no exit code): a run still going when Qinglong
 * stopped never finished, and here it is `interrupted`; idle, disabled and queued tell nothing. Nothing arrives
 * running or queued: the task's own status starts idle here.
 */
const lastEndOfStatus: Record<number, RunEnd | null> = {
  [QinglongCronStatus.running]: RunEnd.interrupted,
  [QinglongCronStatus.idle]: null,
  [QinglongCronStatus.disabled]: null,
  [QinglongCronStatus.queued]: null,
};

/** A log path Qinglong stored (relative to its log folder), when it stays inside that folder. */
function relativeLogPath(value: unknown): string | null {
  const logPath = trimmed(value);
  if (!logPath || logPath.length > 1000 || path.posix.isAbsolute(logPath)) return null;
  const normal = path.posix.normalize(logPath);
  return normal.split('/').includes('..') || normal === '.' ? null : normal;
}

/** The last run of a Crontabs row in the task row's units (Unix seconds, seconds of duration); null: never ran. */
export function lastRunOf(row: Record<string, unknown>): CarriedLastRun | null {
  const startedAt = number(row.last_execution_time);
  if (startedAt === null || startedAt <= 0) return null;
  const took = number(row.last_running_time);
  const status = integer(row.status);
  return {
    last_execution_time: Math.round(startedAt),
    last_running_time: took !== null && took >= 0 ? took : null,
    last_end: status === null ? null : (lastEndOfStatus[status] ?? null),
    log_path: relativeLogPath(row.log_path),
  };
}

/** Where Qinglong's container keeps its data; absolute paths under it are rewritten to Baihu's data folder. */
export const qinglongDataRoot = '/ql/data';

export interface TaskContext {
  target: DataPaths;
  timezone: string;
  /** The source's data folder, as found on this machine. */
  sourceDataDir: string;
  aliasById: Map<number, string | null>;
}

/** CronInput's limit on a task name. */
const nameMax = (CronInput.properties.name as { maxLength?: number }).maxLength ?? 200;
const collapse = (value: string) => value.trim().replace(/\s+/g, ' ');

/** A readable name for a task without one: the script it runs, else the start of its command. */
export function nameOfCommand(command: string): string {
  const script = command.split(/\s+/).find((word) => /\.(js|mjs|cjs|py|ts|sh)$/i.test(word));
  return (script ? path.posix.basename(script) : command).slice(0, nameMax);
}

/** A work dir under Qinglong's /ql/data or under the source folder, as the same place in Baihu's data folder. */
export function rebaseWorkDir(workDir: string, sourceDataDir: string, targetRoot: string): string {
  for (const root of [qinglongDataRoot, sourceDataDir]) {
    if (workDir === root || workDir.startsWith(`${root}/`)) return path.join(targetRoot, workDir.slice(root.length));
  }
  return workDir;
}

function extraSchedulesOf(raw: unknown): string[] {
  const value = jsonValue(raw);
  if (!Array.isArray(value)) return [];
  return value
    .map((entry) => (isRecord(entry) ? text(entry.schedule) : text(entry)))
    .filter((s): s is string => !!s && s.trim() !== '')
    .map(collapse);
}

export async function planTasks(
  rows: Record<string, unknown>[],
  ctx: TaskContext,
  report: ImportReport,
): Promise<PlannedTask[]> {
  const tasks: PlannedTask[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    report.found(ImportKind.task);
    const id = integer(row.id) ?? 0;
    const command = text(row.command)?.trim() ?? '';
    let name = text(row.name)?.trim() ?? '';
    const item = name || command.slice(0, 80) || String(id);
    if (flag(row.isSystem)) {
      report.skip(ImportKind.task, item, { key: 'importSystemTask' });
      continue;
    }
    if (!command) {
      report.skip(ImportKind.task, item, { key: 'required', field: 'command' });
      continue;
    }
    if (!name) {
      name = nameOfCommand(command);
      report.notice(ImportKind.task, name, { key: 'importNameDerived' });
    }
    const schedule = collapse(text(row.schedule) ?? '');
    if (parseSchedule(schedule, ctx.timezone).kind === 'invalid') {
      report.skip(ImportKind.task, item, { key: 'cronFormat', field: 'schedule' });
      continue;
    }
    const drop = (field: string, cause: ImportReason) =>
      report.notice(ImportKind.task, name, fieldDropped(field, cause));

    const extra: { schedule: string }[] = [];
    for (const extraSchedule of extraSchedulesOf(row.extra_schedules)) {
      if (parseSchedule(extraSchedule, ctx.timezone).kind === 'invalid') {
        drop('extra_schedules', { key: 'cronFormat', params: { value: extraSchedule } });
      } else if (!extra.some((e) => e.schedule === extraSchedule)) extra.push({ schedule: extraSchedule });
    }
    const labels = cleanLabels(stringList(row.labels)).filter((label) => {
      if ([...label].length <= 50) return true;
      drop('labels', { key: 'tooLong', field: 'labels', params: { max: 50 } });
      return false;
    });
    const hook = (field: 'task_before' | 'task_after') => {
      const script = text(row[field]);
      if (!script || script.trim() === '') return null;
      if (containsTaskCommand(script)) drop(field, { key: 'taskCommandInHook' });
      else if (script.length > 4000) drop(field, { key: 'tooLong', field, params: { max: 4000 } });
      else return script;
      return null;
    };
    let logName = trimmed(row.log_name);
    if (logName !== null && (logName.length > 100 || !isValidLogName(logName, ctx.target.log))) {
      drop('log_name', { key: 'logNameInvalid' });
      logName = null;
    }
    let workDir = trimmed(row.work_dir);
    if (workDir !== null) {
      workDir = rebaseWorkDir(workDir, ctx.sourceDataDir, ctx.target.root);
      if (workDir.length > 500 || !(await isValidWorkDir(workDir, ctx.target))) {
        drop('work_dir', { key: 'workDirInvalid' });
        workDir = null;
      }
    }
    const input: CronInput = {
      name,
      command,
      schedule,
      labels,
      extra_schedules: extra,
      task_before: hook('task_before'),
      task_after: hook('task_after'),
      log_name: logName,
      work_dir: workDir,
      allow_multiple_instances: flag(row.allow_multiple_instances) ? 1 : 0,
      overlap_policy: flag(row.allow_multiple_instances) ? OverlapPolicy.parallel : OverlapPolicy.replace,
    };
    const issue = schemaIssue(CronInput, input);
    if (issue) {
      report.skip(ImportKind.task, item, issue);
      continue;
    }
    const key = taskKey(input);
    if (seen.has(key)) {
      report.skip(ImportKind.task, item, { key: 'importDuplicate' });
      continue;
    }
    seen.add(key);
    const subId = integer(row.sub_id);
    let subscriptionAlias: string | null = null;
    if (subId !== null) {
      subscriptionAlias = ctx.aliasById.get(subId) ?? null;
      if (!ctx.aliasById.has(subId))
        report.notice(ImportKind.task, name, { key: 'importSubscriptionMissing', params: { id: subId } });
    }
    tasks.push({
      sourceId: id,
      input,
      disabled: flag(row.isDisabled),
      pinned: flag(row.isPinned),
      subscriptionAlias,
      lastRun: lastRunOf(row),
    });
    report.imported(ImportKind.task);
  }
  return tasks;
}
