import { IntervalUnit, PullType, SubscriptionScheduleType, SubscriptionType, maskedSecret } from '@contract/enums.ts';
import { parseSchedule } from '@contract/schedule.ts';
import { t } from '@lingui/core/macro';
import { errorsFrom, required, type Errors } from '../../../lib/formRules.ts';
import type { ParsedCommand, Subscription, SubscriptionInput } from '../api.ts';

export type SubType = (typeof SubscriptionType)[keyof typeof SubscriptionType];
export type PullKind = (typeof PullType)[keyof typeof PullType];
export type ScheduleKind = (typeof SubscriptionScheduleType)[keyof typeof SubscriptionScheduleType];
export type Unit = (typeof IntervalUnit)[keyof typeof IntervalUnit];

/** The form's state: everything as the user edits it (numbers as text). */
export interface Draft {
  name: string;
  type: SubType;
  url: string;
  branch: string;
  alias: string;
  pullType: PullKind;
  username: string;
  password: string;
  privateKey: string;
  scheduleType: ScheduleKind;
  schedule: string;
  intervalValue: string;
  intervalUnit: Unit;
  whitelist: string;
  blacklist: string;
  dependences: string;
  extensions: string;
  subBefore: string;
  subAfter: string;
  proxy: string;
  autoAddCron: boolean;
  autoDelCron: boolean;
}

export const emptyDraft: Draft = {
  name: '',
  type: SubscriptionType.publicRepo,
  url: '',
  branch: '',
  alias: '',
  pullType: PullType.userPwd,
  username: '',
  password: '',
  privateKey: '',
  scheduleType: SubscriptionScheduleType.crontab,
  schedule: '',
  intervalValue: '1',
  intervalUnit: IntervalUnit.days,
  whitelist: '',
  blacklist: '',
  dependences: '',
  extensions: '',
  subBefore: '',
  subAfter: '',
  proxy: '',
  autoAddCron: true,
  autoDelCron: true,
};

const isType = (value: string): value is SubType => (Object.values(SubscriptionType) as string[]).includes(value);
const flag = (value: number | boolean | null | undefined) => value === null || value === undefined || !!value;

export function draftOf(sub: Subscription): Draft {
  return {
    name: sub.name,
    type: isType(sub.type) ? sub.type : SubscriptionType.publicRepo,
    url: sub.url,
    branch: sub.branch ?? '',
    alias: sub.alias,
    pullType: sub.pull_type === PullType.sshKey ? PullType.sshKey : PullType.userPwd,
    username: sub.pull_option?.username ?? '',
    password: sub.pull_option?.password ?? '',
    privateKey: sub.pull_option?.private_key ?? '',
    scheduleType:
      sub.schedule_type === SubscriptionScheduleType.interval
        ? SubscriptionScheduleType.interval
        : SubscriptionScheduleType.crontab,
    schedule: sub.schedule ?? '',
    intervalValue: String(sub.interval_schedule?.value ?? 1),
    intervalUnit: (sub.interval_schedule?.type as Unit | undefined) ?? IntervalUnit.days,
    whitelist: sub.whitelist ?? '',
    blacklist: sub.blacklist ?? '',
    dependences: sub.dependences ?? '',
    extensions: sub.extensions ?? '',
    subBefore: sub.sub_before ?? '',
    subAfter: sub.sub_after ?? '',
    proxy: sub.proxy ?? '',
    autoAddCron: flag(sub.autoAddCron),
    autoDelCron: flag(sub.autoDelCron),
  };
}

/** The fields a pasted `ql repo …` / `ql raw …` command sets (the rest keep what the user typed). */
export function draftFromParsed(draft: Draft, parsed: ParsedCommand): Draft {
  return {
    ...draft,
    type: isType(parsed.type) ? parsed.type : draft.type,
    url: parsed.url,
    name: parsed.name ?? draft.name,
    alias: parsed.alias ?? draft.alias,
    branch: parsed.branch ?? draft.branch,
    whitelist: parsed.whitelist ?? draft.whitelist,
    blacklist: parsed.blacklist ?? draft.blacklist,
    dependences: parsed.dependences ?? draft.dependences,
    extensions: parsed.extensions ?? draft.extensions,
    proxy: parsed.proxy ?? draft.proxy,
    autoAddCron: parsed.autoAddCron === undefined ? draft.autoAddCron : !!parsed.autoAddCron,
    autoDelCron: parsed.autoDelCron === undefined ? draft.autoDelCron : !!parsed.autoDelCron,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
export const isRepo = (type: SubType) => type !== SubscriptionType.file;

export function inputOf(draft: Draft): SubscriptionInput {
  const privateRepo = draft.type === SubscriptionType.privateRepo;
  const interval = draft.scheduleType === SubscriptionScheduleType.interval;
  const repo = isRepo(draft.type);
  return {
    name: draft.name.trim(),
    type: draft.type,
    url: draft.url.trim(),
    branch: isRepo(draft.type) ? orNull(draft.branch) : null,
    alias: orNull(draft.alias),
    pull_type: privateRepo ? draft.pullType : null,
    pull_option: privateRepo
      ? draft.pullType === PullType.sshKey
        ? { private_key: draft.privateKey }
        : { username: draft.username.trim(), password: draft.password }
      : null,
    schedule_type: draft.scheduleType,
    schedule: interval ? null : draft.schedule.trim(),
    interval_schedule: interval ? { type: draft.intervalUnit, value: Number(draft.intervalValue) } : null,
    // A single file has no file patterns: what was typed while it was a repository is not kept.
    whitelist: repo ? orNull(draft.whitelist) : null,
    blacklist: repo ? orNull(draft.blacklist) : null,
    dependences: repo ? orNull(draft.dependences) : null,
    extensions: repo ? orNull(draft.extensions) : null,
    sub_before: orNull(draft.subBefore),
    sub_after: orNull(draft.subAfter),
    proxy: orNull(draft.proxy),
    autoAddCron: draft.autoAddCron ? 1 : 0,
    autoDelCron: draft.autoDelCron ? 1 : 0,
  };
}

/** A secret that came back masked and was left alone keeps the stored value. */
export const isMasked = (value: string) => value === maskedSecret;

/** The spec's message for a schedule the one parser refuses. */
export function scheduleError(schedule: string): string | undefined {
  if (schedule.trim() === '') return undefined;
  return parseSchedule(schedule).kind === 'cron' ? undefined : t`Incorrect Cron Expression Format`;
}

export function validate(draft: Draft): Errors {
  const errors: Errors = {
    name: required(draft.name, t`name`),
    url: required(draft.url, t`link`),
  };
  if (isRepo(draft.type)) errors.branch = required(draft.branch, t`branch`);
  if (draft.type === SubscriptionType.privateRepo) {
    if (draft.pullType === PullType.sshKey) errors.private_key = required(draft.privateKey, t`key`);
    else {
      errors.username = required(draft.username, t`username`);
      errors.password = required(draft.password, t`password`);
    }
  }
  if (draft.scheduleType === SubscriptionScheduleType.crontab)
    errors.schedule = required(draft.schedule, t`schedule`) ?? scheduleError(draft.schedule);
  else if (!/^\d+$/.test(draft.intervalValue.trim()) || Number(draft.intervalValue) < 1)
    errors.interval_schedule = t`Enter a whole number of at least 1`;
  return errors;
}

/** The alias the daemon derives when none is given (`<owner>_<repo>[_<branch>]`, or the file name). */
export function derivedAlias(draft: Pick<Draft, 'type' | 'url' | 'branch'>): string {
  const url = draft.url.trim();
  if (!url) return '';
  const pathPart = url
    .replace(/^[a-z]+:\/\/[^/]*/i, '')
    .replace(/^[\w.-]+@[\w.-]+:/, '')
    .replace(/[?#].*$/, '');
  const segments = pathPart.split('/').filter((s) => s !== '');
  const clean = (text: string) =>
    text
      .replace(/[^\p{L}\p{N}_.-]+/gu, '_')
      .replace(/[/.]/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 100);
  if (draft.type === SubscriptionType.file) return clean((segments.at(-1) ?? 'raw').replace(/\.[^.]*$/, '')) || 'raw';
  const repo = (segments.at(-1) ?? 'repo').replace(/\.git$/, '');
  const parts = [segments.at(-2), repo, draft.branch.trim() || undefined].filter((p): p is string => !!p);
  return clean(parts.join('_')) || 'repo';
}

/** The fields under "More options", so a form with an error among them opens it. */
export const moreKeys = ['whitelist', 'blacklist', 'dependences', 'extensions', 'sub_before', 'sub_after', 'proxy'];
/** Every field the form shows an error beside; the server's other complaints go above the form. */
const shownKeys = [
  'name',
  'url',
  'branch',
  'alias',
  'username',
  'password',
  'private_key',
  'schedule',
  'interval_schedule',
  ...moreKeys,
];
/** Server field names → the form's error keys. */
const fieldKey: Record<string, string> = { pull_option: 'password', type: 'url' };

/**
 * A refused save as the form shows it: the server's field errors by the form's keys (`/pull_option/password` →
 * `password`), and a message for the whole form when none of them lands beside a field.
 */
export function serverErrors(error: unknown): { fields: Errors; form: string | null } {
  const { fields, form } = errorsFrom(error);
  const byField: Errors = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.split('/').find((part) => part && !/^\d+$/.test(part) && part !== 'pull_option') ?? key;
    byField[fieldKey[name] ?? name] ??= message;
  }
  const shown = shownKeys.some((key) => byField[key]);
  return { fields: byField, form: form ?? (shown ? null : (Object.values(byField).find(Boolean) ?? null)) };
}
