/**
 * Backup and restore on the wire: the parts a backup may hold, the archive's manifest, what a restore check answers,
 * and the settings of scheduled backups. docs/backup.md describes the format.
 */
import { Type, type Static } from 'typebox';
import { backupFormat, backupParts, type BackupPart } from './backup-parts.ts';
import { ImportPreview } from './import-schemas.ts';

export * from './backup-parts.ts';

export const BackupPartSchema = Type.Unsafe<BackupPart>(Type.String({ enum: [...backupParts] }));

export const ManifestFile = Type.Object({
  path: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type ManifestFile = Static<typeof ManifestFile>;

export const Manifest = Type.Object({
  format: Type.Literal(backupFormat),
  formatVersion: Type.Integer({ minimum: 1 }),
  baihuVersion: Type.String(),
  /** ISO 8601. */
  createdAt: Type.String(),
  parts: Type.Array(BackupPartSchema),
  /** The database's applied migrations: a backup from a newer Baihu is refused by an older one. */
  migrations: Type.Array(Type.String()),
  files: Type.Array(ManifestFile),
  /** What was left out while writing, and why (a link, a special file, a file that could not be read). */
  skipped: Type.Array(Type.Object({ path: Type.String(), reason: Type.String() })),
});
export type Manifest = Static<typeof Manifest>;

export const BackupFile = Type.Object({
  name: Type.String(),
  size: Type.Integer(),
  /** ms since the epoch. */
  createdAt: Type.Number(),
  scheduled: Type.Boolean(),
});
export type BackupFile = Static<typeof BackupFile>;

export const BackupSettings = Type.Object({
  /** A cron expression; '' = no scheduled backups (the default). */
  schedule: Type.String({ maxLength: 100 }),
  /** How many scheduled backups data/bak keeps. */
  keep: Type.Integer({ minimum: 1, maximum: 100 }),
  parts: Type.Array(BackupPartSchema, { maxItems: backupParts.length }),
});
export type BackupSettings = Static<typeof BackupSettings>;

/** A job of the kernel that is running (its live topic carries its log). */
export const RunningJob = Type.Object({ runId: Type.Integer(), topic: Type.String() });
export type RunningJob = Static<typeof RunningJob>;

/** What a restore check found; nothing of the data directory has been replaced yet. */
export const RestoreCheck = Type.Object({
  id: Type.String(),
  /** `baihu`: a backup of this format; `qinglong`: a Qinglong `data.tgz`, handed to the Qinglong import. */
  kind: Type.Union([Type.Literal('baihu'), Type.Literal('qinglong')]),
  parts: Type.Array(Type.String()),
  files: Type.Integer(),
  bytes: Type.Number(),
  baihuVersion: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  /** Entries the archive had that Baihu has no use for (Qinglong's dep_cache), left out. */
  ignored: Type.Array(Type.String()),
  /** A Qinglong backup: what its import would bring (the import's dry run). */
  qinglong: Type.Union([ImportPreview, Type.Null()]),
  /** Whether it can be applied here (a Qinglong backup needs the Qinglong import's writer). */
  canApply: Type.Boolean(),
});
export type RestoreCheck = Static<typeof RestoreCheck>;

/** The last restore applied at start-up, or the reason it was not. */
export const RestoreOutcome = Type.Object({
  at: Type.Number(),
  ok: Type.Boolean(),
  parts: Type.Array(Type.String()),
  /** Where the data that was replaced is kept (relative to the data directory). */
  previous: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
});
export type RestoreOutcome = Static<typeof RestoreOutcome>;

export const BackupOverview = Type.Object({
  settings: BackupSettings,
  /** Our backups in data/bak, newest first. */
  files: Type.Array(BackupFile),
  /** The backup job running now, if any. */
  running: Type.Union([Type.Object({ runId: Type.Integer(), topic: Type.String(), name: Type.String() }), Type.Null()]),
  /** A checked restore waiting for confirmation. */
  staged: Type.Union([RestoreCheck, Type.Null()]),
  /** A confirmed restore waiting for the restart. */
  pending: Type.Boolean(),
  last: Type.Union([RestoreOutcome, Type.Null()]),
  /** Free bytes on the data directory's disk. */
  freeBytes: Type.Number(),
});
export type BackupOverview = Static<typeof BackupOverview>;

export const BackupStarted = Type.Object({ runId: Type.Integer(), topic: Type.String(), name: Type.String() });
export type BackupStarted = Static<typeof BackupStarted>;

export const RestoreConfirmed = Type.Object({
  /** The daemon closes and restarts about this long after the reply. */
  restartInMs: Type.Integer(),
});
export type RestoreConfirmed = Static<typeof RestoreConfirmed>;
