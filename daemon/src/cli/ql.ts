/**
 * `ql`: Baihu's command line (Qinglong's `ql`), run through shell/ql, which finds the repository and sets
 * BAIHU_DATA_DIR. This file only dispatches: each subcommand is a file of ql/ listed in ql/registry.ts.
 */
import { ConfigError, loadConfig, readHost } from '../config/config.ts';
import type { Language } from '../contract/i18n.ts';
import { messages } from '../contract/messages.ts';
import { privateUmask } from '../config/data-modes.ts';
import { AppError } from '../errors/app-error.ts';
import { CliError, ExitCode, type Bilingual, type QlCommand, type QlContext } from './ql/command.ts';
import { databaseOf } from '../db/open.ts';
import { configuredLanguage, configuredTimezone } from './ql/language.ts';
import { qlCommands } from './ql/registry.ts';

const helpWords = ['help', '-h', '--help'];

function find(name: string): QlCommand | undefined {
  return qlCommands.find((command) => command.name === name || command.aliases?.includes(name));
}

function usage(lang: Language): string {
  const rows = qlCommands.map((command) => {
    const left = `${command.name}${command.usage ? ` ${command.usage}` : ''}`;
    // A long usage gets a line of its own, the summary below it.
    const head = left.length < 22 ? left.padEnd(22) : `${left}\n${' '.repeat(24)}`;
    return `  ${head}${command.summary[lang]}`;
  });
  return lang === 'zh'
    ? `用法：ql <命令> [参数]      ql <命令> --help 查看某个命令的说明

命令：
${rows.join('\n')}
  help                  显示本帮助

环境变量：BAIHU_DATA_DIR（数据目录），BAIHU_PORT、BAIHU_HOST、BAIHU_BASE_URL（守护进程的地址）。`
    : `Usage: ql <command> [argument]      ql <command> --help explains one command

Commands:
${rows.join('\n')}
  help                  show this help

Environment: BAIHU_DATA_DIR (data directory), BAIHU_PORT, BAIHU_HOST and BAIHU_BASE_URL (where the daemon
answers).`;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [name, ...args] = argv;
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return ExitCode.badConfig;
  }
  const host = readHost(env);
  const lang = await configuredLanguage(databaseOf(config), host);
  const context: QlContext = {
    config,
    host,
    lang,
    timezone: await configuredTimezone(databaseOf(config), host),
    t: (text: Bilingual) => text[lang],
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  };

  if (name === undefined || helpWords.includes(name)) {
    context.out(usage(lang));
    return ExitCode.ok;
  }
  const command = find(name);
  if (!command) {
    context.err(context.t({ en: `ql: unknown command "${name}"\n`, zh: `ql：未知命令 "${name}"\n` }));
    context.err(usage(lang));
    return ExitCode.usage;
  }
  if (args.length > 0 && helpWords.includes(args[0]!)) {
    context.out(`ql ${command.name}${command.usage ? ` ${command.usage}` : ''}\n\n${command.help[lang]}`);
    return ExitCode.ok;
  }
  try {
    return await command.run(args, context);
  } catch (error) {
    if (error instanceof CliError) {
      context.err(`ql ${name}: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof AppError) {
      context.err(`ql ${name}: ${messages[error.key][lang]}`);
      return ExitCode.failed;
    }
    context.err(`ql ${name}: ${(error as Error).stack ?? String(error)}`);
    return ExitCode.failed;
  }
}

// Files this writes in the data directory (the database's WAL/SHM) stay private, as the daemon's do.
process.umask(privateUmask);
process.exitCode = await main(process.argv.slice(2));
