/**
 * What `ql check` repairs before it diagnoses (Qinglong's check recreates default files and re-copies the notify
 * libraries): missing data folders, missing config files (from the shipped samples; existing ones are never
 * touched), missing or outdated sendNotify.js / notify.py (a user's own is kept in data/bak first). One `[fixed]` line
 * for each thing it did.
 */
import { existsSync } from 'node:fs';
import { createConfigs } from '../../modules/configs/index.ts';
import { installScriptLibraries } from '../../notifications/install-scripts.ts';
import { loadStockHashes } from '../../notifications/stock-libraries.ts';
import { ensureModuleScope } from '../../files/module-scope.ts';
import { dataPaths, dataSubdirs, ensureDataDirs } from '../../config/paths.ts';
import type { QlContext } from './command.ts';

export async function repair(context: QlContext): Promise<{ fixed: number; failed: number }> {
  const { t } = context;
  const paths = dataPaths(context.config.dataDir);
  let fixed = 0;
  let failed = 0;
  const done = (text: string) => {
    fixed++;
    context.out(`[fixed] ${text}`);
  };
  try {
    const missing = dataSubdirs.filter((name) => !existsSync(paths[name]));
    if (missing.length > 0) {
      await ensureDataDirs(paths);
      const list = missing.join(', ');
      done(t({ en: `created the missing data folders: ${list}`, zh: `已创建缺少的数据目录：${list}` }));
    }
    if ((await ensureModuleScope(paths.root)) === 'written') {
      done(
        t({
          en: 'wrote data/package.json: .js scripts load as CommonJS, as on Qinglong',
          zh: '已写入 data/package.json：.js 脚本按 CommonJS 加载，与青龙一致',
        }),
      );
    }
    const created = await createConfigs({ paths }).service.seed();
    if (created.length > 0) {
      const list = created.join(', ');
      done(
        t({
          en: `created the missing config files from the samples: ${list}`,
          zh: `已按示例创建缺少的配置文件：${list}`,
        }),
      );
    }
    const installed: string[] = [];
    await installScriptLibraries(paths, await loadStockHashes(), {
      info: (obj) => installed.push((obj as { file: string }).file),
    });
    if (installed.length > 0) {
      const list = installed.join(', ');
      done(
        t({
          en: `installed the notification libraries scripts require: ${list} (a file of your own is kept in data/bak)`,
          zh: `已安装脚本引用的通知库：${list}（您自己的文件已保存在 data/bak）`,
        }),
      );
    }
  } catch (error) {
    failed++;
    const reason = (error as Error).message;
    context.out(`[FAIL] ${t({ en: `repair stopped: ${reason}`, zh: `修复中断：${reason}` })}`);
  }
  return { fixed, failed };
}
