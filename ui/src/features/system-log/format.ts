/** One system log entry as one coloured line of the log view (time, level, message, then the other fields). */
import { levelName, type SystemLogEntry } from '@contract/system-log.ts';
import { formatLogStamp } from '../../lib/format.ts';

const colourOf: Record<string, string> = {
  trace: '\x1b[2m',
  debug: '\x1b[36m',
  info: '\x1b[32m',
  warn: '\x1b[33m',
  error: '\x1b[31m',
  fatal: '\x1b[1;31m',
};
const reset = '\x1b[0m';
const dim = '\x1b[2m';

export function entryLine(entry: SystemLogEntry): string {
  const level = levelName(entry.level);
  const fields = entry.fields ? ` ${dim}${JSON.stringify(entry.fields)}${reset}` : '';
  return `${dim}${formatLogStamp(entry.time)}${reset} ${colourOf[level] ?? ''}${level.toUpperCase().padEnd(5)}${reset} ${entry.msg}${fields}\n`;
}
