/**
 * A pasted Qinglong command turned into form fields (pure):
 * `ql repo "<url>" "<whitelist>" "<blacklist>" "<dependence>" "<branch>" "<extensions>" "<proxy>" "<autoAdd>" "<autoDel>"`
 * or `ql raw "<url>" ["<proxy>" "<autoAdd>" "<autoDel>"]`. A leading `SUB_ID=… ` or `task ` is ignored.
 */
import type { ParsedCommand } from '../../contract/subscriptions.ts';
import { SubscriptionType } from '../../contract/enums.ts';
import { aliasOf, isSshUrl, nameOfUrl } from './alias.ts';

/** Shell-like words: single and double quotes group, a backslash escapes in double quotes and outside. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      else current += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && i + 1 < command.length && '"\\$`'.includes(command[i + 1]!)) current += command[++i];
      else current += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      current += command[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

const flagOf = (word: string | undefined): number | undefined => {
  if (word === undefined || word.trim() === '') return undefined;
  return /^(false|0|no|off)$/i.test(word.trim()) ? 0 : 1;
};

/** The fields of a `ql repo` / `ql raw` command, or null when the text is neither. */
export function parseQlCommand(command: string): ParsedCommand | null {
  const words = shellWords(command.trim());
  while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) words.shift();
  if (words[0] === 'task') words.shift();
  if (words[0] !== 'ql' || (words[1] !== 'repo' && words[1] !== 'raw')) return null;
  return parseQlWords(words[1], words.slice(2));
}

/** `ql repo|raw` with its arguments apart, as the shell handed them to `ql` (Qinglong's order). */
export function parseQlWords(kind: 'repo' | 'raw', args: string[]): ParsedCommand | null {
  const url = args[0]?.trim();
  if (!url) return null;
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const result: ParsedCommand = { type: SubscriptionType.publicRepo, url };
  const set = <K extends keyof ParsedCommand>(key: K, value: ParsedCommand[K] | undefined) => {
    if (value !== undefined) result[key] = value;
  };
  if (kind === 'raw') {
    result.type = SubscriptionType.file;
    set('proxy', text(args[1]));
    set('autoAddCron', flagOf(args[2]));
    set('autoDelCron', flagOf(args[3]));
  } else {
    if (isSshUrl(url)) result.type = SubscriptionType.privateRepo;
    set('whitelist', text(args[1]));
    set('blacklist', text(args[2]));
    set('dependences', text(args[3]));
    set('branch', text(args[4]));
    set('extensions', text(args[5]));
    set('proxy', text(args[6]));
    set('autoAddCron', flagOf(args[7]));
    set('autoDelCron', flagOf(args[8]));
  }
  set('name', nameOfUrl(url));
  set('alias', aliasOf(result.type, url, result.branch ?? null));
  return result;
}
