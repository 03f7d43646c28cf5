/** `ql rmlog <days>`: the retention job's log sweep from a shell (../rmlog-command.ts). */
import { rmlogCommand } from '../rmlog-command.ts';
import { CommandError } from '../backup-commands.ts';
import { CliError, ExitCode, type QlCommand } from './command.ts';

export const rmlog: QlCommand = {
  name: 'rmlog',
  usage: '<days>',
  summary: {
    en: 'delete run logs older than <days> days (never a log a run is using)',
    zh: '删除早于 <days> 天的运行日志（不会删除正在使用的日志）',
  },
  help: {
    en: `Deletes *.log files under data/log older than <days> days (by the date in the name, else the file's time),
never the log of a run that has not ended, and removes folders left empty; prints what it removed.
Exit code: 0 done; 1 some could not be removed; 2 usage error.`,
    zh: `删除 data/log 下早于 <days> 天的 *.log 文件（按文件名中的日期，否则按文件时间），不会删除未结束运行的日志，
并删除变空的文件夹；打印删除了什么。
退出码：0 完成；1 有文件无法删除；2 用法错误。`,
  },
  async run(args, context) {
    try {
      await rmlogCommand(context.config, args, context.timezone);
    } catch (error) {
      if (error instanceof CommandError) throw new CliError(error.message, error.exitCode);
      throw error;
    }
    return ExitCode.ok;
  },
};
