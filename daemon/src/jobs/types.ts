/**
 * What the job kernel speaks: a job says what to run (a task command, or steps of its own that may start programs)
 * and which queue it waits in; the kernel does the rest (run row, log file, live topic, queue, stop, recovery).
 */
import type { RunEnd } from '../contract/enums.ts';
import type { Language } from '../contract/i18n.ts';
import type { ArgvSpec } from './executor/executor.ts';
import type { RunOutcome, TaskRunSpec } from './executor/types.ts';

/** The kinds of job. */
export const JobKind = {
  task: 'task',
  debug: 'debug',
  install: 'install',
  pull: 'pull',
  command: 'command',
  update: 'update',
  import: 'import',
  backup: 'backup',
  retention: 'retention',
} as const;
export type JobKind = (typeof JobKind)[keyof typeof JobKind];

/** A task command run through the executor's task interface (it writes its own start and end lines). */
export type CommandWork = { command: Omit<TaskRunSpec, 'logFile' | 'sink' | 'output' | 'title'> };

/** Steps of the job's own, in-process (a git fetch, a sync), that may start programs through `job.exec`. */
export type StepsWork = { steps: (job: JobControl) => Promise<StepsEnd> };

export interface StepsEnd {
  end: Exclude<RunEnd, 'interrupted' | 'timeout'>;
  exitCode: number | null;
  /** Why it failed, in words (kept on the run row). */
  message?: string | null;
  /** What the kind reports besides, kept as JSON on the run row (a pull's `{added, removed}`). */
  detail?: unknown;
}

/** What a job runs and where its log goes. */
export interface JobContent {
  /** Shown in the start line the executor writes for a command (steps write their own lines). */
  title: string | null;
  /**
   * The log, relative to data/log; null for no log file. `logName` is Qinglong's `<stamp>.log` of the start time, in
   * the panel's zone: the kernel names every log, so names and headers read one clock.
   */
  logPath: (logName: string) => string | null;
  work: CommandWork | StepsWork;
}

/**
 * A command read when its turn comes rather than when it is queued (a task edited while its run waits runs as
 * edited). Given the job it belongs to, so one function (and one `on`) can serve every run of an area and a waiting
 * run holds little. Null: there is nothing to run any more (it ends `stopped`, never started).
 */
export interface PreparedCommand {
  prepare: (job: {
    runId: number;
    refId: number | null;
    trigger: string;
  }) => Promise<(JobContent & { work: CommandWork }) | null>;
}

interface JobBase {
  kind: JobKind;
  /** The id of what it runs (task, dependency, subscription); null when there is none (a debug run). */
  refId: number | null;
  trigger: string;
  dueAt?: number | null;
  /** The queue it waits in (defined with `jobs.defineQueue`). */
  queue: string;
  /** Runs of the same key are the same thing's (a task's runs): `exclusive` waits until none of them runs. */
  key?: string;
  exclusive?: boolean;
  /** The run gets a notification token of its own (BAIHU_NOTIFY_URL / _TOKEN), revoked when it is over. */
  notifyToken?: boolean;
  /** Hides secrets in the lines the job writes itself. */
  mask?: (text: string) => string;
  /** Keep this many bytes of the log's end in memory while it runs (`job.tail()`); none by default. */
  keepTail?: number;
  /** How the area that asked reacts; errors thrown here are logged, never the run's. */
  on?: JobListener;
}

export type JobSpec = JobBase & (JobContent | PreparedCommand);

/** Whether the job runs a command (through the executor's task interface) rather than steps of its own. */
export const runsCommand = (spec: JobSpec): boolean => 'prepare' in spec || 'command' in spec.work;

export interface StartedRun {
  runId: number;
  /** The job's `refId`. */
  refId: number | null;
  pid: number;
  marker: string | null;
  logPath: string | null;
  startedAt: number;
}

export interface FinishedRun {
  runId: number;
  /** The job's `refId`. */
  refId: number | null;
  end: RunEnd;
  exitCode: number | null;
  startedAt: number;
  finishedAt: number;
  durationMs: number | null;
  /** Absolute path of the log, null when the job keeps none or never started. */
  logFile: string | null;
  /** False when it was stopped (or failed) before it started. */
  started: boolean;
  /** Why it failed, in words, when the job said (a pull's error). */
  message: string | null;
}

export interface JobListener {
  started?(run: StartedRun): Promise<void> | void;
  /** After the run row is saved, before the live topic ends. */
  finished?(run: FinishedRun): Promise<void> | void;
  /** Once the run has left its queue (statuses that follow the queue are true again). */
  settled?(run: FinishedRun): Promise<void> | void;
}

/** What a job of steps can do while it runs. */
export interface JobControl {
  readonly runId: number;
  readonly startedAt: number;
  /** Aborted when the run is asked to stop. */
  readonly signal: AbortSignal;
  readonly language: Language;
  /** The panel's time zone: the times the job writes are in it. */
  readonly zone: string;
  /** What programs started outside the executor (git through simple-git) may inherit of the daemon's variables. */
  readonly inherited: Record<string, string>;
  /** A line of the job's own into the log (masked). */
  line(text: string): void;
  /** Text of the job's own into the log (masked), as it is. */
  write(text: string): void;
  /** A program through the executor, its output into the log; a stop kills it. */
  exec(spec: ArgvSpec): Promise<RunOutcome>;
  /** The program `exec` runs now: its group and its marker (BAIHU_RUN_ID); null between programs. */
  process(): { pid: number; marker: string } | null;
  /** The end of the log so far (the spec's `keepTail` bytes at most), for jobs that keep it elsewhere too. */
  tail(): string;
}

/** Handed back by `enqueue`. */
export interface JobTicket {
  runId: number;
  /** Settles when the run started (or rejects with the reason it could not). */
  started: Promise<StartedRun>;
  finished: Promise<FinishedRun>;
}
