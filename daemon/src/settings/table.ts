/**
 * Every setting the daemon keeps in the `settings` table: its stored name, what a valid value is, and its default.
 * Defaults are defined here once; a stored value that is not valid (a hand edit, an older format) counts as unset.
 */
import os from 'node:os';
import { defaultRunLogLimitMb, maxRunLogLimitMb } from './limits.ts';
import { defaultBackupKeep, defaultBackupParts, isBackupPart, type BackupPart } from '../contract/backup-parts.ts';
import { Languages, fallbackLanguage, type Language } from '../contract/i18n.ts';
import { maxLogRemoveDays, maxRunHistoryLimit } from '../contract/retention.ts';
import { systemLogDaysMax, systemLogMaxMbMax } from '../contract/system-log-schemas.ts';
import { defaultLocalTargets, type LocalTargets } from '../contract/local-targets.ts';
import type { LastDelivery } from '../contract/notification-schemas.ts';
import {
  defaultTaskNotifyPolicy,
  isNotifyChannelId,
  TaskNotifyPolicies,
  closedNotification,
  type NotificationSettings,
  type TaskNotifyPolicy,
} from '../contract/notifications.ts';

/** What defaults depend on: the machine the daemon runs on. */
export interface SettingsEnvironment {
  /** The container's time zone (config.ts: TZ, else the system's). */
  systemTimezone: string;
}

interface SettingSpec<T> {
  /** The row's key; Qinglong's systemConfig names where it has one. */
  stored: string;
  valid(value: unknown): value is T;
  fallback(environment: SettingsEnvironment): T;
}

const spec = <T>(stored: string, valid: (value: unknown) => value is T, fallback: (e: SettingsEnvironment) => T) =>
  ({ stored, valid, fallback }) satisfies SettingSpec<T>;

const isText = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isWithin =
  (max: number) =>
  (value: unknown): value is number =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max;
const isPositiveInteger = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isLanguage = (value: unknown): value is Language => (Languages as readonly unknown[]).includes(value);
const isLanguageOrNull = (value: unknown): value is Language | null => value === null || isLanguage(value);
const isTimestamp = (value: unknown): value is number | null => value === null || Number.isFinite(value);
const isTaskPolicy = (value: unknown): value is TaskNotifyPolicy => (TaskNotifyPolicies as unknown[]).includes(value);
const isChannel = (value: unknown): value is NotificationSettings =>
  typeof value === 'object' && value !== null && isNotifyChannelId((value as { type?: unknown }).type);
const isLastDelivery = (value: unknown): value is LastDelivery | null => {
  const delivery = value as Partial<LastDelivery> | null;
  return (
    value === null ||
    (Number.isFinite(delivery?.at) &&
      isNotifyChannelId(delivery?.channel) &&
      typeof delivery?.ok === 'boolean' &&
      (delivery.error === null || typeof delivery.error === 'string'))
  );
};
const isLocalTargets = (value: unknown): value is LocalTargets => {
  const targets = value as Partial<LocalTargets> | null;
  return (
    typeof targets?.allowLocal === 'boolean' &&
    Array.isArray(targets.allowed) &&
    targets.allowed.every((entry) => typeof entry === 'string')
  );
};

/** 0 turns a retention limit off; the ceiling keeps a typo from meaning "forever" in another unit. */
const isRetentionLimit = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= maxRunHistoryLimit;

const isLogRemoveDays = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= maxLogRemoveDays;
const isBackupKeep = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100;
const isBackupParts = (value: unknown): value is BackupPart[] =>
  Array.isArray(value) && value.includes('db') && value.every(isBackupPart);
const isRunLogLimit = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= maxRunLogLimitMb;

/** Runs at once by default: the machine's cores, at least 4 (most runs wait on the network, not the CPU). */
const defaultConcurrency = () => Math.max(os.availableParallelism(), 4);

export const settingsTable = {
  /** How many task runs at once (Qinglong's cronConcurrency). */
  cronConcurrency: spec('cronConcurrency', isPositiveInteger, defaultConcurrency),
  /**
   * The first-run wizard made the account and has not been finished (notification and completion steps remain).
   * Set by the account step, cleared by `PUT api/system/setup/done`; unset on panels set up before it was tracked.
   */
  setupPending: spec('setupPending', isBoolean, () => false),
  /** The IANA zone schedules are read in. */
  timezone: spec('timezone', isText, (e) => e.systemTimezone),
  /**
   * The language of the lines the daemon writes into logs and notifications, when the administrator chose one;
   * unset, they follow the panel's language (`uiLang`; settings/language.ts).
   */
  lang: spec('lang', isLanguage, () => fallbackLanguage),
  /** The language the administrator's panel was last shown in (seen on `GET api/user`); null before any. */
  uiLang: spec('uiLang', isLanguageOrNull, () => null),
  /** When the scheduler last said it was alive (ms), to find the due times a stop missed. */
  schedulerHeartbeat: spec('schedulerHeartbeat', isTimestamp, () => null),
  /** An http(s) proxy for dependency installers, and the package mirrors (Qinglong's names). */
  dependenceProxy: spec('dependenceProxy', isText, () => ''),
  nodeMirror: spec('nodeMirror', isText, () => ''),
  pythonMirror: spec('pythonMirror', isText, () => ''),
  linuxMirror: spec('linuxMirror', isText, () => ''),
  /** The panel's notification channel: `{type, ...fields}` as in contract/notifications.ts. */
  notification: spec('notification', isChannel, () => closedNotification),
  /** When a task without a policy of its own sends a notification. */
  taskNotifyPolicy: spec('taskNotifyPolicy', isTaskPolicy, () => defaultTaskNotifyPolicy),
  /** Cap of one run's output (task runs, debug runs, installs, subscription hooks), in MB. */
  runLogLimitMb: spec('runLogLimitMb', isRunLogLimit, () => defaultRunLogLimitMb),
  /**
   * Run history kept (jobs/run-retention.ts, run by the retention job): runs that ended more than this many days ago
   * go with their logs, and beyond the newest this many runs of each task (subscription, dependency); 0 = no limit.
   * A task every minute for three years would otherwise be 1.5 million rows and as many log files.
   */
  runHistoryDays: spec('runHistoryDays', isRetentionLimit, () => 90),
  runHistoryPerTask: spec('runHistoryPerTask', isRetentionLimit, () => 1000),
  /** Every x days, run logs older than x days are deleted; 0 = off (Qinglong's logRemoveFrequency). */
  logRemoveFrequency: spec('logRemoveFrequency', isLogRemoveDays, () => 0),
  /** A cron rule for scheduled backups into data/bak; '' = off (the default: see docs/backup.md). */
  backupSchedule: spec('backupSchedule', isText, () => ''),
  /** How many scheduled backups data/bak keeps. */
  backupKeep: spec('backupKeep', isBackupKeep, () => defaultBackupKeep),
  /** What a scheduled backup holds. */
  backupParts: spec('backupParts', isBackupParts, () => [...defaultBackupParts]),
  /** Which local-network addresses notification channels may reach (default: this machine and private networks). */
  notifyLocalTargets: spec('notifyLocalTargets', isLocalTargets, () => defaultLocalTargets),
  /** The last notification sent on the owner's behalf and how it went (modules/notifications/deliveries.ts). */
  notifyLastDelivery: spec('notifyLastDelivery', isLastDelivery, (): LastDelivery | null => null),
  /** Days of the daemon's own log kept in data/syslog, today included. */
  systemLogDays: spec('systemLogDays', isWithin(systemLogDaysMax), () => 7),
  /** Room data/syslog may take in all, in MB. */
  systemLogMaxMb: spec('systemLogMaxMb', isWithin(systemLogMaxMbMax), () => 50),
  /** Whether the panel and `ql update` may download and install updates. */
  updateEnabled: spec('updateEnabled', isBoolean, () => true),
  /** The release feed; '' = the one the image was built with (BAIHU_RELEASE_FEED). */
  updateFeedUrl: spec('updateFeedUrl', isText, () => ''),
};

export type SettingName = keyof typeof settingsTable;
export type SettingValue<K extends SettingName> = ReturnType<(typeof settingsTable)[K]['fallback']>;
