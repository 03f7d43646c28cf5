/**
 * `ql resetlet` and `ql resettfa`: the two resets of the account that take no argument, one way: open the users'
 * table of the data dir, reset, say what changed (exit 1 when there is no database or no account yet).
 */
import type { UserService } from '../../modules/user/service.ts';
import { ExitCode, type Bilingual, type QlCommand } from './command.ts';
import { withUsers } from './database.ts';

const exitCodes: Bilingual = {
  en: 'Exit code: 0 done; 1 no database or no account yet.',
  zh: '退出码：0 完成；1 尚无数据库或账号。',
};

function accountReset(spec: {
  name: string;
  summary: Bilingual;
  /** What the command does, before the exit codes. */
  does: Bilingual;
  reset: (users: UserService) => Promise<unknown>;
  done: Bilingual;
}): QlCommand {
  return {
    name: spec.name,
    usage: '',
    summary: spec.summary,
    help: { en: `${spec.does.en}\n${exitCodes.en}`, zh: `${spec.does.zh}\n${exitCodes.zh}` },
    async run(args, context) {
      await withUsers(context, spec.reset);
      context.out(context.t(spec.done));
      return ExitCode.ok;
    },
  };
}

export const resetlet = accountReset({
  name: 'resetlet',
  summary: { en: 'clear the failed sign-in counters (ends a lockout)', zh: '清除登录失败计数（解除锁定）' },
  does: {
    en: "Clears the failed sign-in counters (each address's and the account's), ending a lockout.",
    zh: '清除登录失败计数（各地址的与账号的），解除锁定。',
  },
  reset: (users) => users.resetLockout(),
  done: {
    en: 'The failed sign-in counter is cleared; you can sign in again now.',
    zh: '登录失败计数已清除，现在可以重新登录。',
  },
});

export const resettfa = accountReset({
  name: 'resettfa',
  summary: { en: 'turn off two-factor authentication', zh: '关闭两步验证' },
  does: {
    en: 'Turns two-factor authentication off (and drops a half-finished setup).',
    zh: '关闭两步验证（并丢弃未完成的设置）。',
  },
  reset: (users) => users.deactivateTwoFactor(),
  done: {
    en: 'Two-factor authentication is off; sign in with the username and password alone.',
    zh: '两步验证已关闭，仅用用户名和密码即可登录。',
  },
});
