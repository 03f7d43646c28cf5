import { Type, type Static } from 'typebox';

/**
 * The overview (GET /api/dashboard): what ran and failed lately, what runs now and next, the slowest and the
 * most-failing tasks, and how much room the logs and the data take. Times in ms. "Failed" counts failed and timed-out
 * runs: both are runs that did not do their job.
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const RunBucket = Type.Object({
  /** The bucket's first instant (an hour, or a day in the panel's time zone). */
  start: Type.Number(),
  runs: Type.Integer(),
  failed: Type.Integer(),
});
export type RunBucket = Static<typeof RunBucket>;

export const RunTotals = Type.Object({ runs: Type.Integer(), failed: Type.Integer(), tasksFailed: Type.Integer() });

export const ActiveRun = Type.Object({
  runId: Type.Integer(),
  /** The job kind: task, debug, install, pull. */
  kind: Type.String(),
  refId: Nullable(Type.Integer()),
  /** The task's name for a task run, else null. */
  name: Nullable(Type.String()),
  queuedAt: Type.Number(),
  startedAt: Nullable(Type.Number()),
});
export type ActiveRun = Static<typeof ActiveRun>;

export const NextRun = Type.Object({ id: Type.Integer(), name: Type.String(), at: Type.Number() });

export const TaskFigure = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  runs: Type.Integer(),
  failed: Type.Integer(),
  avgMs: Type.Number(),
  maxMs: Type.Number(),
});
export type TaskFigure = Static<typeof TaskFigure>;

export const FolderSizes = Type.Object({
  /** Bytes; null until first measured. */
  log: Nullable(Type.Number()),
  data: Nullable(Type.Number()),
  measuredAt: Nullable(Type.Number()),
});

export const Overview = Type.Object({
  now: Type.Number(),
  timezone: Type.String(),
  tasks: Type.Object({ total: Type.Integer(), enabled: Type.Integer(), lastFailed: Type.Integer() }),
  day: RunTotals,
  month: RunTotals,
  /** 24 hours, oldest first; the last is the current hour. */
  hourly: Type.Array(RunBucket),
  /** 30 days, oldest first; the last is today. */
  daily: Type.Array(RunBucket),
  running: Type.Array(ActiveRun),
  queued: Type.Array(ActiveRun),
  runningCount: Type.Integer(),
  queuedCount: Type.Integer(),
  next: Type.Array(NextRun),
  /** Over the last 7 days: by average duration of finished runs, and by failures. */
  slowest: Type.Array(TaskFigure),
  failing: Type.Array(TaskFigure),
  sizes: FolderSizes,
});
export type Overview = Static<typeof Overview>;

/** How many days the lists of the slowest and the most-failing tasks look back. */
export const topWindowDays = 7;
