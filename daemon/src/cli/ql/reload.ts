/** `ql reload` (and `ql restart`): the running daemon closes cleanly and its supervisor starts it again. */
import { LocalClient } from '../local-client.ts';
import { CliError, ExitCode, type QlCommand } from './command.ts';
import { daemonUrl } from './daemon.ts';

const waitMs = 60_000;

export const reload: QlCommand = {
  name: 'reload',
  aliases: ['restart'],
  usage: '',
  summary: { en: 'restart the running daemon (also: ql restart)', zh: '重启运行中的守护进程（也可用 ql restart）' },
  help: {
    en: `Asks the running daemon to restart: it stops its runs (their rows are saved), closes, and exits with code 0,
which the image's entrypoint answers with a restart at once; this waits until the daemon answers again (60 s).
Started some other way (npm start), the daemon stops: start it again the same way. There is no pm2 and nothing to
swap: "ql reload system" and "ql reload data" do the same.
Exit code: 0 the daemon is back; 1 it is not running, refused, or did not come back.`,
    zh: `请求运行中的守护进程重启：它停止正在进行的运行（记录已保存）、关闭，并以退出码 0 退出，镜像的入口脚本随即重启它；
本命令等待守护进程重新应答（60 秒）。以其他方式（npm start）启动的守护进程会停止：请按原方式再次启动。
没有 pm2，也没有需要替换的文件："ql reload system" 和 "ql reload data" 效果相同。
退出码：0 守护进程已恢复；1 未运行、被拒绝或未能恢复。`,
  },
  async run(args, context) {
    const { t } = context;
    const client = LocalClient.for(context.config);
    const asked = await client.request('PUT', '/local/restart');
    if (!asked.ok) {
      throw new CliError(
        asked.down
          ? t({
              en: `Baihu's daemon is not running (no answer at ${client.base}: ${asked.message}).`,
              zh: `白虎守护进程未运行（${client.base} 无应答：${asked.message}）。`,
            })
          : asked.message,
      );
    }
    context.out(t({ en: 'The daemon is restarting...', zh: '守护进程正在重启……' }));
    const health = `${daemonUrl(context.config)}api/health`;
    const deadline = Date.now() + waitMs;
    let wentDown = false;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const up = await fetch(health, { signal: AbortSignal.timeout(2000) }).then(
        (res) => res.ok,
        () => false,
      );
      if (!up) wentDown = true;
      else if (wentDown) {
        context.out(t({ en: `The daemon answers again at ${health}.`, zh: `守护进程已在 ${health} 重新应答。` }));
        return ExitCode.ok;
      }
    }
    throw new CliError(
      wentDown
        ? t({
            en: `The daemon stopped and has not answered again within ${waitMs / 1000} s: start it the way you started it.`,
            zh: `守护进程已停止，${waitMs / 1000} 秒内没有重新应答：请按启动它的方式再次启动。`,
          })
        : t({
            en: `The daemon accepted the restart but was still answering after ${waitMs / 1000} s.`,
            zh: `守护进程接受了重启请求，但 ${waitMs / 1000} 秒后仍在原进程应答。`,
          }),
    );
  },
};
