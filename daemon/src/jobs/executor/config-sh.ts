/**
 * Reads settings out of data/config/config.sh (CommandTimeoutTime, RandomDelay*, ...) by letting bash evaluate it
 * once, cached until the file changes (mtime, size, inode), so a run does not pay for a bash start every time.
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';

/** Prints `name=value\0` for each named variable that is set (set to "" included: unset and "" differ). */
const printScript = `. "$1" >/dev/null 2>&1 </dev/null; shift
for n in "$@"; do if [[ -n \${!n+x} ]]; then printf '%s=%s\\0' "$n" "\${!n}"; fi; done`;

export type ConfigValues = Record<string, string | undefined>;

export class ConfigShReader {
  private cache = new Map<string, { stamp: string; values: Promise<ConfigValues> }>();

  /** `environment`: what bash inherits (the whitelisted variables of the daemon, see environment.ts). */
  constructor(
    private readonly file: string,
    private readonly environment: Record<string, string>,
  ) {}

  /** The values of `names` after sourcing config.sh; a name left unset is undefined. No file = all undefined. */
  values(names: readonly string[]): Promise<ConfigValues> {
    const stamp = fileStamp(this.file);
    if (stamp === null) return Promise.resolve({});
    const key = names.join(' ');
    const cached = this.cache.get(key);
    if (cached?.stamp === stamp) return cached.values;
    const values = evaluate(this.file, names, this.environment);
    this.cache.set(key, { stamp, values });
    return values;
  }
}

function fileStamp(file: string): string | null {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return null;
  }
}

function evaluate(file: string, names: readonly string[], env: Record<string, string>): Promise<ConfigValues> {
  return new Promise((resolve) => {
    const argv = ['-c', printScript, 'config.sh', file, ...names];
    const options = { env, timeout: 10_000, encoding: 'utf8' as const };
    execFile('bash', argv, options, (_error, stdout) => {
      // A config.sh that fails half-way still yields what it set before failing.
      const values: ConfigValues = {};
      for (const entry of String(stdout ?? '').split('\0')) {
        const at = entry.indexOf('=');
        if (at > 0) values[entry.slice(0, at)] = entry.slice(at + 1);
      }
      resolve(values);
    });
  });
}
