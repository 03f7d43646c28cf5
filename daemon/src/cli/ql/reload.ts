/** `ql reload` (and `ql restart`): the running daemon restarts through the container's entrypoint (../ql-update.ts). */
import { qlReload, QlUpdateError } from '../ql-update.ts';
import { CliError, ExitCode, usageError, type QlCommand } from './command.ts';
import { withDatabase } from './database.ts';

export const reload: QlCommand = {
  name: 'reload',
  aliases: ['restart'],
  usage: '',
  summary: {
    en: "restart the daemon through the container's entrypoint (also: ql restart)",
    zh: '通过容器入口脚本重启守护进程（也可用 ql restart）',
  },
  help: {
    en: `Restarts the daemon through the container's entrypoint: it is sent SIGUSR2 (after checking the recorded
process is a Baihu daemon), stops its runs with their end lines, exits with code 0, and the entrypoint starts it
again (a downloaded version on trial). With no daemon running it says so. A daemon not run by the entrypoint is
refused (it would stop, not restart). There is no pm2: Qinglong's "reload system|data" arguments are not taken.
Exit code: 0 asked (or nothing to restart); 1 refused; 2 usage error.`,
    zh: `通过容器入口脚本重启守护进程：向其发送 SIGUSR2（先确认记录的进程是白虎守护进程），它停止正在进行的运行并写入
结束行、以退出码 0 退出，入口脚本再启动它（已下载的版本以试用方式启动）。没有守护进程运行时会说明。不是由入口脚本
运行的守护进程会被拒绝（它只会停止而不会重启）。没有 pm2：不接受青龙的 "reload system|data" 参数。
退出码：0 已请求（或无需重启）；1 被拒绝；2 用法错误。`,
  },
  async run(args, context) {
    if (args.length > 0) throw usageError(context, reload);
    try {
      await withDatabase(context, (database) => qlReload(context.config, database));
    } catch (error) {
      if (error instanceof QlUpdateError) throw new CliError(error.message);
      throw error;
    }
    return ExitCode.ok;
  },
};
