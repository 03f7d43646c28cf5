import { Type, type Static } from 'typebox';

export const SystemInfo = Type.Object({
  isInitialized: Type.Boolean(),
  version: Type.String(),
  /**
   * The first-run setup was started and not finished: the account exists, the (optional) notification and completion
   * steps remain. The panel is usable all the same; the UI offers them at /initialization. Left out by daemons that do
   * not track it (the UI then relies on what this browser remembers). Cleared by `PUT api/system/setup/done`
   * (contract/setup.ts).
   */
  setupPending: Type.Optional(Type.Boolean()),
  /**
   * The panel's time zone (the `timezone` setting): the UI shows every time in it, whatever the browser's zone, so a
   * time on screen reads as the log names and headers beside it. Left out by older daemons.
   */
  timezone: Type.Optional(Type.String()),
  /** Qinglong's release fields: build time (Unix seconds, 0 from the sources), channel, this version's changelog. */
  publishTime: Type.Optional(Type.Number()),
  branch: Type.Optional(Type.String()),
  changeLog: Type.Optional(Type.String()),
  changeLogLink: Type.Optional(Type.String()),
});
export type SystemInfo = Static<typeof SystemInfo>;

export const Health = Type.Object({
  status: Type.Literal('ok'),
  uptime: Type.Number(),
  /** The running version: the entrypoint's trial of a new version waits for this to name it (docs/update.md). */
  version: Type.String(),
  /**
   * The daemon has loaded, its database is migrated and its start work (runs recovered, timers armed) is done. Before
   * that the health check is answered all the same (the daemon is up; other requests wait for it, app/door.ts), with
   * false here: the entrypoint's trial of a new version waits for true.
   */
  ready: Type.Boolean(),
});
export type Health = Static<typeof Health>;
