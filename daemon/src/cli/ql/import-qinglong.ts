/** `ql import-qinglong <dir>`: the Qinglong import from a shell (../ql-import.ts, which prints its own usage). */
import { importQinglong } from '../ql-import.ts';
import type { QlCommand } from './command.ts';

export const importQinglongCommand: QlCommand = {
  name: 'import-qinglong',
  usage: '<dir> [--dry-run] [--replace-account]',
  summary: { en: 'import a Qinglong data folder', zh: '导入青龙数据目录' },
  help: {
    en: `Imports a Qinglong data folder (the one holding db/database.sqlite, or the folder holding it, like /ql):
account, tasks, views, variables, subscriptions, dependencies, notification and settings, and the files (config,
scripts, repo, raw, log). The source is only read. Running it again brings only what is new.
  --dry-run          show what would be imported and what would be skipped, and why; change nothing
  --replace-account  use Qinglong's account (username, password, 2FA) even if Baihu already has one
Exit code: 0 done; 1 failed or refused; 2 usage error.`,
    zh: `导入青龙数据目录（包含 db/database.sqlite 的目录，或其上一级，如 /ql）：账号、任务、视图、环境变量、订阅、依赖、
通知和设置，以及文件（config、scripts、repo、raw、log）。只读取来源。再次运行只导入新增内容。
  --dry-run          显示将导入和将跳过的内容及原因，不做任何更改
  --replace-account  即使白虎已有账号，也使用青龙的账号（用户名、密码、两步验证）
退出码：0 完成；1 失败或被拒绝；2 用法错误。`,
  },
  run: (args, context) => importQinglong(context.config, args),
};
