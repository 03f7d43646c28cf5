/**
 * Takes secrets out of one line of the daemon's own log before it reaches stdout or data/syslog: the values of
 * fields whose name says they hold a secret (password, token, cookie, authorization, secret, API keys), URL
 * credentials and query values (redact.ts), bearer tokens, JWTs, and `password=…`-style pairs inside free text.
 * Applied to every line, whoever logged it, so a new log call cannot leak what an old rule already hides.
 */
import { redactUrls } from '../errors/redact.ts';

const hidden = '***';

/** Field names whose value is a secret, whatever its type (`authorization`, `x-api-key`, `set-cookie`, `jwtSecret`…). */
const secretKey =
  /^(?:.*[-_.]?)?(?:pass(?:word|wd)?|pwd|secret|token|cookie|set-cookie|authorization|auth|api[-_]?key|access[-_]?key|private[-_]?key|credentials?|session|signature|sig)$/i;

/** A value a secret-named field may still show: nothing to hide in a count, a flag or an absent value. */
const harmless = (value: unknown) => value === null || typeof value === 'boolean' || typeof value === 'number';

const textRules: [RegExp, string][] = [
  // `Authorization: Bearer eyJ…`, `bearer abc.def`
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${hidden}`],
  // A JWT anywhere (three base64url parts, the first a JSON header).
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}/g, hidden],
  // `password=abc`, `token: abc`, `"secret":"abc"` written into a message by hand.
  [
    /\b(pass(?:word|wd)?|pwd|secret|token|cookie|api[-_]?key|access[-_]?key|client_secret)(\s*[=:]\s*)("?)[^\s"&,;]+/gi,
    `$1$2$3${hidden}`,
  ],
];

/** Free text with URL credentials, bearer tokens, JWTs and `key=value` secrets masked. */
export function redactText(text: string): string {
  let out = redactUrls(text);
  for (const [pattern, replacement] of textRules) out = out.replace(pattern, replacement);
  return out;
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = secretKey.test(key) && !harmless(inner) ? hidden : scrub(inner, depth + 1);
  }
  return out;
}

/**
 * One log line (pino's JSON, ending in a newline) with every secret masked. A line that is not JSON is treated as
 * free text. Lines without anything to hide come back unchanged.
 */
export function redactLogLine(line: string): string {
  const body = line.endsWith('\n') ? line.slice(0, -1) : line;
  if (body.startsWith('{')) {
    try {
      return `${JSON.stringify(scrub(JSON.parse(body) as unknown, 0))}\n`;
    } catch {
      // Not JSON after all: fall through to the text rules.
    }
  }
  return `${redactText(body)}\n`;
}
