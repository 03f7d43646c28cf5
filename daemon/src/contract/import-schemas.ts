import { Type, type Static } from 'typebox';
import { FileAction, ImportFlavour, ImportKinds, NotifyLibraryState, type ImportKind } from './import.ts';

/**
 * What a Qinglong import shows before it runs (the dry run) and reports when it ends: counts per kind, every item it
 * skips and every caveat, with a reason from the message catalogue, and what happens to the files. Secrets (the
 * password, keys, tokens) never appear here.
 */
const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>(Type.String({ enum: [...values] }));

export const ImportKindSchema = enumOf(ImportKinds);

const reasonFields = {
  key: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  field: Type.Optional(Type.String()),
};
export const ImportReasonSchema = Type.Object({ ...reasonFields, cause: Type.Optional(Type.Object(reasonFields)) });

/** An item left out, or brought with a caveat: which one (as the user knows it) and why. */
export const ImportReportItem = Type.Object({
  kind: ImportKindSchema,
  item: Type.String(),
  reason: ImportReasonSchema,
});
export type ImportReportItem = Static<typeof ImportReportItem>;

export const ImportCount = Type.Object({
  /** Rows or entries found in the source. */
  found: Type.Integer(),
  /** Of those, what the import brings. */
  importable: Type.Integer(),
  skipped: Type.Integer(),
});
export type ImportCount = Static<typeof ImportCount>;

export const ImportFolderPlan = Type.Object({
  /** The folder of the data directory: config, scripts, repo, raw, log, deps, ssh.d, upload. */
  folder: Type.String(),
  action: enumOf(Object.values(FileAction)),
  from: Type.String(),
  to: Type.String(),
  files: Type.Integer(),
  bytes: Type.Integer(),
  /** Top-level entries left out (files Qinglong generates, or secrets read into the plan instead). */
  exclude: Type.Array(Type.String()),
});
export type ImportFolderPlan = Static<typeof ImportFolderPlan>;

export const ImportNotifyLibrary = Type.Object({
  file: Type.String(),
  state: enumOf(Object.values(NotifyLibraryState)),
  /** Why the file counts as edited (e.g. the settings written into it); empty otherwise. */
  evidence: Type.Array(Type.String()),
  /** The name Baihu's library keeps when the user's file stays. */
  baihuName: Type.String(),
});
export type ImportNotifyLibrary = Static<typeof ImportNotifyLibrary>;

export const ImportPreview = Type.Object({
  source: Type.Object({
    /** The Qinglong data directory read (the folder holding db/, config/, scripts/…). */
    dir: Type.String(),
    flavour: enumOf(Object.values(ImportFlavour)),
    /** The source is already Baihu's data directory: files are adopted where they are. */
    adoptInPlace: Type.Boolean(),
  }),
  account: Type.Union([Type.Object({ username: Type.String(), twoFactor: Type.Boolean() }), Type.Null()]),
  counts: Type.Object(
    Object.fromEntries(ImportKinds.map((kind) => [kind, ImportCount])) as Record<ImportKind, typeof ImportCount>,
  ),
  skipped: Type.Array(ImportReportItem),
  notices: Type.Array(ImportReportItem),
  files: Type.Array(ImportFolderPlan),
  notifyLibraries: Type.Array(ImportNotifyLibrary),
});
export type ImportPreview = Static<typeof ImportPreview>;

const perKind = Type.Object(
  Object.fromEntries(ImportKinds.map((kind) => [kind, Type.Integer()])) as Record<
    ImportKind,
    ReturnType<typeof Type.Integer>
  >,
);

/** The real run's report: the dry run's, plus what was written and what an earlier import had already brought. */
export const ImportResult = Type.Object({
  ...ImportPreview.properties,
  written: perKind,
  /** Found in Baihu already (matched on natural keys): left as it is. */
  present: perKind,
});
export type ImportResult = Static<typeof ImportResult>;

export const ImportRequest = Type.Object({
  /** Qinglong's data folder (holding db/), or the folder holding it (/ql), on the daemon's machine. */
  dir: Type.String({ minLength: 1, maxLength: 4096 }),
  /** Replace Baihu's account with Qinglong's (without it, the account is only brought when Baihu has none). */
  replaceAccount: Type.Optional(Type.Boolean()),
});
export type ImportRequest = Static<typeof ImportRequest>;

/** A started import: its run (the job) and the live topic its log is followed on. */
export const ImportStarted = Type.Object({ runId: Type.Integer(), topic: Type.String() });
export type ImportStarted = Static<typeof ImportStarted>;

/** An import run: its state and, once it ended, its report (or why it failed). */
export const ImportRun = Type.Object({
  runId: Type.Integer(),
  status: Type.Integer(),
  end: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
  result: Type.Union([ImportResult, Type.Null()]),
  /** The imported applications' new credentials: in the first answer after the run ended, never again. */
  secrets: Type.Array(Type.Object({ name: Type.String(), client_id: Type.String(), client_secret: Type.String() })),
});
export type ImportRun = Static<typeof ImportRun>;
