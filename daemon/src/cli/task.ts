/**
 * `task`: runs a task command from the container shell (or a host checkout), as Qinglong's `task` does. With the
 * daemon up, the daemon runs it (through its local route, with the key from data/db): the panel's variables, the
 * task's hooks and work dir when a task runs the same script, and a row in the run history; this command prints the
 * log as it grows and ends with the run's exit code (Ctrl-C stops the run). With the daemon down it runs here,
 * standalone, with the same runner and the panel's variables read from the database, and says so. Inside a running
 * task (a chain's `task a.sh && task b.py`, a script that runs `task`) it runs inline, in that run (task-inline.ts).
 * Run through shell/task, which finds the repository and sets BAIHU_DATA_DIR.
 * Exit code: the command's; 124 on timeout, 130 when stopped, 2 for a usage error, 78 for bad configuration.
 */
import path from 'node:path';
import { systemClock } from '../time/clock.ts';
import { ConfigError, loadConfig, readHost, type Config } from '../config/config.ts';
import type { Language } from '../contract/i18n.ts';
import type { LocalRunQueued } from '../contract/local.ts';
import { privateUmask } from '../config/data-modes.ts';
import { databaseOf, hasDatabase, openDatabase } from '../db/open.ts';
import { logDirName, logFileName } from '../jobs/executor/log-format.ts';
import { ProcessRunner } from '../jobs/executor/process-runner.ts';
import { parseTaskCommand } from '../jobs/executor/task-command.ts';
import type { PanelVariable } from '../jobs/executor/types.ts';
import { createEnvs } from '../modules/envs/index.ts';
import { ensureModuleScope } from '../files/module-scope.ts';
import { dataPaths } from '../config/paths.ts';
import { exitCodeOf, LocalClient } from './local-client.ts';
import { enclosingRun, runInline } from './task-inline.ts';
import { configuredLanguage, configuredTimezone } from './ql/language.ts';

const usage = {
  en: `Usage: task <script> [now | conc ENV [numbers] | desi ENV numbers] [-m time] [-- script arguments]

  task dir/a.js                run a script of data/scripts (random delay if RandomDelay is set in config.sh)
  task /ql/data/scripts/a.js   the same script, named as Qinglong's tasks name it (or <data dir>/scripts/a.js)
  task a.py now                run now, without the random delay
  task a.js conc JD_COOKIE 1-3 one process per account of JD_COOKIE (its &-separated values), in parallel
  task a.js desi JD_COOKIE 2 4 one run with JD_COOKIE reduced to accounts 2 and 4
  -m 30 | 90s | 5m | 2h | 1d   stop the run after this time (default: CommandTimeoutTime in config.sh)

Numbers: 1 3 5-7 2~4 1_3 max. Interpreters: .js/.mjs/.cjs node, .py python3, .ts tsx, .sh bash (sourced).
With the daemon running, the run gets the panel's variables and appears in the panel's run history (in the history
of the task that runs the same script); Ctrl-C stops it. Without it, the run happens here, standalone. Inside a
running task (task a.sh && task b.py, or a script that runs task) it runs in that run, with its variables and log.
Exit code: the script's; 124 on timeout; 130 when stopped; 2 usage error; 78 bad configuration.
Environment: BAIHU_DATA_DIR (data directory), BAIHU_PORT, BAIHU_HOST, BAIHU_BASE_URL (where the daemon answers).`,
  zh: `用法：task <脚本> [now | conc 变量 [序号] | desi 变量 序号] [-m 时长] [-- 脚本参数]

  task dir/a.js                运行 data/scripts 中的脚本（config.sh 设置了 RandomDelay 时随机延迟）
  task /ql/data/scripts/a.js   同一个脚本，按青龙任务的写法（或 <数据目录>/scripts/a.js）
  task a.py now                立即运行，不随机延迟
  task a.js conc JD_COOKIE 1-3 JD_COOKIE 的每个账号（以 & 分隔）一个进程，并行运行
  task a.js desi JD_COOKIE 2 4 运行一次，JD_COOKIE 只保留第 2 和第 4 个账号
  -m 30 | 90s | 5m | 2h | 1d   超过该时长停止运行（默认：config.sh 中的 CommandTimeoutTime）

序号：1 3 5-7 2~4 1_3 max。解释器：.js/.mjs/.cjs 用 node，.py 用 python3，.ts 用 tsx，.sh 用 bash（source 执行）。
守护进程运行时，本次运行获得面板的环境变量并记入面板的运行历史（记在运行同一脚本的任务下）；Ctrl-C 停止运行。
守护进程未运行时，在本地独立运行。在运行中的任务里（task a.sh && task b.py，或脚本调用 task）则在该次运行中执行，
使用其环境变量和日志。
退出码：脚本的退出码；超时 124；被停止 130；用法错误 2；配置错误 78。
环境变量：BAIHU_DATA_DIR（数据目录），BAIHU_PORT、BAIHU_HOST、BAIHU_BASE_URL（守护进程的地址）。`,
};

/** Quotes a word for the command line the runner parses (and shows in the log). */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

async function main(args: string[]): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 78;
  }
  const host = readHost();
  const lang = await configuredLanguage(databaseOf(config), host);
  if (args.length === 0 || args[0] === '-h' || args[0] === '--help' || args[0] === 'help') {
    console.log(usage[lang]);
    return args.length === 0 ? 2 : 0;
  }
  const command = ['task', ...args.map(quote)].join(' ');
  const parsed = parseTaskCommand(command);
  if (!parsed.ok) {
    console.error(`task: ${parsed.error}`);
    return 2;
  }
  const run = enclosingRun();
  if (run) return runInline(config, command, lang, run);

  const client = LocalClient.for(config);
  const queued = await client.request<LocalRunQueued>('POST', '/local/task', { command });
  if (queued.ok) return followInDaemon(client, queued.data, lang);
  console.error(standaloneNotice(lang, client.base, queued.down, queued.message));
  const timezone = await configuredTimezone(databaseOf(config), host);
  return standalone(config, command, host.processEnvironment, timezone);
}

function standaloneNotice(lang: Language, base: string, down: boolean, reason: string): string {
  if (down) {
    return lang === 'zh'
      ? `task：白虎守护进程未运行（${base} 无应答：${reason}）。在本地独立运行：使用面板的环境变量，但本次运行不会记入面板的运行历史。`
      : `task: Baihu's daemon is not running (no answer at ${base}: ${reason}). Running standalone: with the panel's variables, but this run is not recorded in the panel's history.`;
  }
  return lang === 'zh'
    ? `task：守护进程拒绝了本次运行（${reason}）。在本地独立运行，不记入面板的运行历史。`
    : `task: the daemon refused this run (${reason}). Running standalone; it is not recorded in the panel's history.`;
}

async function followInDaemon(client: LocalClient, queued: LocalRunQueued, lang: Language): Promise<number> {
  if (queued.runId === null) return 1;
  const runId = queued.runId;
  const stop = () => void client.request('PUT', `/local/runs/${runId}/stop`);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  const run = await client.follow(runId, (chunk) => process.stdout.write(chunk));
  if (run === null) {
    console.error(
      lang === 'zh'
        ? `task：与守护进程失去联系（运行 ${runId}）；运行结果见面板。`
        : `task: lost the daemon while following run ${runId}; see the panel for how it ended.`,
    );
    return 1;
  }
  return exitCodeOf(run);
}

/** The panel's variables from the database, when there is one (the daemon is down: migrating is safe). */
async function panelVariables(config: Config): Promise<readonly PanelVariable[]> {
  const choice = databaseOf(config);
  if (!hasDatabase(choice)) return [];
  const database = await openDatabase(choice);
  try {
    await database.migrate();
    return await createEnvs({ db: database.db, phrases: database.phrases, clock: systemClock }).service.variables();
  } finally {
    await database.close();
  }
}

async function standalone(
  config: Config,
  command: string,
  daemonEnv: NodeJS.ProcessEnv,
  timezone: string,
): Promise<number> {
  const paths = dataPaths(config.dataDir);
  await ensureModuleScope(paths.root).catch(() => 'commonjs');
  const variables = await panelVariables(config);
  const runner = new ProcessRunner({ paths, variables: async () => variables, daemonEnv, timezone: () => timezone });
  const handle = await runner.start({
    command,
    logFile: path.join(paths.log, logDirName(command), logFileName(Date.now(), timezone)),
    manual: false,
    title: command,
    sink: { data: (chunk) => process.stdout.write(chunk), end: () => {} },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void handle.stop());
  }
  const outcome = await handle.finished;
  return exitCodeOf({ end: outcome.end, exitCode: outcome.exitCode });
}

// Logs this writes in the data directory stay private, as the daemon's do.
process.umask(privateUmask);
process.exitCode = await main(process.argv.slice(2));
