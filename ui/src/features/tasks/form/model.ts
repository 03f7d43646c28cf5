import type { CronInput } from '@contract/tasks.ts';
import { OverlapPolicy } from '@contract/enums.ts';
import { ScheduleKeyword, parseSchedule } from '@contract/schedule.ts';
import { t } from '@lingui/core/macro';
import { required, type Errors } from '../../../lib/formRules.ts';
import type { Cron } from '../api.ts';

export type ScheduleType = 'normal' | 'once' | 'boot';

/** The form's state: everything as the user edits it (numbers as text, hooks as text). */
export interface Draft {
  name: string;
  command: string;
  scheduleType: ScheduleType;
  schedule: string;
  extraSchedules: string[];
  labels: string[];
  overlapPolicy: OverlapPolicy;
  catchUpMinutes: string;
  /** '' = the global default. */
  notifyPolicy: string;
  logName: string;
  workDir: string;
  taskBefore: string;
  taskAfter: string;
}

export const emptyDraft: Draft = {
  name: '',
  command: '',
  scheduleType: 'normal',
  schedule: '',
  extraSchedules: [],
  labels: [],
  overlapPolicy: OverlapPolicy.replace,
  catchUpMinutes: '0',
  notifyPolicy: '',
  logName: '',
  workDir: '',
  taskBefore: '',
  taskAfter: '',
};

export function scheduleTypeOf(schedule: string): ScheduleType {
  const kind = parseSchedule(schedule).kind;
  return kind === 'once' ? 'once' : kind === 'boot' ? 'boot' : 'normal';
}

export function draftOf(cron: Cron): Draft {
  const type = scheduleTypeOf(cron.schedule);
  return {
    name: cron.name,
    command: cron.command,
    scheduleType: type,
    schedule: type === 'normal' ? cron.schedule : '',
    extraSchedules: cron.extra_schedules.map((e) => e.schedule),
    labels: cron.labels,
    overlapPolicy: (cron.overlap_policy as OverlapPolicy) || OverlapPolicy.replace,
    catchUpMinutes: String(cron.catch_up_minutes ?? 0),
    notifyPolicy: cron.notify_policy ?? '',
    logName: cron.log_name ?? '',
    workDir: cron.work_dir ?? '',
    taskBefore: cron.task_before ?? '',
    taskAfter: cron.task_after ?? '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

export function inputOf(draft: Draft): CronInput {
  const schedule =
    draft.scheduleType === 'once'
      ? ScheduleKeyword.once
      : draft.scheduleType === 'boot'
        ? ScheduleKeyword.boot
        : draft.schedule.trim();
  return {
    name: draft.name.trim(),
    command: draft.command.trim(),
    schedule,
    labels: draft.labels,
    extra_schedules:
      draft.scheduleType === 'normal'
        ? draft.extraSchedules.filter((s) => s.trim()).map((s) => ({ schedule: s.trim() }))
        : [],
    overlap_policy: draft.overlapPolicy,
    allow_multiple_instances: draft.overlapPolicy === OverlapPolicy.parallel ? 1 : 0,
    catch_up_minutes: Number(draft.catchUpMinutes) || 0,
    notify_policy: orNull(draft.notifyPolicy),
    log_name: orNull(draft.logName.trim()),
    work_dir: orNull(draft.workDir.trim()),
    task_before: orNull(draft.taskBefore),
    task_after: orNull(draft.taskAfter),
  };
}

/** The spec's message for a schedule the one parser refuses. */
export const cronFormatMessage = () => t`Incorrect Cron Expression Format`;

export function scheduleError(schedule: string): string | undefined {
  if (schedule.trim() === '') return undefined;
  const kind = parseSchedule(schedule).kind;
  return kind === 'invalid' || kind === 'once' || kind === 'boot' ? cronFormatMessage() : undefined;
}

export function validate(draft: Draft): Errors {
  const errors: Errors = {
    name: required(draft.name, t`name`),
    command: required(draft.command, t`command`),
  };
  if (draft.scheduleType === 'normal') {
    errors.schedule = required(draft.schedule, t`schedule`) ?? scheduleError(draft.schedule);
    draft.extraSchedules.forEach((s, i) => {
      const error = scheduleError(s);
      if (error) errors[`extra_schedules.${i}`] = error;
    });
  }
  const minutes = draft.catchUpMinutes.trim();
  if (minutes !== '' && !/^\d+$/.test(minutes)) errors.catch_up_minutes = t`Enter a whole number of minutes`;
  return errors;
}
