/**
 * The import plan: everything a Qinglong data directory holds, already mapped onto Baihu's input shapes and checked
 * with Baihu's own rules, plus the report of what is left out. Built by read.ts without changing anything; the writer
 * (a job, later) applies it through each area's service. Secrets (the password, keys, a 2FA secret) live only in
 * this in-memory object; previewOf() gives the wire shape without them.
 */
import type { AppScope } from '../../contract/access.ts';
import type { Static } from 'typebox';
import type { CronInput, CronViewInput } from '../../contract/tasks.ts';
import type { DependencyType, RunEnd } from '../../contract/enums.ts';
import type { EnvInput } from '../../contract/envs.ts';
import type { ImportFolderPlan, ImportNotifyLibrary } from '../../contract/import-schemas.ts';
import type { ImportFlavour } from '../../contract/import.ts';
import type { NotificationSettings } from '../../contract/notifications.ts';
import type { SubscriptionInput } from '../../contract/subscriptions.ts';
import type { ImportReport } from './report.ts';

export interface ImportSource {
  /** The Qinglong data directory (holding db/, config/, scripts/…), resolved. */
  dataDir: string;
  flavour: ImportFlavour;
  /** The source is Baihu's own data directory: files are adopted in place, not copied. */
  adoptInPlace: boolean;
}

/** The password as the account will check it: Qinglong's plain text (hashed by the writer), or a hash Baihu reads. */
export type PlannedPassword = { kind: 'plain'; value: string } | { kind: 'hash'; value: string };

export interface PlannedAccount {
  username: string;
  password: PlannedPassword;
  /** Base32 TOTP secret and whether it was activated; null when 2FA was never set up (or cannot be read). */
  twoFactor: { secret: string; activated: boolean } | null;
  /** The avatar file under data/upload (Qinglong's `/api/static/<file>`), when there is one. */
  avatar: string | null;
}

/** A task's last run as Qinglong recorded it, in the task row's units (Unix seconds, seconds of duration). */
export interface CarriedLastRun {
  last_execution_time: number;
  last_running_time: number | null;
  last_end: RunEnd | null;
  log_path: string | null;
}

export interface PlannedTask {
  sourceId: number;
  /** What POST /api/crons takes; `sub_id` is left out: the writer links `subscriptionAlias` after subscriptions land. */
  input: CronInput;
  disabled: boolean;
  pinned: boolean;
  subscriptionAlias: string | null;
  /** The last run Qinglong recorded (null: it never ran there); written after the task, its log among the files. */
  lastRun: CarriedLastRun | null;
}

export interface PlannedView {
  sourceId: number;
  /** Qinglong's built-in "all tasks" view: only its name and hidden state apply, to Baihu's own. */
  system: boolean;
  input: Required<Static<typeof CronViewInput>>;
  hidden: boolean;
  /**
   * Filters on `sub_id` name Qinglong's subscription ids; the writer replaces each with the id of the subscription
   * that lands under the alias at the same place (null: the subscription was not imported).
   */
  subscriptionRefs: { filter: number; aliases: (string | null)[] }[];
}

export interface PlannedVariable {
  sourceId: number;
  input: EnvInput & { remarks: string | null; labels: string[] };
  disabled: boolean;
  pinned: boolean;
}

export interface PlannedSubscription {
  sourceId: number;
  /** Every field, secrets included (`pull_option`), with the alias Qinglong used or derived. */
  input: SubscriptionInput & { alias: string };
}

export interface PlannedDependency {
  sourceId: number;
  input: { name: string; type: DependencyType; remark: string | null };
  /** Qinglong's status (DependencyStatus), for the report; every planned dependency is queued for install. */
  sourceStatus: number | null;
}

export interface PlannedApp {
  sourceId: number | null;
  name: string;
  scopes: AppScope[];
  /** Qinglong's client id, kept so the app's clients only need the new secret (null when it had none). */
  clientId: string | null;
}

/** Settings Baihu has today, under its setting keys (Qinglong's systemConfig names). */
export interface PlannedSettings {
  cronConcurrency?: number;
  timezone?: string;
  lang?: 'en' | 'zh';
  dependenceProxy?: string;
  nodeMirror?: string;
  pythonMirror?: string;
  linuxMirror?: string;
  /** Every x days, run logs older than x days are deleted (the retention area's schedule). */
  logRemoveFrequency?: number;
}

/** Qinglong settings Baihu has no place for yet, carried so the writer can apply them once it does. */
export interface PendingSettings {
  panelTitle?: string;
  globalSshKey?: string;
}

export interface ImportPlan {
  source: ImportSource;
  account: PlannedAccount | null;
  tasks: PlannedTask[];
  views: PlannedView[];
  /** In Qinglong's order (position descending, then creation); the writer keeps this order. */
  variables: PlannedVariable[];
  subscriptions: PlannedSubscription[];
  dependencies: PlannedDependency[];
  apps: PlannedApp[];
  notification: NotificationSettings | null;
  settings: PlannedSettings;
  pendingSettings: PendingSettings;
  files: ImportFolderPlan[];
  notifyLibraries: ImportNotifyLibrary[];
  report: ImportReport;
}
