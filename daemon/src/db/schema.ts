import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { RunEnd } from '../contract/enums.ts';

/** Kysely's view of the database. One interface per table; times are unix milliseconds. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_logs: LoginLogsTable;
  sign_in_addresses: SignInAddressesTable;
  settings: SettingsTable;
  crons: CronsTable;
  job_runs: JobRunsTable;
  run_slices: RunSlicesTable;
  run_days: RunDaysTable;
  cron_views: CronViewsTable;
  envs: EnvsTable;
  dependencies: DependenciesTable;
  subscriptions: SubscriptionsTable;
  apps: AppsTable;
  app_tokens: AppTokensTable;
}

/** There is exactly one account; its id is always 1, which makes a second initialisation fail atomically. */
export interface UsersTable {
  id: ColumnType<1, 1, never>;
  username: string;
  password_hash: string;
  avatar: string | null;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  two_factor_activated: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  two_factor_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  login_retries: ColumnType<number, number | undefined, number>;
  last_failed_at: number | null;
  last_login_at: number | null;
  last_ip: string | null;
  last_address: string | null;
  last_platform: string | null;
  created_at: ColumnType<number, number, never>;
  updated_at: number;
}

export interface SessionsTable {
  /** The JWT id (jti). A token is valid only while its row exists and has not expired. */
  id: string;
  user_id: number;
  platform: string;
  ip: string;
  created_at: number;
  expires_at: number;
}

export interface LoginLogsTable {
  id: Generated<number>;
  timestamp: number;
  ip: string;
  address: string;
  platform: string;
  device: string;
  status: number;
}

/** Sign-in attempts per client address: consecutive failures, and the last success (a known address). */
export interface SignInAddressesTable {
  address: string;
  failures: ColumnType<number, number | undefined, number>;
  last_failed_at: number | null;
  last_success_at: number | null;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type LoginLogRow = Selectable<LoginLogsTable>;
export type SignInAddressRow = Selectable<SignInAddressesTable>;

export interface CronsTable {
  id: Generated<number>;
  name: string;
  command: string;
  schedule: string;
  /** JSON string[]. */
  labels: ColumnType<string, string | undefined, string>;
  /** JSON [{schedule}]. */
  extra_schedules: ColumnType<string, string | undefined, string>;
  task_before: string | null;
  task_after: string | null;
  log_name: string | null;
  overlap_policy: ColumnType<string, string | undefined, string>;
  /** Run once at start-up if a due time was missed within this many minutes; 0 = never. */
  catch_up_minutes: ColumnType<number, number | undefined, number>;
  notify_policy: string | null;
  work_dir: string | null;
  sub_id: number | null;
  status: ColumnType<number, number | undefined, number>;
  is_system: ColumnType<number, number | undefined, number>;
  is_disabled: ColumnType<number, number | undefined, number>;
  is_pinned: ColumnType<number, number | undefined, number>;
  pid: number | null;
  log_path: string | null;
  /** Seconds the last run took (Qinglong's unit). */
  last_running_time: number | null;
  /** Unix seconds when the last run started (Qinglong's unit). */
  last_execution_time: number | null;
  last_end: RunEnd | null;
  last_exit_code: number | null;
  /** The last due time the scheduler handled (ms), for catch-up after downtime. */
  last_due_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * One run of a job of any kind (jobs/): a task run, a debug run, a dependency install, a subscription pull. `status`
 * as RunStatus; times in ms.
 */
export interface JobRunsTable {
  id: Generated<number>;
  /** A JobKind: task, debug, install, pull. */
  kind: string;
  /** The id of what it ran (the task, the dependency, the subscription); null for a debug run. */
  ref_id: number | null;
  trigger: string;
  status: number;
  end: RunEnd | null;
  exit_code: number | null;
  /** The process group leader of the run (of its current step, for a job of steps). */
  pid: number | null;
  /** The executor's BAIHU_RUN_ID, so a leftover process is only killed if it really belongs to this run. */
  marker: string | null;
  /** Relative to data/log. */
  log_path: string | null;
  /** Why it failed, in words, when its log is not the whole story (a pull's error). */
  message: string | null;
  /** JSON: what the kind reports besides (a pull's `{added, removed}`). */
  detail: string | null;
  due_at: number | null;
  queued_at: number;
  started_at: number | null;
  finished_at: number | null;
  duration_ms: number | null;
}

/** Runs that ended per kind and 15-minute slice (`start`, ms), kept by triggers on job_runs (migration 0010). */
export interface RunSlicesTable {
  kind: string;
  start: number;
  runs: number;
  /** Failed or timed out. */
  failed: number;
}

/** Runs that ended per kind, UTC day (ms / 86,400,000) and thing run (ref_id, 0 for none), kept by triggers. */
export interface RunDaysTable {
  kind: string;
  day: number;
  ref_id: number;
  runs: number;
  failed: number;
  /** Runs with a duration (total_ms is their sum). */
  timed: number;
  total_ms: number;
  max_ms: number;
}

export interface CronViewsTable {
  id: Generated<number>;
  name: string;
  position: number;
  is_disabled: ColumnType<number, number | undefined, number>;
  filters: ColumnType<string, string | undefined, string>;
  sorts: ColumnType<string, string | undefined, string>;
  filter_relation: ColumnType<string, string | undefined, string>;
  type: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

export type CronRow = Selectable<CronsTable>;
export type NewCron = Insertable<CronsTable>;
export type CronUpdate = Updateable<CronsTable>;
export type CronViewRow = Selectable<CronViewsTable>;

/** Panel environment variables. `position` orders them (pinned first); same names are joined with `&` for runs. */
export interface EnvsTable {
  id: Generated<number>;
  name: string;
  value: string;
  remarks: string | null;
  status: ColumnType<number, number | undefined, number>;
  position: number;
  is_pinned: ColumnType<number, number | undefined, number>;
  /** JSON string[]. */
  labels: ColumnType<string, string | undefined, string>;
  created_at: number;
  updated_at: number;
}

export interface DependenciesTable {
  id: Generated<number>;
  /** Package name with an optional version (`pkg@1.2`, `pkg==1.2`, `pkg=1.2`). */
  name: string;
  type: number;
  status: number;
  remark: string | null;
  /** The end (up to 100 KB) of the last install or removal output. */
  log: ColumnType<string, string | undefined, string>;
  /** Relative to data/log. */
  log_path: string | null;
  created_at: number;
  updated_at: number;
}

export type EnvRow = Selectable<EnvsTable>;
export type NewEnv = Insertable<EnvsTable>;
export type EnvUpdate = Updateable<EnvsTable>;
export type DependencyRow = Selectable<DependenciesTable>;
export type NewDependency = Insertable<DependenciesTable>;
export type DependencyUpdate = Updateable<DependenciesTable>;

/** Subscriptions (Qinglong's fields; autoAddCron/autoDelCron as auto_add_cron/auto_del_cron). JSON columns as text. */
export interface SubscriptionsTable {
  id: Generated<number>;
  name: string;
  type: string;
  url: string;
  branch: string | null;
  schedule_type: ColumnType<string, string | undefined, string>;
  schedule: string | null;
  /** JSON {type, value}. */
  interval_schedule: string | null;
  whitelist: string | null;
  blacklist: string | null;
  dependences: string | null;
  extensions: string | null;
  pull_type: string | null;
  /** JSON {private_key} or {username, password}: secrets, never returned unmasked. */
  pull_option: string | null;
  status: ColumnType<number, number | undefined, number>;
  pid: number | null;
  is_disabled: ColumnType<number, number | undefined, number>;
  /** Relative to data/log: the latest pull's log. */
  log_path: string | null;
  alias: string;
  sub_before: string | null;
  sub_after: string | null;
  proxy: string | null;
  auto_add_cron: ColumnType<number, number | undefined, number>;
  auto_del_cron: ColumnType<number, number | undefined, number>;
  last_end: RunEnd | null;
  last_pull_at: number | null;
  created_at: number;
  updated_at: number;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;
export type SubscriptionUpdate = Updateable<SubscriptionsTable>;

export type JobRunRow = Selectable<JobRunsTable>;
export type NewJobRun = Insertable<JobRunsTable>;
export type JobRunUpdate = Updateable<JobRunsTable>;

/** Applications of the open API. The secret is kept as its SHA-256 only (auth/app-credentials.ts). */
export interface AppsTable {
  id: Generated<number>;
  name: string;
  /** JSON array of scope names. */
  scopes: string;
  client_id: string;
  secret_hash: string;
  created_at: number;
  updated_at: number;
}

/** An application's live tokens, by the SHA-256 of the token; `expires_at` in ms. */
export interface AppTokensTable {
  token_hash: string;
  app_id: number;
  created_at: number;
  expires_at: number;
}

export type AppRow = Selectable<AppsTable>;
