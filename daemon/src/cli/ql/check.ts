/** `ql check`: diagnose the data directory, the database, the run reaper and the running daemon. */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { access, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultReaper, reaperPath } from '../../jobs/executor/reaper.ts';
import { spawnerPath } from '../../jobs/executor/spawner.ts';
import { ExitCode, type QlCommand, type QlContext } from './command.ts';
import { openExisting } from './database.ts';
import { daemonUrl } from './daemon.ts';
import { repair } from './repair.ts';
import { scriptPackagesDir } from '../../jobs/executor/environment.ts';

export const check: QlCommand = {
  name: 'check',
  usage: '',
  summary: {
    en: 'check the data directory, the database, the run reaper and the running daemon',
    zh: '检查数据目录、数据库、进程回收器和运行中的守护进程',
  },
  help: {
    en: `First repairs what it can, one [fixed] line each: missing data folders, missing config files (from the
samples; existing files are never touched), missing or outdated sendNotify.js / notify.py in data/scripts (a file of
your own is kept in data/bak first). Then checks that the data directory is writable, that the database opens and
is intact, that the run reaper is built, whether the process starter is built (a [note] when not: runs then start
from the daemon, slower when many are due at once), that the npm packages scripts rely on are installed, and that the daemon
answers GET <base>api/health on BAIHU_PORT (3 s): one [ok]/[FAIL] line each.
Exit code: 0 when every check passes (after the repairs), else 1.`,
    zh: `先修复能修复的项目，每项一行 [fixed]：缺少的数据目录、缺少的配置文件（按示例创建；已有文件不动）、data/scripts 中
缺少或过旧的 sendNotify.js / notify.py（您自己的文件先保存到 data/bak）。然后检查数据目录可写、数据库能打开且完好、
进程回收器已构建、进程启动器是否已构建（未构建时一行 [note]：运行由守护进程直接启动，大量同时到期时较慢）、脚本依赖的 npm 包已安装、守护进程在 BAIHU_PORT 上应答 GET <base>api/health（3 秒）：每项一行 [ok]/[FAIL]。
退出码：（修复后）全部检查通过为 0，否则为 1。`,
  },
  async run(args, context) {
    const repaired = existsSync(context.config.dataDir) ? await repair(context) : { fixed: 0, failed: 0 };
    const healthy = await diagnose(context);
    if (repaired.fixed === 0 && repaired.failed === 0) {
      context.out(context.t({ en: 'Nothing needed repairing.', zh: '没有需要修复的项目。' }));
    }
    return healthy && repaired.failed === 0 ? ExitCode.ok : ExitCode.failed;
  },
};

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function diagnose(context: QlContext): Promise<boolean> {
  const { t } = context;
  let healthy = true;
  const report = (ok: boolean, text: string) => {
    if (!ok) healthy = false;
    context.out(`${ok ? '[ok]  ' : '[FAIL]'} ${text}`);
  };
  /** Something that works without it, only slower: said, but the check still passes. */
  const note = (text: string) => context.out(`[note] ${text}`);

  const root = context.config.dataDir;
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    report(false, t({ en: `data directory ${root} does not exist`, zh: `数据目录 ${root} 不存在` }));
  } else {
    const probe = path.join(root, `.ql-check-${process.pid}`);
    try {
      await access(root, constants.W_OK);
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
      report(true, t({ en: `data directory ${root} exists and is writable`, zh: `数据目录 ${root} 存在且可写` }));
    } catch (error) {
      const reason = (error as Error).message;
      report(
        false,
        t({ en: `data directory ${root} is not writable (${reason})`, zh: `数据目录 ${root} 不可写（${reason}）` }),
      );
    }
  }

  if (existsSync(root)) {
    try {
      const database = await openExisting(context);
      try {
        const problems = await database.integrity();
        report(
          problems.length === 0,
          problems.length === 0
            ? t({ en: 'database integrity check passed', zh: '数据库完整性检查通过' })
            : t({
                en: `database integrity check failed: ${problems[0]}`,
                zh: `数据库完整性检查失败：${problems[0]}`,
              }),
        );
        const users = await database.db.selectFrom('users').select('username').execute();
        const file = database.location;
        const name = users[0]?.username;
        report(
          true,
          name === undefined
            ? t({
                en: `database ${file} opens (account not created yet)`,
                zh: `数据库 ${file} 可以打开（尚未创建账号）`,
              })
            : t({ en: `database ${file} opens (account: ${name})`, zh: `数据库 ${file} 可以打开（账号：${name}）` }),
        );
      } finally {
        await database.close();
      }
    } catch (error) {
      report(false, t({ en: `database: ${(error as Error).message}`, zh: `数据库：${(error as Error).message}` }));
    }
  }

  const reaper = defaultReaper();
  report(
    reaper !== null,
    reaper !== null
      ? t({
          en: `run reaper ${reaper} is built (stop and timeout end processes that detach from a run)`,
          zh: `进程回收器 ${reaper} 已构建（停止和超时能结束脱离运行的进程）`,
        })
      : t({
          en:
            `run reaper ${reaperPath} is missing: stop and timeout cannot end processes that detach from a run ` +
            `with a clean environment. Build it with "npm run build:reaper" (needs a C compiler: cc or gcc)`,
          zh:
            `进程回收器 ${reaperPath} 缺失：停止和超时无法结束以干净环境脱离运行的进程。` +
            `请用 "npm run build:reaper" 构建（需要 C 编译器：cc 或 gcc）`,
        }),
  );

  if (executable(spawnerPath)) {
    report(
      true,
      t({
        en: `process starter ${spawnerPath} is built (many runs due at once start quickly)`,
        zh: `进程启动器 ${spawnerPath} 已构建（同时到期的大量运行能快速启动）`,
      }),
    );
  } else {
    note(
      t({
        en:
          `process starter ${spawnerPath} is not built: runs start from the daemon itself (slower when many are due ` +
          `at once). Build it with "npm run build:reaper" (needs a C compiler: cc or gcc)`,
        zh:
          `进程启动器 ${spawnerPath} 未构建：运行由守护进程直接启动（大量运行同时到期时较慢）。` +
          `请用 "npm run build:reaper" 构建（需要 C 编译器：cc 或 gcc）`,
      }),
    );
  }

  const packages = existsSync(path.join(scriptPackagesDir, 'got'));
  report(
    packages,
    packages
      ? t({
          en: `npm packages for scripts are installed (${scriptPackagesDir})`,
          zh: `脚本用的 npm 包已安装（${scriptPackagesDir}）`,
        })
      : t({
          en: `npm packages for scripts (axios, got, ...) are missing: run "npm ci --prefix script-packages" in the install folder`,
          zh: `脚本用的 npm 包（axios、got 等）缺失：请在安装目录运行 "npm ci --prefix script-packages"`,
        }),
  );

  const url = `${daemonUrl(context.config)}api/health`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json().catch(() => null)) as { data?: { status?: string; uptime?: number } } | null;
    const up = res.ok && body?.data?.status === 'ok';
    const uptime = body?.data?.uptime;
    report(
      up,
      up
        ? t({ en: `daemon answers at ${url} (up ${uptime}s)`, zh: `守护进程在 ${url} 应答（已运行 ${uptime} 秒）` })
        : t({ en: `daemon at ${url} answered HTTP ${res.status}`, zh: `${url} 的守护进程返回 HTTP ${res.status}` }),
    );
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    report(false, t({ en: `daemon does not answer at ${url} (${cause})`, zh: `守护进程在 ${url} 无应答（${cause}）` }));
  }
  return healthy;
}
