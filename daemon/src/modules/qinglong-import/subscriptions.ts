/**
 * Subscriptions: every field Qinglong keeps, keys and passwords included, checked with Baihu's subscription rules
 * (URL, branch, key or user/password, cron or interval, patterns, proxy, alias). The alias Qinglong used is kept, so
 * scripts/<alias>, repo/<alias>, the log folder and ssh.d/<alias> still match; an old row without one gets the alias
 * Qinglong would have derived.
 */
import { ImportKind } from '../../contract/import.ts';
import { SubscriptionInput, type IntervalSchedule, type PullOption } from '../../contract/subscriptions.ts';
import { checkSubscription, mergeSubscription } from '../subscriptions/index.ts';
import type { PlannedSubscription } from './plan.ts';
import { reasonOfError, type ImportReport } from './report.ts';
import { schemaIssue } from './schema-issue.ts';
import { flag, integer, isRecord, jsonValue, text, trimmed } from './values.ts';

const intervalUnits = ['days', 'hours', 'minutes', 'seconds'];

function intervalOf(raw: unknown): IntervalSchedule | null {
  const value = jsonValue(raw);
  if (!isRecord(value) || !intervalUnits.includes(String(value.type))) return null;
  const amount = integer(value.value);
  return amount === null ? null : { type: value.type as IntervalSchedule['type'], value: amount };
}

function pullOptionOf(raw: unknown): PullOption | null {
  const value = jsonValue(raw);
  if (!isRecord(value)) return null;
  const option: PullOption = {};
  for (const key of ['private_key', 'username', 'password'] as const) {
    const field = text(value[key]);
    if (field !== null) option[key] = field;
  }
  return option;
}

/** A Subscriptions row as Baihu's input (every field Qinglong has). */
export function subscriptionInputOf(row: Record<string, unknown>): SubscriptionInput {
  const scheduleType = trimmed(row.schedule_type) === 'interval' ? 'interval' : 'crontab';
  const pullType = trimmed(row.pull_type);
  return {
    name: trimmed(row.name) ?? trimmed(row.alias) ?? '',
    type: (trimmed(row.type) ?? 'public-repo') as SubscriptionInput['type'],
    url: trimmed(row.url) ?? '',
    branch: trimmed(row.branch),
    schedule_type: scheduleType,
    schedule: trimmed(row.schedule),
    interval_schedule: intervalOf(row.interval_schedule),
    whitelist: trimmed(row.whitelist),
    blacklist: trimmed(row.blacklist),
    dependences: trimmed(row.dependences),
    extensions: trimmed(row.extensions),
    pull_type: pullType === 'ssh-key' || pullType === 'user-pwd' ? pullType : null,
    pull_option: pullOptionOf(row.pull_option),
    alias: trimmed(row.alias),
    sub_before: trimmed(row.sub_before),
    sub_after: trimmed(row.sub_after),
    proxy: trimmed(row.proxy),
    // Qinglong: null counts as on.
    autoAddCron: flag(row.autoAddCron, true) ? 1 : 0,
    autoDelCron: flag(row.autoDelCron, true) ? 1 : 0,
    is_disabled: flag(row.is_disabled) ? 1 : 0,
  };
}

export interface PlannedSubscriptions {
  subscriptions: PlannedSubscription[];
  /** Qinglong's subscription id → the alias it lands under (null: not imported). */
  aliasById: Map<number, string | null>;
}

export function planSubscriptions(rows: Record<string, unknown>[], report: ImportReport): PlannedSubscriptions {
  const subscriptions: PlannedSubscription[] = [];
  const aliasById = new Map<number, string | null>();
  const aliases = new Set<string>();
  for (const row of rows) {
    report.found(ImportKind.subscription);
    const id = integer(row.id) ?? 0;
    const input = subscriptionInputOf(row);
    const item = input.name || input.url || String(id);
    aliasById.set(id, null);
    const issue = schemaIssue(SubscriptionInput, input);
    if (issue) {
      report.skip(ImportKind.subscription, item, issue);
      continue;
    }
    const draft = mergeSubscription(input);
    try {
      checkSubscription(draft, null, null);
    } catch (error) {
      report.skip(ImportKind.subscription, item, reasonOfError(error));
      continue;
    }
    if (aliases.has(draft.alias)) {
      report.skip(ImportKind.subscription, item, { key: 'importDuplicate' });
      continue;
    }
    aliases.add(draft.alias);
    aliasById.set(id, draft.alias);
    subscriptions.push({ sourceId: id, input: { ...input, alias: draft.alias } });
    report.imported(ImportKind.subscription);
  }
  return { subscriptions, aliasById };
}
