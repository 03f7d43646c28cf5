/**
 * `ql extra`: runs data/config/extra.sh (Qinglong's custom start-up script) once, now, as Qinglong does: in bash
 * with Qinglong's shell names (shell/task-helpers.sh) and config.sh sourced first, output here and in
 * data/log/extra/<time>.log.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildEnvironment, newRunMarker } from '../../jobs/executor/environment.ts';
import { logFileName } from '../../jobs/executor/log-format.ts';
import { spawnCommand } from '../../jobs/executor/spawn-command.ts';
import { dataPaths } from '../../config/paths.ts';
import { fromRoot } from '../../install/root.ts';
import { ExitCode, type QlCommand } from './command.ts';

/** No user text in it: the files come as arguments. */
const runner = 'set -- "$1" "$2" "$3"; . "$1"; if [ -f "$2" ]; then . "$2"; fi; . "$3"';

export const extra: QlCommand = {
  name: 'extra',
  usage: '',
  summary: { en: 'run data/config/extra.sh now', zh: '立即运行 data/config/extra.sh' },
  help: {
    en: `Runs data/config/extra.sh once, in bash, after config.sh and Qinglong's shell names (dir_scripts, ...).
Output is printed and kept in data/log/extra/. Without an extra.sh it says so and does nothing.
Exit code: extra.sh's (0 when there is none).`,
    zh: `在 bash 中运行一次 data/config/extra.sh，先加载 config.sh 和青龙的 shell 变量（dir_scripts 等）。
输出打印在此并保存在 data/log/extra/。没有 extra.sh 时提示后不做任何事。
退出码：extra.sh 的退出码（没有时为 0）。`,
  },
  async run(args, context) {
    const paths = dataPaths(context.config.dataDir);
    const file = path.join(paths.config, 'extra.sh');
    if (!existsSync(file)) {
      context.out(context.t({ en: `There is no ${file}: nothing to run.`, zh: `没有 ${file}：无需运行。` }));
      return ExitCode.ok;
    }
    const { env } = buildEnvironment({
      paths,
      panel: [],
      runId: newRunMarker(),
      timezone: context.timezone,
      daemonEnv: context.host.processEnvironment,
    });
    const helpers = fromRoot('shell', 'task-helpers.sh');
    const handle = spawnCommand({
      argv: ['bash', '-c', runner, 'extra.sh', helpers, path.join(paths.config, 'config.sh'), file],
      cwd: paths.scripts,
      env,
      logFile: path.join(paths.log, 'extra', logFileName(Date.now(), context.timezone)),
      sink: { data: (chunk) => process.stdout.write(chunk), end: () => {} },
      title: 'ql extra',
      language: context.lang,
      zone: context.timezone,
    });
    const outcome = await handle.finished;
    return outcome.exitCode ?? ExitCode.failed;
  },
};
