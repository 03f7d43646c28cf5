/**
 * What one `ql` subcommand is: its name, its help in both languages, and what it does. The dispatcher (../ql.ts)
 * finds it in registry.ts; another subcommand is one more file here and one more line there.
 */
import type { Config, Host } from '../../config/config.ts';
import type { Language } from '../../contract/i18n.ts';

export type Bilingual = Record<Language, string>;

export interface QlContext {
  config: Config;
  host: Host;
  /** The configured language (the panel's `lang` setting; see language.ts). */
  lang: Language;
  /** The panel's time zone (its `timezone` setting, else the machine's): the logs `ql` writes are named in it. */
  timezone: string;
  /** Text in the configured language. */
  t(text: Bilingual): string;
  out(line: string): void;
  err(line: string): void;
}

export interface QlCommand {
  name: string;
  /** Other names that run it (Qinglong's `restart` for `reload`). */
  aliases?: readonly string[];
  /** `ql <name> <usage>`, e.g. `<password>`; empty for none. */
  usage: string;
  /** One line for the command list. */
  summary: Bilingual;
  /** `ql <name> --help`: what it does and its exit codes. */
  help: Bilingual;
  /** The exit code (see ExitCode). */
  run(args: string[], context: QlContext): Promise<number>;
}

/** Qinglong's codes where it has them; 78 for bad configuration, as the daemon. */
export const ExitCode = { ok: 0, failed: 1, usage: 2, badConfig: 78 } as const;

/** A refusal with its message (already in the right language) and exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = ExitCode.failed,
  ) {
    super(message);
  }
}

export function usageError(context: QlContext, command: QlCommand): CliError {
  const usage = `ql ${command.name}${command.usage ? ` ${command.usage}` : ''}`;
  return new CliError(context.t({ en: `Usage: ${usage}`, zh: `用法：${usage}` }), ExitCode.usage);
}

/** Exactly one argument, or a usage error. */
export function oneArgument(args: string[], context: QlContext, command: QlCommand): string {
  if (args.length !== 1 || args[0] === undefined) throw usageError(context, command);
  return args[0];
}
