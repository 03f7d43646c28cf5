import { ExitCode, type QlCommand } from './command.ts';
import { withUsers } from './database.ts';

export const resetlet: QlCommand = {
  name: 'resetlet',
  usage: '',
  summary: {
    en: 'clear the failed sign-in counters (ends a lockout)',
    zh: '清除登录失败计数（解除锁定）',
  },
  help: {
    en: `Clears the failed sign-in counters (each address's and the account's), ending a lockout.
Exit code: 0 done; 1 no database or no account yet.`,
    zh: `清除登录失败计数（各地址的与账号的），解除锁定。
退出码：0 完成；1 尚无数据库或账号。`,
  },
  async run(args, context) {
    await withUsers(context, (users) => users.resetLockout());
    context.out(
      context.t({
        en: 'The failed sign-in counter is cleared; you can sign in again now.',
        zh: '登录失败计数已清除，现在可以重新登录。',
      }),
    );
    return ExitCode.ok;
  },
};
