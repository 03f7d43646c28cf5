/**
 * A subscription's fields after merging and defaults, and every rule the schema cannot express. Required-field
 * messages name the field (name, link, branch where needed, schedule, key / username / password).
 */
import { ResponseCode } from '../../contract/codes.ts';
import { maskedSecret, PullType, SubscriptionScheduleType, SubscriptionType } from '../../contract/enums.ts';
import { parseSchedule } from '../../contract/schedule.ts';
import type { IntervalSchedule, PullOption, SubscriptionInput } from '../../contract/subscriptions.ts';
import type { NewSubscription, SubscriptionRow } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors/app-error.ts';
import { aliasOf, isSshUrl, isValidAlias } from './alias.ts';
import { checkPatterns } from './patterns.ts';
import { intervalOf, pullOptionOf } from './serialize.ts';

export type SubscriptionColumns = Omit<
  NewSubscription,
  'created_at' | 'updated_at' | 'status' | 'pid' | 'log_path' | 'last_end' | 'last_pull_at'
>;

const text = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' ? null : value.trim();
const flag = (value: boolean | number | null | undefined, base: number) =>
  value === undefined ? base : value === null ? 1 : value === true || value === 1 ? 1 : 0;

/** Refs git accepts that cannot be read as an option or leave refs/heads. */
const branchPattern = /^(?!-)(?!.*\.\.)(?!.*\/\/)[\w][\w./-]{0,199}$/;
/** URLs git may pull: https/http/ssh/git/file, or scp-like `user@host:path`. Nothing that git reads as an option. */
const repoUrlPattern = /^(https?:\/\/|ssh:\/\/|git:\/\/|file:\/\/|[\w.-]+@[\w.-]+:)[^\s]+$/i;
const fileUrlPattern = /^https?:\/\/[^\s]+$/i;
/**
 * A file of this machine (`ql raw file:///path`, as Qinglong's `ql raw` takes it): only from the shell, whose user
 * reads the data dir anyway. Through the API it would hand a session or an application any file the daemon reads.
 */
const localFileUrlPattern = /^file:\/\/\/[^\s]+$/i;
const proxyPattern = /^(https?|socks5h?|socks4a?):\/\/[^\s]+$/i;

/** What is stored for the input: `base` (the stored row) for fields left out; masked secrets keep the stored ones. */
export function mergeSubscription(input: Partial<SubscriptionInput>, base?: SubscriptionRow): SubscriptionColumns {
  const pick = <T>(value: T | undefined, fallback: T) => (value === undefined ? fallback : value);
  const type = input.type ?? (base?.type as SubscriptionType | undefined) ?? SubscriptionType.publicRepo;
  const url = input.url === undefined ? (base?.url ?? '') : input.url.trim();
  const branch = input.branch === undefined ? (base?.branch ?? null) : text(input.branch);
  const scheduleType = input.schedule_type ?? base?.schedule_type ?? SubscriptionScheduleType.crontab;
  const interval = input.interval_schedule === undefined ? (base ? intervalOf(base) : null) : input.interval_schedule;
  let pullType = input.pull_type === undefined ? (base?.pull_type ?? null) : text(input.pull_type);
  if (type !== SubscriptionType.privateRepo && type !== SubscriptionType.file) pullType = null;
  const option = mergePullOption(input.pull_option, base ? pullOptionOf(base) : null, pullType);
  const aliasInput = input.alias === undefined ? (base?.alias ?? null) : text(input.alias);
  return {
    name: input.name === undefined ? (base?.name ?? '') : input.name.trim(),
    type,
    url,
    branch: type === SubscriptionType.file ? null : branch,
    schedule_type: scheduleType,
    schedule:
      input.schedule === undefined ? (base?.schedule ?? null) : (text(input.schedule)?.replace(/\s+/g, ' ') ?? null),
    interval_schedule: interval ? JSON.stringify({ type: interval.type, value: interval.value }) : null,
    whitelist: pick(input.whitelist === undefined ? undefined : text(input.whitelist), base?.whitelist ?? null),
    blacklist: pick(input.blacklist === undefined ? undefined : text(input.blacklist), base?.blacklist ?? null),
    dependences: pick(input.dependences === undefined ? undefined : text(input.dependences), base?.dependences ?? null),
    extensions: pick(input.extensions === undefined ? undefined : text(input.extensions), base?.extensions ?? null),
    pull_type: pullType,
    pull_option: option ? JSON.stringify(option) : null,
    alias: aliasInput ?? aliasOf(type, url, branch),
    sub_before: pick(input.sub_before === undefined ? undefined : text(input.sub_before), base?.sub_before ?? null),
    sub_after: pick(input.sub_after === undefined ? undefined : text(input.sub_after), base?.sub_after ?? null),
    proxy: pick(input.proxy === undefined ? undefined : text(input.proxy), base?.proxy ?? null),
    auto_add_cron: flag(input.autoAddCron, base?.auto_add_cron ?? 1),
    auto_del_cron: flag(input.autoDelCron, base?.auto_del_cron ?? 1),
    is_disabled: input.is_disabled ?? base?.is_disabled ?? 0,
  };
}

/** The options of the pull type; a masked secret keeps the stored one. */
function mergePullOption(input: PullOption | null | undefined, stored: PullOption | null, pullType: string | null) {
  if (!pullType) return null;
  const given = input === undefined ? stored : input;
  if (!given) return null;
  const keep = (value: string | undefined, old: string | undefined) => (value === maskedSecret ? old : value);
  if (pullType === PullType.sshKey) {
    const key = keep(given.private_key, stored?.private_key);
    return { private_key: key ?? '' };
  }
  return { username: given.username?.trim() ?? '', password: keep(given.password, stored?.password) ?? '' };
}

const intervalMs: Record<IntervalSchedule['type'], number> = {
  days: 86_400_000,
  hours: 3_600_000,
  minutes: 60_000,
  seconds: 1000,
};
/** An interval's length in ms (at least 10 s, so a mistake cannot turn into a pull storm). */
export const intervalLengthMs = (interval: IntervalSchedule) =>
  Math.max(10_000, intervalMs[interval.type] * interval.value);

/**
 * Every rule the schema cannot express. `aliasOwner`: the id of the subscription already using the alias, if any.
 * `localFile`: a file subscription may name a file of this machine (set from the shell, or kept as the shell set it).
 */
export function checkSubscription(
  draft: SubscriptionColumns,
  aliasOwner: number | null,
  selfId: number | null,
  { localFile = false } = {},
): void {
  if (!draft.name) throw fieldError('name', 'required');
  if (!draft.url) throw fieldError('url', 'required');
  const isFile = draft.type === SubscriptionType.file;
  const fileUrl = (url: string) => fileUrlPattern.test(url) || (localFile && localFileUrlPattern.test(url));
  if (!(isFile ? fileUrl(draft.url) : repoUrlPattern.test(draft.url))) {
    throw fieldError('url', isFile ? 'urlInvalid' : 'invalidType', { type: 'URL' });
  }
  if (draft.branch && !branchPattern.test(draft.branch)) throw fieldError('branch', 'invalidType', { type: 'branch' });
  if (draft.type === SubscriptionType.privateRepo) {
    if (!draft.pull_type) throw fieldError('pull_type', 'required');
    const option = draft.pull_option ? (JSON.parse(draft.pull_option) as PullOption) : {};
    if (draft.pull_type === PullType.sshKey) {
      if (!option.private_key?.trim()) throw fieldError('private_key', 'required');
      if (!isSshUrl(draft.url)) throw fieldError('url', 'invalidType', { type: 'SSH URL' });
    } else {
      if (!option.username) throw fieldError('username', 'required');
      if (!option.password) throw fieldError('password', 'required');
    }
  } else if (draft.type === SubscriptionType.publicRepo && isSshUrl(draft.url)) {
    // An SSH URL needs a key: it is a private repository.
    throw fieldError('type', 'invalidType', { type: 'private-repo' });
  }
  if (draft.schedule_type === SubscriptionScheduleType.crontab) {
    if (!draft.schedule) throw fieldError('schedule', 'required');
    if (parseSchedule(draft.schedule).kind !== 'cron') throw fieldError('schedule', 'cronFormat');
  } else if (!draft.interval_schedule) {
    throw fieldError('interval_schedule', 'required');
  }
  checkPatterns(draft);
  if (draft.proxy && !proxyPattern.test(draft.proxy)) throw fieldError('proxy', 'invalidType', { type: 'URL' });
  if (!isValidAlias(draft.alias)) throw fieldError('alias', 'aliasInvalid');
  if (aliasOwner !== null && aliasOwner !== selfId) {
    throw new AppError('aliasTaken', ResponseCode.conflict, { alias: draft.alias }, undefined, [
      { field: 'alias', key: 'aliasTaken', params: { alias: draft.alias } },
    ]);
  }
}
