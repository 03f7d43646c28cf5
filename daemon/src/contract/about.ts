/** The About page (`GET /api/system/about`, `GET /api/system/about/sizes`, `GET /api/system/docs/:name`). */
import { Type, type Static } from 'typebox';

/** The documents shipped with the installation that the About page links to (docs/<name>.md). */
export const shippedDocs = ['configuration', 'cli', 'update', 'scheduling', 'security', 'performance'] as const;
export type ShippedDoc = (typeof shippedDocs)[number];

export const RunningFrom = Type.Union([Type.Literal('image'), Type.Literal('staged'), Type.Literal('checkout')]);
export type RunningFrom = Static<typeof RunningFrom>;

export const AboutInfo = Type.Object({
  version: Type.String(),
  /** The git commit and build time of the running code; null when run from the sources. */
  commit: Type.Union([Type.String(), Type.Null()]),
  buildDate: Type.Union([Type.String(), Type.Null()]),
  /** The image's own version (the running one may be a newer version staged by an update). */
  imageVersion: Type.String(),
  runningFrom: RunningFrom,
  /** Versions of the interpreters scripts run with; null when one is not installed. */
  runtimes: Type.Object({
    node: Type.String(),
    python3: Type.Union([Type.String(), Type.Null()]),
    git: Type.Union([Type.String(), Type.Null()]),
  }),
  uptime: Type.Number(),
  dataDir: Type.String(),
  /** The running version's section of CHANGELOG.md (Markdown), '' when it has none. */
  changelog: Type.String(),
  docs: Type.Array(Type.String()),
  /** The project's page and its issue tracker, when the build named them. */
  projectUrl: Type.Union([Type.String(), Type.Null()]),
  issuesUrl: Type.Union([Type.String(), Type.Null()]),
});
export type AboutInfo = Static<typeof AboutInfo>;

export const DataSizes = Type.Object({
  folders: Type.Array(Type.Object({ name: Type.String(), bytes: Type.Number(), files: Type.Number() })),
  totalBytes: Type.Number(),
  computedAt: Type.Number(),
});
export type DataSizes = Static<typeof DataSizes>;

export const DataSizesReply = Type.Object({
  sizes: Type.Union([DataSizes, Type.Null()]),
  /** A fresher measurement is under way; the `dataSizes` event says when it is done. */
  measuring: Type.Boolean(),
});
export type DataSizesReply = Static<typeof DataSizesReply>;

/**
 * `?fresh=true` on `GET /api/system/about/sizes` and `GET /api/dashboard`: a page is being opened, so the data folder
 * is measured now (unless it was a moment ago) and the answer waits briefly for it.
 */
export const FreshQuery = Type.Object({
  fresh: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
});

/** The live event sent when a measurement is done. */
export const dataSizesEvent = 'dataSizes';
