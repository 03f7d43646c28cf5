/** `ql update [false]`: the panel's update flow from a shell (../ql-update.ts, docs/update.md). */
import { qlUpdate, QlUpdateError } from '../ql-update.ts';
import { CliError, ExitCode, usageError, type QlCommand } from './command.ts';
import { withDatabase } from './database.ts';

export const update: QlCommand = {
  name: 'update',
  usage: '[false]',
  summary: {
    en: 'download the newest version from the release feed, check it, and restart into it (false: no restart)',
    zh: '从发布源下载最新版本、校验并重启进入新版本（false：不重启）',
  },
  help: {
    en: `Checks the release feed; when a newer version is there, prints its changelog, downloads it, checks its
sha256, unpacks it under data/update/versions/, then restarts the daemon into it like ql reload. "ql update false"
does the same without the restart. See docs/update.md.
Exit code: 0 done or up to date; 1 failed; 2 usage error.`,
    zh: `检查发布源；有新版本时打印更新日志、下载、校验 sha256、解压到 data/update/versions/，然后像 ql reload 一样
重启进入新版本。"ql update false" 只下载不重启。见 docs/update.md。
退出码：0 完成或已是最新；1 失败；2 用法错误。`,
  },
  async run(args, context) {
    if (args.length > 1 || (args[0] !== undefined && args[0] !== 'false')) throw usageError(context, update);
    try {
      await withDatabase(context, (database) => qlUpdate(context.config, database, args));
    } catch (error) {
      if (error instanceof QlUpdateError) throw new CliError(error.message);
      throw error;
    }
    return ExitCode.ok;
  },
};
