/**
 * What a script's header says about the task it becomes (Qinglong's rules, reference §4): the schedule and the name.
 * Pure: text in, values out. Only the head of a file is looked at, so a 10 MB bundle costs no more than a small script.
 */
import path from 'node:path';
import { parseSchedule } from '../../contract/schedule.ts';

/** Headers live at the top; nothing past this many characters is read. */
export const headerScanChars = 64 * 1024;

/** One cron field as scripts write them: digits, `*`, `/`, `,`, `-`, `?`; it starts with a digit, `*` or `?`. */
const field = String.raw`[\d*?][\d*/,?-]*`;
/** A run of 5 or 6 fields that does not start inside a longer token (`//` of a comment is not a field). */
const cronRun = String.raw`(?<![\w*/,?-])((?:${field}[ \t]+){4,5}${field})`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isCron = (expression: string) => parseSchedule(expression).kind === 'cron';
const clean = (expression: string) => expression.trim().replace(/\s+/g, ' ');

/**
 * The schedule a header declares, first match wins:
 * 1. a line with a 5/6-field cron followed by a space, comma or quote and then the file name
 *    (`0 9 * * * jd_x.js, tag=…`, `cron "0 9 * * *" script-path=jd_x.js`);
 * 2. a `cron:` line (`// cron: 0 9 * * *`);
 * 3. `cron "<expr>"` anywhere.
 * Invalid expressions are skipped, so a later rule (or the caller's fallback) applies.
 */
export function headerSchedule(text: string, fileName: string): string | null {
  const head = text.slice(0, headerScanChars);
  const base = escapeRegExp(path.posix.basename(fileName));
  const withFile = new RegExp(String.raw`${cronRun}["', \t].*?${base}`, 'g');
  for (const match of head.matchAll(withFile)) {
    const expression = clean(match[1]!);
    if (isCron(expression)) return expression;
    // The greedy run may have taken a number in front that is not part of the cron (`v2 2024 0 9 * * * x.js`).
    const five = expression.split(' ').slice(-5).join(' ');
    if (five !== expression && isCron(five)) return five;
  }
  for (const match of head.matchAll(/cron\s*[:\uFF1A]\s*["'`]?([^"'`\n\r]+?)["'`]?\s*(?:\*\/)?\s*$/gim)) {
    const expression = clean(match[1]!);
    if (isCron(expression)) return expression;
  }
  for (const match of head.matchAll(/cron\s+["'`]([^"'`\n\r]+)["'`]/gi)) {
    const expression = clean(match[1]!);
    if (isCron(expression)) return expression;
  }
  return null;
}

/** The name a header declares: `new Env('…')`, else a `name:` comment line; null when neither. */
export function headerName(text: string): string | null {
  const head = text.slice(0, headerScanChars);
  const env = /new\s+Env\s*\(\s*(["'`])(.+?)\1/.exec(head);
  if (env?.[2]?.trim()) return env[2].trim().slice(0, 200);
  const line =
    /^[ \t]*(?:\/\/+|#+|\*+|\/\*+)?[ \t]*name[ \t]*[:\uFF1A][ \t]*["'`]?(.+?)["'`]?[ \t,;]*(?:\*\/)?[ \t]*$/im.exec(
      head,
    );
  if (line?.[1]?.trim()) return line[1].trim().slice(0, 200);
  return null;
}

/** A daily time picked at random (`M H * * *`), for scripts that declare no schedule and no DefaultCronRule. */
export function randomDailySchedule(random: () => number = Math.random): string {
  return `${Math.floor(random() * 60)} ${Math.floor(random() * 24)} * * *`;
}

export interface TaskHeader {
  name: string;
  schedule: string;
}

/**
 * The task a script becomes: its declared schedule, else `defaultRule` (config.sh's DefaultCronRule, when valid),
 * else a random daily time; its declared name, else the file name.
 */
export function taskHeaderOf(
  text: string,
  relativePath: string,
  defaultRule: string | null | undefined,
  random: () => number = Math.random,
): TaskHeader {
  const base = path.posix.basename(relativePath);
  const fallback = defaultRule && isCron(clean(defaultRule)) ? clean(defaultRule) : null;
  return {
    name: headerName(text) ?? base,
    schedule: headerSchedule(text, base) ?? fallback ?? randomDailySchedule(random),
  };
}
