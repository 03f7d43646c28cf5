/** `ql backup [parts…]` and `ql restore <file.tgz>`: the panel's backup and restore from a shell (../backup-commands.ts). */
import { defaultBackupParts, optionalBackupParts } from '../../contract/backup.ts';
import { backupCommand, CommandError, restoreCommand } from '../backup-commands.ts';
import { CliError, ExitCode, type QlCommand } from './command.ts';

/** The backup library's refusals keep their exit code and message. */
async function refusalsAsCliErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CommandError) throw new CliError(error.message, error.exitCode);
    throw error;
  }
}

const parts = optionalBackupParts.join(' ');
const defaults = defaultBackupParts.filter((part) => part !== 'db').join(' ');

export const backup: QlCommand = {
  name: 'backup',
  usage: '[parts…]',
  summary: { en: 'write a backup into data/bak', zh: '备份到 data/bak' },
  help: {
    en: `Writes a backup (.tgz with a manifest and checksums) into data/bak. Parts: all, or any of ${parts}; the
database is always in it; default: ${defaults}. See docs/backup.md.
Exit code: 0 done; 1 failed; 2 usage error.`,
    zh: `把备份（带清单和校验和的 .tgz）写入 data/bak。部分：all，或 ${parts} 中的任意几项；数据库总会包含；
默认：${defaults}。见 docs/backup.md。
退出码：0 完成；1 失败；2 用法错误。`,
  },
  async run(args, context) {
    context.out(await refusalsAsCliErrors(() => backupCommand(context.config, args, context.timezone)));
    return ExitCode.ok;
  },
};

export const restore: QlCommand = {
  name: 'restore',
  usage: '<file.tgz>',
  summary: { en: 'check a backup and restore it', zh: '校验并恢复备份' },
  help: {
    en: `Checks a backup (manifest, checksums, paths, links, sizes) before anything is replaced, then restores it:
at once when the daemon is stopped; when it runs, the restore is confirmed for its next start and the daemon is
asked to restart. The data it replaces is kept as a backup. A Qinglong data.tgz goes through the Qinglong import.
Exit code: 0 done; 1 refused or failed; 2 usage error.`,
    zh: `在替换任何内容之前先校验备份（清单、校验和、路径、链接、大小），然后恢复：守护进程未运行时立即恢复；运行时
确认在下次启动时恢复并请守护进程重启。被替换的数据保留为一份备份。青龙的 data.tgz 通过青龙导入处理。
退出码：0 完成；1 被拒绝或失败；2 用法错误。`,
  },
  async run(args, context) {
    context.out(await refusalsAsCliErrors(() => restoreCommand(context.config, args, context.timezone)));
    return ExitCode.ok;
  },
};
