import type { QlCommand } from './command.ts';
import { pullFromShell } from './pull.ts';

export const raw: QlCommand = {
  name: 'raw',
  usage: '<url> [proxy] [autoAdd] [autoDel]',
  summary: {
    en: 'download one script now (the single-file subscription the panel makes from this command)',
    zh: '立即下载单个脚本（面板用此命令创建的单文件订阅）',
  },
  help: {
    en: `Qinglong's argument order: ql raw <url> <proxy> <autoAdd> <autoDel>. The running daemon creates the
single-file subscription the panel's "paste a command" makes (or finds it by its alias) and downloads it now; the
log is printed here and kept in the subscription's history. Needs the daemon running.
Exit code: 0 downloaded; 1 failed or the daemon is not running; 2 without a URL.`,
    zh: `青龙的参数顺序：ql raw <地址> <代理> <自动添加> <自动删除>。运行中的守护进程按面板“粘贴命令”的方式创建单文件订阅
（或按别名找到已有的）并立即下载；日志打印在此并记入订阅的历史。需要守护进程运行。
退出码：0 下载成功；1 失败或守护进程未运行；2 缺少地址。`,
  },
  run: (args, context) => pullFromShell('raw', args, context, raw),
};
