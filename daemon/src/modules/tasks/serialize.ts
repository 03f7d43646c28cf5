import type { Cron, CronRun, CronView } from '../../contract/tasks.ts';
import { CronStatus, OverlapPolicy } from '../../contract/enums.ts';
import type { CronRow, JobRunRow, CronViewRow } from '../../db/schema.ts';
import type { ViewFilterSpec, ViewSortSpec } from './search-query.ts';

function parseArray<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/**
 * A row as Qinglong's clients see it. A disabled task that is idle shows status 2, as Qinglong's list does; the
 * stored status stays running/idle/queued. allow_multiple_instances is derived from the stored overlap policy.
 */
export function toWireCron(row: CronRow, nextRunTime: number | null): Cron {
  return {
    id: row.id,
    name: row.name,
    command: row.command,
    schedule: row.schedule,
    labels: parseArray<string>(row.labels),
    extra_schedules: parseArray<{ schedule: string }>(row.extra_schedules),
    task_before: row.task_before,
    task_after: row.task_after,
    log_name: row.log_name,
    allow_multiple_instances: row.overlap_policy === OverlapPolicy.parallel ? 1 : 0,
    overlap_policy: row.overlap_policy,
    catch_up_minutes: row.catch_up_minutes,
    notify_policy: row.notify_policy,
    work_dir: row.work_dir,
    sub_id: row.sub_id,
    status: row.is_disabled && row.status === CronStatus.idle ? CronStatus.disabled : row.status,
    isSystem: row.is_system ? 1 : 0,
    isDisabled: row.is_disabled ? 1 : 0,
    isPinned: row.is_pinned ? 1 : 0,
    pid: row.pid,
    log_path: row.log_path,
    last_running_time: row.last_running_time,
    last_execution_time: row.last_execution_time,
    last_end: row.last_end,
    last_exit_code: row.last_exit_code,
    nextRunTime: row.is_disabled ? null : nextRunTime,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function toWireRun(row: JobRunRow): CronRun {
  return {
    id: row.id,
    cron_id: row.ref_id ?? 0,
    status: row.status,
    end: row.end,
    trigger: row.trigger,
    pid: row.pid,
    log_path: row.log_path,
    queued_at: row.queued_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    exit_code: row.exit_code,
    duration_ms: row.duration_ms,
    message: row.message,
  };
}

export function toWireView(row: CronViewRow): CronView {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    isDisabled: row.is_disabled ? 1 : 0,
    filters: parseArray<ViewFilterSpec>(row.filters),
    sorts: parseArray<ViewSortSpec>(row.sorts),
    filterRelation: row.filter_relation,
    type: row.type,
  };
}
