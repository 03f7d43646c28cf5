/**
 * `task`: runs a task command from the container shell (or a host checkout) with the panel's semantics — the same
 * runner, wrapper, hooks, config.sh, random delay and timeouts — printing the output and writing a log under
 * data/log/<dir>/ as the panel does. Run through shell/task, which finds the repository and sets BAIHU_DATA_DIR.
 * Exit code: the command's; 124 on timeout, 130 when stopped, 2 for a usage error.
 */
import path from 'node:path';
import { ConfigError, loadConfig, readHost } from '../config.ts';
import { dataPaths } from '../paths.ts';
import { logDirName, logFileName } from '../jobs/executor/log-format.ts';
import { ProcessRunner } from '../jobs/executor/process-runner.ts';
import { parseTaskCommand } from '../jobs/executor/task-command.ts';
import { RunEnd } from '../contract/enums.ts';
import { privateUmask } from '../data-modes.ts';

const usage = `Usage: task <script> [now | conc ENV [numbers] | desi ENV numbers] [-m time] [-- script arguments]

  task dir/a.js                run a script of data/scripts (random delay if RandomDelay is set in config.sh)
  task a.py now                run now, without the random delay
  task a.js conc JD_COOKIE 1-3 one process per account of JD_COOKIE (its &-separated values), in parallel
  task a.js desi JD_COOKIE 2 4 one run with JD_COOKIE reduced to accounts 2 and 4
  -m 30 | 90s | 5m | 2h | 1d   stop the run after this time (default: CommandTimeoutTime in config.sh)

Numbers: 1 3 5-7 2~4 1_3 max. Interpreters: .js/.mjs/.cjs node, .py python3, .ts tsx, .sh bash.
Environment: BAIHU_DATA_DIR (data directory). The panel's environment variables are not loaded by this command yet.`;

/** Quotes a word for the command line the runner parses (and shows in the log). */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

async function main(args: string[]): Promise<number> {
  if (args.length === 0 || args[0] === '-h' || args[0] === '--help' || args[0] === 'help') {
    console.log(usage);
    return args.length === 0 ? 2 : 0;
  }
  const command = ['task', ...args.map(quote)].join(' ');
  const parsed = parseTaskCommand(command);
  if (!parsed.ok) {
    console.error(`task: ${parsed.error}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 78;
  }
  const paths = dataPaths(config.dataDir);
  const runner = new ProcessRunner({ paths, variables: async () => [], daemonEnv: readHost().processEnvironment });
  const now = new Date();
  const handle = await runner.start({
    command,
    logFile: path.join(paths.log, logDirName(command), logFileName(now)),
    manual: false,
    title: command,
    sink: { data: (chunk) => process.stdout.write(chunk), end: () => {} },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void handle.stop());
  }
  const outcome = await handle.finished;
  if (outcome.end === RunEnd.timeout) return 124;
  if (outcome.end === RunEnd.stopped) return 130;
  return outcome.exitCode ?? 1;
}

// Logs this writes in the data directory stay private, as the daemon's do.
process.umask(privateUmask);
process.exitCode = await main(process.argv.slice(2));
