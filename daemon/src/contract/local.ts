/**
 * The local routes (`localAccess`): what `task` and `ql` on this machine send the running daemon, and what it
 * answers. Not part of Qinglong's API; nothing in the UI calls them.
 */
import { Type, type Static } from 'typebox';

/** `task ...` as typed in the shell (quoted the way the runner reads it). */
export const LocalTaskBody = Type.Object({ command: Type.String({ minLength: 1, maxLength: 10_000 }) });

/**
 * A queued run: its id (follow it with GET /local/runs/:id; null when a pull of the same subscription already waits)
 * and what it belongs to (the task whose history it joins, the subscription pulled), if anything.
 */
export const LocalRunQueued = Type.Object({
  runId: Type.Union([Type.Integer(), Type.Null()]),
  refId: Type.Union([Type.Integer(), Type.Null()]),
});
export type LocalRunQueued = Static<typeof LocalRunQueued>;

/** Where a run is: its status (RunStatus), how it ended, its log relative to data/log. */
export const LocalRun = Type.Object({
  status: Type.Integer(),
  end: Type.Union([Type.String(), Type.Null()]),
  exitCode: Type.Union([Type.Integer(), Type.Null()]),
  logPath: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
});
export type LocalRun = Static<typeof LocalRun>;

/** `ql repo ...` / `ql raw ...` as typed, each argument apart (Qinglong's order). */
export const LocalPullBody = Type.Object({
  command: Type.Union([Type.Literal('repo'), Type.Literal('raw')]),
  args: Type.Array(Type.String({ maxLength: 5000 }), { maxItems: 12 }),
});
