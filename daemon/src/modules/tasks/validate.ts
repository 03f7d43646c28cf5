import path from 'node:path';
import { isInside, leadsInside } from '../../files/resolve.ts';
import type { CronInput } from '../../contract/tasks.ts';
import { noLogName, OverlapPolicy } from '../../contract/enums.ts';
import { TaskNotifyPolicies } from '../../contract/notifications.ts';
import { parseSchedule } from '../../contract/schedule.ts';
import type { CronRow, NewCron } from '../../db/schema.ts';
import { fieldError } from '../../errors/app-error.ts';
import type { DataPaths } from '../../config/paths.ts';
import { parseTaskCommand } from '../../jobs/executor/task-command.ts';

/** A task's editable fields after defaults and merging, before they are checked and stored. */
export interface CronDraft {
  name: string;
  command: string;
  schedule: string;
  labels: string[];
  extra_schedules: { schedule: string }[];
  task_before: string | null;
  task_after: string | null;
  log_name: string | null;
  overlap_policy: string;
  catch_up_minutes: number;
  notify_policy: string | null;
  work_dir: string | null;
  sub_id: number | null;
}

const emptyDraft: CronDraft = {
  name: '',
  command: '',
  schedule: '',
  labels: [],
  extra_schedules: [],
  task_before: null,
  task_after: null,
  log_name: null,
  overlap_policy: OverlapPolicy.replace,
  catch_up_minutes: 0,
  notify_policy: null,
  work_dir: null,
  sub_id: null,
};

/** Trimmed, without empties and duplicates, in the order given. */
export function cleanLabels(labels: readonly string[]): string[] {
  return [...new Set(labels.map((l) => l.trim()).filter((l) => l !== ''))];
}

const textOrNull = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' ? null : value;

/** The draft a stored row stands for (the base of a partial update). */
export function draftOf(row: CronRow): CronDraft {
  return {
    name: row.name,
    command: row.command,
    schedule: row.schedule,
    labels: JSON.parse(row.labels) as string[],
    extra_schedules: JSON.parse(row.extra_schedules) as { schedule: string }[],
    task_before: row.task_before,
    task_after: row.task_after,
    log_name: row.log_name,
    overlap_policy: row.overlap_policy,
    catch_up_minutes: row.catch_up_minutes,
    notify_policy: row.notify_policy,
    work_dir: row.work_dir,
    sub_id: row.sub_id,
  };
}

/**
 * Applies the fields the caller sent onto `base` (a new task's defaults, or the stored task). A field left out keeps
 * its value; null clears it. The overlap policy is what is stored: Qinglong's allow_multiple_instances only sets it
 * when no policy is given (0 → replace, 1 → parallel).
 */
export function mergeInput(input: Partial<CronInput>, base: CronDraft = emptyDraft): CronDraft {
  const pick = <K extends keyof CronDraft>(key: K, value: CronDraft[K] | undefined): CronDraft[K] =>
    value === undefined ? base[key] : value;
  let overlap = base.overlap_policy;
  if (input.overlap_policy) overlap = input.overlap_policy;
  else if (input.allow_multiple_instances === 1) overlap = OverlapPolicy.parallel;
  else if (input.allow_multiple_instances === 0) overlap = OverlapPolicy.replace;
  return {
    name: input.name === undefined ? base.name : input.name.trim(),
    command: input.command === undefined ? base.command : input.command.trim(),
    schedule: input.schedule === undefined ? base.schedule : input.schedule.trim().replace(/\s+/g, ' '),
    labels: input.labels === undefined ? base.labels : cleanLabels(input.labels),
    extra_schedules:
      input.extra_schedules === undefined
        ? base.extra_schedules
        : (input.extra_schedules ?? [])
            .map((e) => ({ schedule: e.schedule.trim().replace(/\s+/g, ' ') }))
            .filter((e) => e.schedule !== ''),
    task_before: input.task_before === undefined ? base.task_before : textOrNull(input.task_before),
    task_after: input.task_after === undefined ? base.task_after : textOrNull(input.task_after),
    log_name: input.log_name === undefined ? base.log_name : textOrNull(input.log_name?.trim()),
    overlap_policy: overlap,
    catch_up_minutes: pick('catch_up_minutes', input.catch_up_minutes === null ? 0 : input.catch_up_minutes),
    notify_policy: input.notify_policy === undefined ? base.notify_policy : textOrNull(input.notify_policy?.trim()),
    work_dir: input.work_dir === undefined ? base.work_dir : textOrNull(input.work_dir?.trim()),
    sub_id: pick('sub_id', input.sub_id),
  };
}

/** A line or a piece of a command chain that starts the task runner itself (`task x.js`, `ql repo …`). */
export function containsTaskCommand(script: string): boolean {
  return script
    .split(/[\n\r;&|`{}()]|\$\(/)
    .map((part) => part.trim())
    .some((part) => /^(task|ql)(\s|$)/.test(part));
}

/** The name of a task created without one: its script's file name (`task sign/jd.js` → `jd.js`), or its command. */
export function defaultName(command: string): string {
  const parsed = parseTaskCommand(command);
  if (parsed.ok && parsed.command.kind === 'script') return path.posix.basename(parsed.command.script);
  return command.trim().slice(0, 200);
}

/** log_name is /dev/null (no log) or a relative folder that stays inside data/log. */
export function isValidLogName(logName: string, logRoot: string): boolean {
  if (logName === noLogName) return true;
  if (logName.includes('\0') || logName.includes('\\') || path.isAbsolute(logName)) return false;
  if (logName.split('/').includes('..')) return false;
  const resolved = path.resolve(logRoot, logName);
  return isInside(logRoot, resolved, false);
}

/** work_dir is absolute or relative to data/scripts and must stay inside the data directory (it may not exist yet). */
export async function isValidWorkDir(workDir: string, paths: DataPaths): Promise<boolean> {
  if (workDir.includes('\0')) return false;
  // Real paths too, so a symlink inside data/ cannot point a work dir elsewhere.
  return leadsInside(paths.root, path.isAbsolute(workDir) ? workDir : path.resolve(paths.scripts, workDir));
}

/** Every rule the schema cannot express. Throws a 400 'Validation failed' naming the first bad field. */
export async function checkDraft(draft: CronDraft, paths: DataPaths, timezone: string): Promise<void> {
  if (parseSchedule(draft.schedule, timezone).kind === 'invalid') throw fieldError('schedule', 'cronFormat');
  for (const extra of draft.extra_schedules) {
    if (parseSchedule(extra.schedule, timezone).kind === 'invalid') throw fieldError('extra_schedules', 'cronFormat');
  }
  for (const field of ['task_before', 'task_after'] as const) {
    const script = draft[field];
    if (script && containsTaskCommand(script)) throw fieldError(field, 'taskCommandInHook');
  }
  if (draft.log_name !== null && !isValidLogName(draft.log_name, paths.log)) {
    throw fieldError('log_name', 'logNameInvalid');
  }
  if (draft.work_dir !== null && !(await isValidWorkDir(draft.work_dir, paths))) {
    throw fieldError('work_dir', 'workDirInvalid');
  }
  if (draft.notify_policy !== null && !(TaskNotifyPolicies as readonly string[]).includes(draft.notify_policy)) {
    throw fieldError('notify_policy', 'invalidType', { type: TaskNotifyPolicies.join(' | ') });
  }
}

/** The draft as table columns (JSON columns serialised). */
export function columnsOf(draft: CronDraft): Omit<NewCron, 'created_at' | 'updated_at'> {
  return { ...draft, labels: JSON.stringify(draft.labels), extra_schedules: JSON.stringify(draft.extra_schedules) };
}
