/**
 * The one WebSocket (`/api/ws?token=…`) that carries every live output: task runs, debug runs, installs, pulls.
 * A client subscribes to a topic from a byte offset and receives the log from there, then each new piece as it is
 * written, then an end message. Reconnecting with the last offset resumes without gaps or repeats.
 */

import type { RunEnd } from './enums.ts';

/** Topic names: `run:<id>` for a task run (instance). Other areas add their own prefixes. */
export const runTopic = (runId: number) => `run:${runId}`;

/** Topics one socket may follow at once (see live/routes.ts for the other limits). */
export const maxTopicsPerSocket = 32;
export const maxTopicLength = 200;

export type ClientMessage =
  { type: 'subscribe'; topic: string; offset?: number } | { type: 'unsubscribe'; topic: string } | { type: 'ping' };

export interface EndInfo {
  end: RunEnd;
  exitCode: number | null;
  durationMs: number | null;
}

export type ServerMessage =
  /** `data` is base64 of the bytes [offset, offset + length); decode with a streaming TextDecoder. */
  | { type: 'chunk'; topic: string; offset: number; data: string }
  | ({ type: 'end'; topic: string; offset: number } & EndInfo)
  | { type: 'missing'; topic: string }
  /**
   * A subscribe that was ignored: `tooManyTopics` when the socket already follows `maxTopicsPerSocket` topics (stop
   * following one first), `badTopic` for a topic name that is not a string of at most `maxTopicLength` characters.
   */
  | { type: 'error'; error: 'tooManyTopics' | 'badTopic'; topic: string }
  | { type: 'event'; name: string; payload: unknown }
  | { type: 'pong' };
