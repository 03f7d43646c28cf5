/** `ql check`: diagnose the data directory, the database, the run reaper and the running daemon. */
import { constants, existsSync, statSync } from 'node:fs';
import { access, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultReaper, reaperPath } from '../../jobs/executor/reaper.ts';
import { ExitCode, type QlCommand, type QlContext } from './command.ts';
import { openExisting } from './database.ts';
import { daemonUrl } from './daemon.ts';

export const check: QlCommand = {
  name: 'check',
  usage: '',
  summary: {
    en: 'check the data directory, the database, the run reaper and the running daemon',
    zh: '检查数据目录、数据库、进程回收器和运行中的守护进程',
  },
  help: {
    en: `Checks that the data directory exists and is writable, that the database opens, that the run reaper is
built and that the daemon answers GET <base>api/health on BAIHU_PORT (3 s). One [ok]/[FAIL] line each.
Exit code: 0 when all pass, else 1.`,
    zh: `检查数据目录存在且可写、数据库能打开、进程回收器已构建、守护进程在 BAIHU_PORT 上应答
GET <base>api/health（3 秒）。每项一行 [ok]/[FAIL]。
退出码：全部通过为 0，否则为 1。`,
  },
  async run(args, context) {
    return (await diagnose(context)) ? ExitCode.ok : ExitCode.failed;
  },
};

async function diagnose(context: QlContext): Promise<boolean> {
  const { t } = context;
  let healthy = true;
  const report = (ok: boolean, text: string) => {
    if (!ok) healthy = false;
    context.out(`${ok ? '[ok]  ' : '[FAIL]'} ${text}`);
  };

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
        const users = await database.db.selectFrom('users').select('username').execute();
        const file = database.file;
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
