/**
 * Parses a task's command the way Qinglong's otask.sh reads it (pure; no file system):
 *   task <script> [now | conc ENV [nums] | desi ENV nums | script args...] [-m <time>] [-l] [-- script args...]
 * A command that does not start with `task ` (a `ql ...` command included) is a plain shell command, and so is
 * `task <something that is not a .js/.mjs/.cjs/.py/.pyc/.ts/.sh file>` (Qinglong's run_else). A `task` line with a
 * shell operator or expansion (`task a.sh && task b.py`, `task a.js > /dev/null; task b.sh`, `task a.js "$X"`) is a
 * chain: bash runs the line as typed, as Qinglong's does, and each `task` in it is shell/task, which runs inside the
 * run.
 */
import path from 'node:path';
import { isScriptFile, relativeToScripts } from './script.ts';

export const TaskMode = { normal: 'normal', now: 'now', conc: 'conc', desi: 'desi' } as const;
export type TaskMode = (typeof TaskMode)[keyof typeof TaskMode];

export interface ScriptCommand {
  kind: 'script';
  /** The script as written: relative to data/scripts, or absolute inside it (resolveScript decides). */
  script: string;
  mode: TaskMode;
  /** `conc` / `desi`: the variable whose `&`-separated values are the accounts. */
  envName: string | null;
  /** `conc` / `desi`: the account selection tokens (`1`, `5-7`, `2~4`, `1_3`, `max`); empty = all. */
  nums: string[];
  /** `-m`, in milliseconds; null = CommandTimeoutTime from config.sh, if any. */
  timeoutMs: number | null;
  /** The script's own arguments (after `--`, or extra words after the script). */
  args: string[];
  /** The words after `task`, given to task_before.sh / task_after.sh as their arguments (as Qinglong does). */
  hookArgs: string[];
  /** Exactly `task <script>`: the only form that gets a random delay. */
  bare: boolean;
}

export interface ShellCommand {
  kind: 'shell';
  /** The text the wrapper evaluates in a subshell. */
  shell: string;
  hookArgs: string[];
  timeoutMs: null;
  /**
   * A line of `task` commands joined by shell operators, run whole by bash: each `task` in it runs its script inside
   * this run with task_before.sh / task_after.sh of its own (as each of Qinglong's does), so the chain has none.
   */
  chain: boolean;
}

export type ParsedCommand = ScriptCommand | ShellCommand;
export type ParseResult = { ok: true; command: ParsedCommand } | { ok: false; error: string };

export const variableNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const numsPattern = /^(\d+|max)([-~_](\d+|max))?$/;
const durationPattern = /^(\d+(?:\.\d+)?)([smhd]?)$/;
const unitMs: Record<string, number> = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90`, `90s`, `5m`, `1.5h`, `2d` → milliseconds; null if malformed or zero. Also used for CommandTimeoutTime. */
export function parseDuration(text: string): number | null {
  const match = durationPattern.exec(text.trim());
  if (!match) return null;
  const ms = Math.round(Number(match[1]) * unitMs[match[2] ?? '']!);
  return ms > 0 ? ms : null;
}

export function parseTaskCommand(command: string): ParseResult {
  const text = command.trim();
  if (!text) return fail('The command is empty.');
  const head = /^task(?:\s+|$)/.exec(text);
  if (!head) return { ok: true, command: shellCommand(text, [], false) };
  const rest = text.slice(head[0].length);
  const words = shellWords(rest);
  if ('error' in words) return fail(`Cannot read "${text}": ${words.error}`);
  // What the user typed is a shell line by intent: bash reads it, as Qinglong's does.
  if (words.operator) return { ok: true, command: shellCommand(text, [], true) };
  const leading = leadingOptions(words.words);
  if ('error' in leading) return fail(leading.error);
  const script = words.words[leading.next];
  if (script === undefined) return fail('"task" needs a script: task <script> [now|conc ENV nums|desi ENV nums].');
  // An absolute script path may name data/scripts (Qinglong's tasks say /ql/data/scripts/x.js): the resolver decides.
  if (script.split('/').includes('..') || (script.startsWith('/') && !isScriptFile(script))) {
    return fail(
      `Refused: "${script}" is outside data/scripts (script paths are relative to data/scripts; to run a program, write the command without "task").`,
    );
  }
  if (!isScriptFile(script)) {
    // Qinglong's run_else: any other command, run as it is written.
    return { ok: true, command: shellCommand(rest, words.words, false) };
  }
  return parseScriptWords(script, words.words.slice(leading.next + 1), leading.timeoutMs, words.words);
}

function shellCommand(shell: string, hookArgs: string[], chain: boolean): ShellCommand {
  return { kind: 'shell', shell, hookArgs, timeoutMs: null, chain };
}

function parseScriptWords(script: string, words: string[], timeoutMs: number | null, all: string[]): ParseResult {
  const result: ScriptCommand = {
    kind: 'script',
    script,
    mode: TaskMode.normal,
    envName: null,
    nums: [],
    timeoutMs,
    args: [],
    hookArgs: all,
    bare: false,
  };
  let expectEnv = false;
  let first = true;
  let dashDash = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') {
      result.args.push(...words.slice(i + 1));
      dashDash = true;
      break;
    }
    if (word === '-l') continue;
    if (word === '-m') {
      const ms = parseDuration(words[i + 1] ?? '');
      if (ms === null) return fail(timeoutError(words[i + 1]));
      result.timeoutMs = ms;
      i++;
      continue;
    }
    const wasFirst = first;
    first = false;
    if (wasFirst && (word === 'now' || word === 'conc' || word === 'desi')) {
      result.mode = word;
      expectEnv = word !== 'now';
      continue;
    }
    if (expectEnv) {
      if (!variableNamePattern.test(word)) return fail(`"${result.mode}" needs a variable name first, got "${word}".`);
      result.envName = word;
      expectEnv = false;
      continue;
    }
    if (result.envName !== null && result.args.length === 0 && numsPattern.test(word)) {
      result.nums.push(word);
      continue;
    }
    if (result.envName !== null && result.args.length === 0) {
      return fail(`"${word}" is not an account number. Use numbers, ranges (5-7, 2~4, 1_3) or max.`);
    }
    result.args.push(word);
  }
  if (expectEnv) return fail(`"${result.mode}" needs a variable name: task ${script} ${result.mode} ENV [numbers].`);
  if (result.mode === TaskMode.desi && result.nums.length === 0) {
    return fail(`"desi" needs account numbers: task ${script} desi ${result.envName} 1 3 5-7.`);
  }
  // Qinglong delays only `task <script>` alone (its options -m / -l aside).
  result.bare = result.mode === TaskMode.normal && result.args.length === 0 && !dashDash;
  return { ok: true, command: result };
}

/** `-m` / `-l` written before the script (Qinglong's getopts reads them there). */
function leadingOptions(words: string[]): { next: number; timeoutMs: number | null } | { error: string } {
  let timeoutMs: number | null = null;
  let i = 0;
  for (; i < words.length; i++) {
    if (words[i] === '-l') continue;
    if (words[i] !== '-m') break;
    timeoutMs = parseDuration(words[i + 1] ?? '');
    if (timeoutMs === null) return { error: timeoutError(words[i + 1]) };
    i++;
  }
  return { next: i, timeoutMs };
}

function timeoutError(value: string | undefined): string {
  const got = value === undefined ? 'nothing' : `"${value}"`;
  return `"-m" needs a time such as 30, 90s, 5m, 2h or 1d (got ${got}).`;
}

/**
 * The account numbers a selection picks among `count` accounts (1-based, in the order written, no repeats,
 * out-of-range numbers left out). No tokens = all of them. `max` alone = all; in a range (`3-max`) it is the last.
 */
export function selectAccounts(nums: readonly string[], count: number): number[] {
  if (nums.length === 0) return range(1, count);
  const picked: number[] = [];
  for (const token of nums) {
    const match = numsPattern.exec(token);
    if (!match) continue;
    const from = match[1] === 'max' ? count : Number(match[1]);
    const numbers = match[3] === undefined ? (token === 'max' ? range(1, count) : [from]) : undefined;
    const to = match[3] === 'max' ? count : Number(match[3]);
    for (const n of numbers ?? range(from, to)) {
      if (n >= 1 && n <= count && !picked.includes(n)) picked.push(n);
    }
  }
  return picked;
}

/** The accounts of a variable: its `&`-separated values, empty ones left out. */
export function splitAccounts(value: string): string[] {
  return value.split('&').filter((part) => part !== '');
}

function range(from: number, to: number): number[] {
  const step = from <= to ? 1 : -1;
  const out: number[] = [];
  for (let n = from; step > 0 ? n <= to : n >= to; n += step) out.push(n);
  return out;
}

function fail(error: string): ParseResult {
  return { ok: false, error };
}

/**
 * Splits text into words as bash would, for the simple commands a task line holds: quotes and backslashes are
 * honoured; `#` at the start of a word begins a comment. `operator` says an unquoted shell operator or expansion
 * (; & | < > ( ) $ `) was seen, which only bash can run.
 */
export function shellWords(text: string): { words: string[]; operator: boolean } | { error: string } {
  const words: string[] = [];
  let word: string | null = null;
  let operator = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return { error: 'a single quote is not closed' };
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && j + 1 < text.length && '"\\$`\n'.includes(text[j + 1]!)) j++;
        else if (text[j] === '$' || text[j] === '`') operator = true;
        value += text[j];
      }
      if (j >= text.length) return { error: 'a double quote is not closed' };
      word = (word ?? '') + value;
      i = j;
    } else if (c === '\\') {
      if (i + 1 < text.length) word = (word ?? '') + text[++i];
    } else if (c === '#' && word === null) {
      break;
    } else {
      if (';&|<>()$`'.includes(c)) operator = true;
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return { words, operator };
}

/** The script a `task` command runs, relative to data/scripts; null for any other command. */
export function scriptOf(command: string, scriptsDir: string): string | null {
  const parsed = parseTaskCommand(command);
  if (!parsed.ok || parsed.command.kind !== 'script') return null;
  const relative = relativeToScripts(scriptsDir, parsed.command.script);
  return relative === null ? null : path.posix.normalize(relative);
}
