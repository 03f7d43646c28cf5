/**
 * The daemon's own log as the panel reads it: the lines pino writes (JSON, one a line) into data/syslog/<day>.log,
 * turned into entries, and the one filter the daemon (GET /system/log/entries) and the UI's live tail both apply.
 * No typebox here: the UI imports it.
 */

/** pino's numeric levels. */
export const SystemLogLevels = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type SystemLogLevelName = keyof typeof SystemLogLevels;
export const systemLogLevelNames = Object.keys(SystemLogLevels) as SystemLogLevelName[];

/**
 * The live topic of one day's file: `syslog:YYYY-MM-DD:<n>`, n counting the file's (re)starts in this daemon's life
 * (midnight, a delete), so that followers of a file that was replaced are told it ended.
 */
export const systemLogTopic = (day: string, generation: number) => `syslog:${day}:${generation}`;

/** Entries one read returns at most (the newest ones); the live tail keeps as many. */
export const systemLogMaxEntries = 2000;

export interface SystemLogEntry {
  time: number;
  level: number;
  msg: string;
  /** The other fields of the line (request id, error, paths …), null when there are none. */
  fields: Record<string, unknown> | null;
}

export interface SystemLogFilter {
  /** Lowest level shown (pino's number); 0 or absent = all. */
  minLevel?: number;
  /** Case-insensitive text looked for in the message and the fields. */
  text?: string;
}

const ignored = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

/** One line of the file as an entry; null for a line that is not a log record. */
export function parseSystemLogLine(line: string): SystemLogEntry | null {
  if (!line.startsWith('{')) return null;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof record !== 'object' || record === null) return null;
  const level = typeof record.level === 'number' ? record.level : SystemLogLevels.info;
  const time = typeof record.time === 'number' ? record.time : 0;
  const msg = typeof record.msg === 'string' ? record.msg : '';
  const rest = Object.entries(record).filter(([key]) => !ignored.has(key));
  return { time, level, msg, fields: rest.length > 0 ? Object.fromEntries(rest) : null };
}

/** Whether an entry passes the filter. The text is looked for in the message and in the fields' names and values. */
export function systemLogMatches(entry: SystemLogEntry, filter: SystemLogFilter): boolean {
  if (filter.minLevel && entry.level < filter.minLevel) return false;
  const text = filter.text?.trim().toLowerCase();
  if (!text) return true;
  if (entry.msg.toLowerCase().includes(text)) return true;
  return entry.fields !== null && JSON.stringify(entry.fields).toLowerCase().includes(text);
}

/** The name of a level, or its number when it is not one of pino's. */
export function levelName(level: number): string {
  const found = systemLogLevelNames.find((name) => SystemLogLevels[name] === level);
  return found ?? String(level);
}
