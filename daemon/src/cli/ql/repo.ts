import type { QlCommand } from './command.ts';
import { pullFromShell } from './pull.ts';

export const repo: QlCommand = {
  name: 'repo',
  usage: '<url> [whitelist] [blacklist] [dependence] [branch] [extensions] [proxy] [autoAdd] [autoDel]',
  summary: {
    en: 'pull a repository now (the subscription the panel makes from this command)',
    zh: '立即拉取仓库（面板用此命令创建的订阅）',
  },
  help: {
    en: `Qinglong's argument order: ql repo <url> <whitelist> <blacklist> <dependence> <branch> <extensions> <proxy>
<autoAdd> <autoDel> (empty strings skip an argument). The running daemon creates the subscription the panel's
"paste a command" makes (found by its alias when it exists, its settings then taken from the command; a new one's
own timer is off, as the command is the schedule on Qinglong) and pulls it now; the pull's log is printed here and
kept in the subscription's history. Needs the daemon running.
Exit code: 0 pulled; 1 failed or the daemon is not running; 2 without a URL.`,
    zh: `青龙的参数顺序：ql repo <地址> <白名单> <黑名单> <依赖文件> <分支> <文件后缀> <代理> <自动添加> <自动删除>
（空字符串跳过该参数）。运行中的守护进程按面板“粘贴命令”的方式创建订阅（同别名的订阅已存在时沿用，并以命令中的设置
更新；新订阅自身的定时关闭，因为在青龙上命令本身就是定时）并立即拉取；拉取日志打印在此并记入订阅的历史。需要守护进程运行。
退出码：0 拉取成功；1 失败或守护进程未运行；2 缺少地址。`,
  },
  run: (args, context) => pullFromShell('repo', args, context, repo),
};
