/**
 * The logs page's additions to Qinglong's log API: how the run that wrote a log ended, what a log folder holds, and
 * the search across logs (`GET api/logs/search?q=&path=`, answered as JSON lines: matches, then one end record).
 */
import { Type, type Static } from 'typebox';
import { RunEnd } from './enums.ts';

/** How the run that wrote a log ended (from the run's row); left out for logs no recorded run wrote. */
export const LogRun = Type.Object({
  /** `running` while it is written. */
  end: Type.Union([
    Type.Literal(RunEnd.success),
    Type.Literal(RunEnd.failed),
    Type.Literal(RunEnd.stopped),
    Type.Literal(RunEnd.timeout),
    Type.Literal(RunEnd.interrupted),
    Type.Literal('running'),
  ]),
  exitCode: Type.Union([Type.Number(), Type.Null()]),
});
export type LogRun = Static<typeof LogRun>;

export const logSearchMaxQuery = 200;

/** One matching line: `text` is the line (or the part around the match) without colours; the match is at `at`. */
export interface LogSearchMatch {
  type: 'match';
  /** The log, relative to data/log. */
  key: string;
  /** 1-based. */
  line: number;
  text: string;
  at: number;
  length: number;
  /** The name of the task whose folder the log is in. */
  label?: string;
}

/** The last record: how much was searched, and which bound ended the search early, if any. */
export interface LogSearchEnd {
  type: 'end';
  files: number;
  bytes: number;
  cut: 'files' | 'bytes' | 'matches' | 'time' | null;
}
