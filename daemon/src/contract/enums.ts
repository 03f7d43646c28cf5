/** Every status and enumeration shared by the daemon and the UI, defined once (numbers as Qinglong has them on the wire). */

/** Qinglong's login status numbers on the wire. */
export const LoginStatus = { success: 0, fail: 1 } as const;
export type LoginStatus = (typeof LoginStatus)[keyof typeof LoginStatus];

export const Platform = { desktop: 'desktop', mobile: 'mobile' } as const;
export type Platform = (typeof Platform)[keyof typeof Platform];

export const reservedPassword = 'admin';
export const usernameMaxLength = 50;
export const passwordMinLength = 6;
export const passwordMaxLength = 128;

/** A task's status on the wire (Qinglong's numbers). "Disabled" also lives in isDisabled. */
export const CronStatus = { running: 0, idle: 1, disabled: 2, queued: 3 } as const;
export type CronStatus = (typeof CronStatus)[keyof typeof CronStatus];

/**
 * What happens when a task is due while a run of it is still going. Qinglong's allow_multiple_instances maps onto
 * the first two: 0 = replace (the new run stops the old one), 1 = parallel.
 */
export const OverlapPolicy = { replace: 'replace', parallel: 'parallel', skip: 'skip', queue: 'queue' } as const;
export type OverlapPolicy = (typeof OverlapPolicy)[keyof typeof OverlapPolicy];

/** A run (instance) on the wire: Qinglong's numbers, plus queued and interrupted (daemon stopped mid-run). */
export const RunStatus = { running: 0, finished: 1, stopped: 2, error: 3, interrupted: 4, queued: 5 } as const;
export type RunStatus = (typeof RunStatus)[keyof typeof RunStatus];

/**
 * How a run ended, for every kind of job: the executor's four ends (`stopped` = a stop request, `timeout` = a `-m` or
 * CommandTimeoutTime limit) plus `interrupted` (the daemon stopped during the run).
 */
export const RunEnd = {
  success: 'success',
  failed: 'failed',
  stopped: 'stopped',
  timeout: 'timeout',
  interrupted: 'interrupted',
} as const;
export type RunEnd = (typeof RunEnd)[keyof typeof RunEnd];

/** What started a run. */
export const RunTrigger = {
  schedule: 'schedule',
  manual: 'manual',
  boot: 'boot',
  catchUp: 'catchUp',
  /** `task ...` typed in a shell on this machine while the daemon runs. */
  shell: 'shell',
} as const;
export type RunTrigger = (typeof RunTrigger)[keyof typeof RunTrigger];

/** Qinglong's `logStatus` beside a log's content. */
export const LogStatus = {
  running: 'running',
  completed: 'completed',
  notFound: 'notFound',
  ignored: 'ignored',
} as const;
export type LogStatus = (typeof LogStatus)[keyof typeof LogStatus];

/** Task views: the built-in "all tasks" view and the user's own. */
export const ViewType = { system: 1, personal: 2 } as const;
export type ViewType = (typeof ViewType)[keyof typeof ViewType];

export const ViewFilterOperation = { Reg: 'Reg', NotReg: 'NotReg', In: 'In', Nin: 'Nin' } as const;
export type ViewFilterOperation = (typeof ViewFilterOperation)[keyof typeof ViewFilterOperation];
export const ViewFilterProperty = ['name', 'command', 'schedule', 'status', 'labels', 'sub_id'] as const;
export type ViewFilterProperty = (typeof ViewFilterProperty)[number];
export const ViewSortProperty = [
  'name',
  'command',
  'schedule',
  'status',
  'labels',
  'last_execution_time',
  'last_running_time',
  'createdAt',
] as const;

/** Qinglong's log_name that turns a task's logs off. */
export const noLogName = '/dev/null';

/** An environment variable's status on the wire (Qinglong's numbers). */
export const EnvStatus = { normal: 0, disabled: 1 } as const;
export type EnvStatus = (typeof EnvStatus)[keyof typeof EnvStatus];

/** Qinglong's rule for a variable name. */
export const envNamePattern = '^[a-zA-Z_][0-9a-zA-Z_]*$';

/** A dependency's kind on the wire (Qinglong's numbers) and its name in queries (`?type=nodejs`). */
export const DependencyType = { nodejs: 0, python3: 1, linux: 2 } as const;
export type DependencyType = (typeof DependencyType)[keyof typeof DependencyType];
export type DependencyTypeName = keyof typeof DependencyType;

/** A dependency's status on the wire (Qinglong's numbers). */
export const DependencyStatus = {
  installing: 0,
  installed: 1,
  installFailed: 2,
  removing: 3,
  removed: 4,
  removeFailed: 5,
  queued: 6,
  cancelled: 7,
} as const;
export type DependencyStatus = (typeof DependencyStatus)[keyof typeof DependencyStatus];

/** Live-log topic of a dependency's install or removal (`dep:<id>`). */
export const dependencyTopic = (id: number) => `dep:${id}`;

/** A subscription's status on the wire (Qinglong's numbers). "Disabled" also lives in is_disabled. */
export const SubscriptionStatus = { running: 0, idle: 1, disabled: 2, queued: 3 } as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

/** What a subscription pulls: a public or private git repository, or one file (Qinglong's "raw"). */
export const SubscriptionType = { publicRepo: 'public-repo', privateRepo: 'private-repo', file: 'file' } as const;
export type SubscriptionType = (typeof SubscriptionType)[keyof typeof SubscriptionType];

/** How a private repository is reached: a private key, or a username with a password or token. */
export const PullType = { sshKey: 'ssh-key', userPwd: 'user-pwd' } as const;
export type PullType = (typeof PullType)[keyof typeof PullType];

export const SubscriptionScheduleType = { crontab: 'crontab', interval: 'interval' } as const;
export type SubscriptionScheduleType = (typeof SubscriptionScheduleType)[keyof typeof SubscriptionScheduleType];

export const IntervalUnit = { days: 'days', hours: 'hours', minutes: 'minutes', seconds: 'seconds' } as const;
export type IntervalUnit = (typeof IntervalUnit)[keyof typeof IntervalUnit];

/** What a secret in `pull_option` reads as in every reply; sent back unchanged, it keeps the stored value. */
export const maskedSecret = '••••';

/** Live-log topic of a subscription pull (`sub:<runId>`, the id of its subscription_runs row). */
export const subscriptionTopic = (runId: number) => `sub:${runId}`;

/** Live-log topic of a Qinglong import (`import:<runId>`, its job run). */
export const importTopic = (runId: number) => `import:${runId}`;
