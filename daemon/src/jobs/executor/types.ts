/**
 * The runner is the only code that spawns processes. Everything that runs something — scheduled and manual task runs,
 * script debug runs, dependency installs, subscription hooks — goes through these interfaces.
 */

import type { RunEnd } from '../../contract/enums.ts';

/** How a process run can end: every RunEnd but `interrupted`, which only crash recovery records. */
export type ProcessEnd = Exclude<RunEnd, 'interrupted'>;

export interface RunOutcome {
  end: ProcessEnd;
  /** Exit code of the command (for `conc`, the first non-zero one, else 0); null when killed by a signal. */
  exitCode: number | null;
  startedAt: number;
  finishedAt: number;
  durationMs: number;
}

/** Receives a run's output as it is written to its log file (the file already holds the bytes when this is called). */
export interface OutputSink {
  data(chunk: Buffer): void;
  end(outcome: RunOutcome): void;
}

/** The command's output cap: past `bytes`, one notice line (in the run log's language) and the rest is dropped. */
export interface OutputLimit {
  bytes: number;
  notice: string;
}

/**
 * A run's log as the executor writes it (log-output.ts, LogOutput): the command's output, capped from `cap` to
 * `end`, and the executor's own lines, never capped. A caller that holds its log open already (a job's log,
 * jobs/job-log.ts) hands it over as `output`, and the executor writes into that one: one log writer per run.
 */
export interface RunOutput {
  write(chunk: Buffer): void;
  line(text: string): void;
  /** Caps the command's output written from now until `end`. */
  cap(limit: OutputLimit): void;
  /** The command ended: the cap is lifted, the sink hears the outcome; a log the executor opened is closed. */
  end(outcome: RunOutcome): void;
}

export interface TaskRunSpec {
  /** The command as the user wrote it: `task dir/a.js now`, `task b.py conc JD_COOKIE 1-3 -m 5m -- --flag`, or any shell. */
  command: string;
  /** Absolute log file path, or null for no log (Qinglong's log_name `/dev/null`). */
  logFile: string | null;
  /** The task's work dir (absolute, already confined), else the script's folder under data/scripts. */
  workDir?: string | null;
  /** The task's own shell commands run before / after the script (Qinglong's task_before / task_after). */
  taskBefore?: string | null;
  taskAfter?: string | null;
  /** Variables for this run only (added last, so they win). */
  env?: Record<string, string>;
  /** Started from the panel (manual run, debug run): never a random delay. */
  manual: boolean;
  /** Human name shown in the log's start line. */
  title: string;
  /**
   * The run marker (BAIHU_RUN_ID) its processes get; default a new one. A caller that records it before the start
   * (the engine, in the run row) lets crash recovery find a run even when the daemon died as it was spawned.
   */
  marker?: string;
  /** Who reads the output as it is written (a CLI's stdout, a test). */
  sink?: OutputSink;
  /** The log to write into instead of opening `logFile` (a job's log, already open): one writer per run. */
  output?: RunOutput;
}

export interface RunHandle {
  /** Process id of the run's process group leader (the group id); for `conc`, the first group's. 0 if nothing started. */
  readonly pid: number;
  /**
   * The marker every process of the run carries in its environment (`BAIHU_RUN_ID`). Store it with `pid`: after a
   * crash, `killLeftovers(pid, runId)` finds and kills what is left of the run, and nothing else.
   */
  readonly runId: string;
  readonly startedAt: number;
  readonly finished: Promise<RunOutcome>;
  /**
   * SIGTERM to every process of the run (through the run reaper, which also reaches processes that detached), SIGKILL
   * after the grace period; resolves when nothing of the run is left.
   */
  stop(): Promise<void>;
}

export interface TaskRunner {
  start(spec: TaskRunSpec): Promise<RunHandle>;
}

/** Environment variables from the panel's environment-variable area, enabled ones only, in position order. */
export interface PanelVariable {
  name: string;
  value: string;
}
/** Supplies the panel variables at the moment a run starts (so a change applies to the next run without restart). */
export type PanelVariableSource = () => Promise<readonly PanelVariable[]>;
