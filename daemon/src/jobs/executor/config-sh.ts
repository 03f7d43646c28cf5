/**
 * Reads settings out of data/config/config.sh (CommandTimeoutTime, RandomDelay*, ...) by letting bash evaluate it
 * once, cached until the file changes (mtime, size, inode), so a run does not pay for a bash start every time.
 */
import { execFile } from 'node:child_process';
import { fileStamp, ScannedFile } from './scanned-file.ts';

/** Prints `name=value\0` for each named variable that is set (set to "" included: unset and "" differ). */
const printScript = `. "$1" >/dev/null 2>&1 </dev/null; shift
for n in "$@"; do if [[ -n \${!n+x} ]]; then printf '%s=%s\\0' "$n" "\${!n}"; fi; done`;

export type ConfigValues = Record<string, string | undefined>;

/** What config.sh's text can do to the exported environment (see mayChangeEnvironment). */
export interface ConfigText {
  /** A line that is not blank or a comment: sourcing the file can do something. */
  commands: boolean;
  /** A command that exports or assigns a variable by name (export, declare, set -a, source, eval, read...). */
  exportsByCommand: boolean;
  /** Names assigned with `NAME=` / `NAME+=`: these change what a run receives when they are exported already. */
  assigned: Set<string>;
}

const exportingCommand =
  /(^|[^\w])(export|declare|typeset|readonly|local|set|source|eval|read|mapfile|readarray|printf|getopts|let|for|alias|enable|builtin|command|exec)([^\w]|$)|\(\(|(^|[^\w.])\.([^\w]|$)/;
const assignment = /(^|[^\w])([A-Za-z_]\w*)\+?=/g;

/** Reads config.sh's text: the lines that are not comments, the commands and assignments in them. */
export function scanConfigText(text: string): ConfigText {
  const assigned = new Set<string>();
  let commands = false;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    commands = true;
    if (exportingCommand.test(line)) return { commands, exportsByCommand: true, assigned };
    for (const match of line.matchAll(assignment)) assigned.add(match[2]!);
  }
  return { commands, exportsByCommand: false, assigned };
}

/**
 * Whether sourcing config.sh (its text read by scanConfigText) may change what a run with `env` receives, and the run
 * wrapper must fit the environment after it (a fork and a loop over every variable in bash, ≈1 ms a run): a command
 * that can export or assign by name, or an assignment to a variable of `env`. A config.sh of plain settings (the
 * shipped one) cannot. Erring on "may" only costs the fitting.
 */
export function mayChangeEnvironment(scan: ConfigText, env: Readonly<Record<string, string>>): boolean {
  return scan.exportsByCommand || [...scan.assigned].some((name) => Object.hasOwn(env, name));
}

export class ConfigShReader {
  private cache = new Map<string, { stamp: string; values: Promise<ConfigValues> }>();
  private readonly scanned: ScannedFile<ConfigText>;

  /** `environment`: what bash inherits (the whitelisted variables of the daemon, see environment.ts). */
  constructor(
    private readonly file: string,
    private readonly environment: Record<string, string>,
  ) {
    this.scanned = new ScannedFile(file, scanConfigText, {
      commands: true,
      exportsByCommand: true,
      assigned: new Set(),
    });
  }

  /** What config.sh's text can do (see scanConfigText); null when there is no config.sh. */
  text(): ConfigText | null {
    return this.scanned.value();
  }

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

function evaluate(file: string, names: readonly string[], env: Record<string, string>): Promise<ConfigValues> {
  return new Promise((resolve) => {
    // --norc: `bash -c` whose stdin is a socket (Node's pipes are socket pairs) takes itself for an rsh session
    // and sources ~/.bashrc, whose output then corrupted the values (and a pyenv init there cost ≈100 ms).
    const argv = ['--norc', '-c', printScript, 'config.sh', file, ...names];
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
