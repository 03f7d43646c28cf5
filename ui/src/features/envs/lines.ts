/**
 * Variables pasted as lines, the way people have them: `NAME=value`, `export NAME=value` (from a shell script),
 * `NAME="value with spaces"` or `'…'` (the quotes removed), blank lines and `#` comments skipped. Every line that is
 * none of these is reported with its number and why, so one answer names everything to fix.
 */
import type { EnvInput } from '@contract/envs.ts';
import { envNamePattern } from '@contract/enums.ts';

const nameRule = new RegExp(envNamePattern);

export type LineProblem =
  /** No `=` on the line. */
  | { line: number; kind: 'noEquals' }
  /** Nothing before the `=`. */
  | { line: number; kind: 'noName' }
  /** The name breaks the rule (letters, digits, underscores; not starting with a digit). */
  | { line: number; kind: 'badName'; name: string }
  /** A value opened with a quote that never closes. */
  | { line: number; kind: 'openQuote'; name: string };

export interface ParsedLines {
  inputs: EnvInput[];
  problems: LineProblem[];
}

/** The value after `=`: quoted (quotes removed, a trailing `# comment` allowed) or as it stands, trimmed. */
function valueOf(raw: string): string | null {
  const text = raw.trim();
  const quote = text[0];
  if (quote !== '"' && quote !== "'") return text;
  // The closing quote: the next unescaped one (single quotes have no escapes, as in a shell).
  let end = -1;
  for (let i = 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] === quote) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const rest = text.slice(end + 1).trim();
  // Anything after the closing quote other than a comment means the quotes were part of the value.
  if (rest !== '' && !rest.startsWith('#')) return text;
  const inner = text.slice(1, end);
  return quote === '"' ? inner.replace(/\\(["\\$`])/g, '$1') : inner;
}

export function parseEnvLines(text: string): ParsedLines {
  const inputs: EnvInput[] = [];
  const problems: LineProblem[] = [];
  text.split(/\r?\n/).forEach((original, index) => {
    const line = index + 1;
    const trimmed = original.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const statement = trimmed.replace(/^export\s+/, '');
    const at = statement.indexOf('=');
    if (at < 0) return problems.push({ line, kind: 'noEquals' });
    const name = statement.slice(0, at).trim();
    if (name === '') return problems.push({ line, kind: 'noName' });
    if (!nameRule.test(name)) return problems.push({ line, kind: 'badName', name });
    const value = valueOf(statement.slice(at + 1));
    if (value === null) return problems.push({ line, kind: 'openQuote', name });
    inputs.push({ name, value });
  });
  return { inputs, problems };
}
