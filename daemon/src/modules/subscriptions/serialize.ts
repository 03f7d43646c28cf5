import { maskedSecret } from '../../contract/enums.ts';
import type { IntervalSchedule, PullOption, Subscription, SubscriptionRun } from '../../contract/subscriptions.ts';
import type { SubscriptionRow, JobRunRow } from '../../db/schema.ts';

const parse = <T>(text: string | null): T | null => {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

export const pullOptionOf = (row: Pick<SubscriptionRow, 'pull_option'>) => parse<PullOption>(row.pull_option);
export const intervalOf = (row: Pick<SubscriptionRow, 'interval_schedule'>) =>
  parse<IntervalSchedule>(row.interval_schedule);

/** Secrets replaced by the mask; the username stays readable. */
function maskPullOption(option: PullOption | null): PullOption | null {
  if (!option) return null;
  const masked: PullOption = {};
  if (option.username !== undefined) masked.username = option.username;
  if (option.password !== undefined) masked.password = option.password ? maskedSecret : '';
  if (option.private_key !== undefined) masked.private_key = option.private_key ? maskedSecret : '';
  return masked;
}

/** A row as Qinglong's clients see it, secrets masked. */
export function toWireSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    url: row.url,
    branch: row.branch,
    schedule_type: row.schedule_type,
    schedule: row.schedule,
    interval_schedule: intervalOf(row),
    whitelist: row.whitelist,
    blacklist: row.blacklist,
    dependences: row.dependences,
    extensions: row.extensions,
    pull_type: row.pull_type,
    pull_option: maskPullOption(pullOptionOf(row)),
    status: row.status,
    pid: row.pid,
    is_disabled: row.is_disabled,
    log_path: row.log_path,
    alias: row.alias,
    sub_before: row.sub_before,
    sub_after: row.sub_after,
    proxy: row.proxy,
    autoAddCron: row.auto_add_cron,
    autoDelCron: row.auto_del_cron,
    last_end: row.last_end,
    last_pull_at: row.last_pull_at,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** A pull's run row as Qinglong-style instances: the subscription's id, and the task changes it made. */
export function toWireRun(row: JobRunRow): SubscriptionRun {
  const detail = parse<{ added?: number; removed?: number }>(row.detail);
  return {
    id: row.id,
    sub_id: row.ref_id ?? 0,
    status: row.status,
    end: row.end,
    trigger: row.trigger,
    log_path: row.log_path,
    message: row.message,
    added: detail?.added ?? 0,
    removed: detail?.removed ?? 0,
    started_at: row.started_at,
    finished_at: row.finished_at,
    duration_ms: row.duration_ms,
  };
}
