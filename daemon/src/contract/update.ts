/** Checking for updates and updating (docs/update.md). Qinglong's check shape, with Baihu's fields beside it. */
import { Type, type Static } from 'typebox';
import { RunningFrom } from './about.ts';

/** Why a newer version is shown without a download. */
export const UpdateBlock = Type.Union([
  Type.Literal('disabled'),
  Type.Literal('managedImage'),
  Type.Literal('noSupervisor'),
  Type.Literal('incompatible'),
]);
export type UpdateBlock = Static<typeof UpdateBlock>;

export const UpdateCheck = Type.Object({
  hasNewVersion: Type.Boolean(),
  /** The newest version of the feed (the running one when nothing is newer). */
  lastVersion: Type.String(),
  /** The changelogs since the running version, newest first (Markdown). */
  lastLog: Type.String(),
  lastLogLink: Type.String(),
  currentVersion: Type.String(),
  releaseDate: Type.Union([Type.String(), Type.Null()]),
  canDownload: Type.Boolean(),
  blocked: Type.Union([UpdateBlock, Type.Null()]),
  /** What the newer version needs of the image that it lacks (when blocked is incompatible). */
  needs: Type.Array(Type.String()),
  /** A version already downloaded and unpacked, waiting for a restart. */
  staged: Type.Union([Type.String(), Type.Null()]),
});
export type UpdateCheck = Static<typeof UpdateCheck>;

export const UpdateJobState = Type.Union([
  Type.Literal('running'),
  Type.Literal('success'),
  Type.Literal('failed'),
  Type.Literal('stopped'),
]);

export const UpdateJob = Type.Object({
  runId: Type.Integer(),
  /** The live topic of its log: `update:<runId>`. */
  topic: Type.String(),
  version: Type.String(),
  state: UpdateJobState,
  received: Type.Number(),
  total: Type.Union([Type.Number(), Type.Null()]),
  startedAt: Type.Number(),
});
export type UpdateJob = Static<typeof UpdateJob>;

export const AttemptOutcome = Type.Union([Type.Literal('ok'), Type.Literal('timeout'), Type.Literal('exited')]);

export const UpdateStatus = Type.Object({
  currentVersion: Type.String(),
  imageVersion: Type.String(),
  runningFrom: RunningFrom,
  /** Run by the container's entrypoint: a restart (and so an update) is possible. */
  supervised: Type.Boolean(),
  /** The updateEnabled setting, and BAIHU_SELF_UPDATE=false (an image managed by a container updater). */
  enabled: Type.Boolean(),
  managedImage: Type.Boolean(),
  /** The release feed in force ('' = none is set: the UI then checks nothing and says so). */
  feedUrl: Type.String(),
  /** The feed the image was built with (BAIHU_RELEASE_FEED; '' = none): what an empty feed setting falls back to. */
  builtInFeed: Type.String(),
  /** The latest download (this daemon's life), null when none. */
  job: Type.Union([UpdateJob, Type.Null()]),
  /** A downloaded version a restart would start. */
  staged: Type.Union([Type.String(), Type.Null()]),
  /** The last first start of a new version, unless it went well or was dismissed. */
  lastAttempt: Type.Union([
    Type.Object({
      version: Type.String(),
      outcome: AttemptOutcome,
      exitCode: Type.Union([Type.Integer(), Type.Null()]),
      at: Type.Number(),
      previous: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  /** Task runs going on now (a restart stops them). */
  runningJobs: Type.Integer(),
});
export type UpdateStatus = Static<typeof UpdateStatus>;

export const UpdateSettings = Type.Object({
  updateEnabled: Type.Boolean(),
  /** '' = the feed the image was built with. */
  updateFeedUrl: Type.String({ maxLength: 2000 }),
});
export type UpdateSettings = Static<typeof UpdateSettings>;

/** The live event sent as a download progresses (at most a few times a second) and when it ends. */
export const updateProgressEvent = 'updateProgress';

/** How long the page counts down after a restart was asked for before it looks for the panel again. */
export const restartCountdownSeconds = 10;
