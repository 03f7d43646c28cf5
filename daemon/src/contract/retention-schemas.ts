import { Type, type Static } from 'typebox';

export const LogCleanupRun = Type.Object({
  runId: Type.Integer(),
  topic: Type.String(),
  /** ms since the epoch; null while it runs. */
  finishedAt: Type.Union([Type.Number(), Type.Null()]),
  end: Type.Union([Type.String(), Type.Null()]),
  /** What it removed (null while it runs, or when it failed before it counted). */
  files: Type.Union([Type.Integer(), Type.Null()]),
  bytes: Type.Union([Type.Number(), Type.Null()]),
  folders: Type.Union([Type.Integer(), Type.Null()]),
  inUse: Type.Union([Type.Integer(), Type.Null()]),
});
export type LogCleanupRun = Static<typeof LogCleanupRun>;

/** How much run history is kept (runHistoryDays, runHistoryPerTask; 0 = no limit each). */
export const RunHistorySettings = Type.Object({
  runHistoryDays: Type.Integer(),
  runHistoryPerTask: Type.Integer(),
});
export type RunHistorySettings = Static<typeof RunHistorySettings>;
/**
 * What the form sends: checked by the service, so a fraction, a value out of range, text or an empty field (null)
 * gets the setting's own message. Not typed as numbers here: with the server's coerceTypes, ajv would turn null
 * into 0 (no limit), silently.
 */
export const RunHistorySettingsBody = Type.Object({
  runHistoryDays: Type.Unknown(),
  runHistoryPerTask: Type.Unknown(),
});
export type RunHistorySettingsBody = Static<typeof RunHistorySettingsBody>;

export const LogCleanupStatus = Type.Object({
  /** 0 = off. */
  days: Type.Integer(),
  /** When it runs next (ms); null when off. */
  nextAt: Type.Union([Type.Number(), Type.Null()]),
  /** The latest run (running or not). */
  last: Type.Union([LogCleanupRun, Type.Null()]),
});
export type LogCleanupStatus = Static<typeof LogCleanupStatus>;
