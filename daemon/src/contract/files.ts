import { Type, type Static } from 'typebox';
import { LogRun } from './logs.ts';

/** A node of the scripts and logs trees, in Qinglong's shape. */
export const FileNode = Type.Object({
  title: Type.String(),
  /** Path relative to the tree's root (posix). */
  key: Type.String(),
  type: Type.Union([Type.Literal('file'), Type.Literal('directory')]),
  /** The folder's key ('' at the top). */
  parent: Type.String(),
  /** Modification time, ms. */
  mtime: Type.Number(),
  /** Qinglong's field name; the same time. */
  createTime: Type.Number(),
  /** Bytes; for a folder of a whole tree, the sum of what it holds. */
  size: Type.Number(),
  isLeaf: Type.Optional(Type.Boolean()),
  /** Logs tree only: for a folder, the name of the task that writes into it (Baihu's). */
  label: Type.Optional(Type.String()),
  /** Logs tree only: how the run that wrote this log ended (Baihu's). */
  run: Type.Optional(LogRun),
  /** Only in whole trees. */
  children: Type.Optional(Type.Array(Type.Unknown())),
});
export type FileNode = Omit<Static<typeof FileNode>, 'children'> & { children?: FileNode[] };

/** One file of a task's or a subscription's log folder (`GET /api/crons/:id/logs`). */
export const LogFile = Type.Object({
  filename: Type.String(),
  /** Relative to data/log. */
  directory: Type.String(),
  /** Modification time, ms. */
  time: Type.Number(),
  size: Type.Number(),
});
export type LogFile = Static<typeof LogFile>;

/**
 * A page of a log folder (`GET /api/logs?path=&offset=&limit=`, `GET /api/crons/:id/logs?offset=&limit=`): without
 * `limit` the whole folder, as Qinglong answers. A page shorter than asked is the folder's last.
 */
export const ListPageQuery = {
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
};

/** The page asked for, if any. */
export const pageOf = (query: { offset?: number; limit?: number }) =>
  query.limit === undefined ? undefined : { offset: query.offset ?? 0, limit: query.limit };
