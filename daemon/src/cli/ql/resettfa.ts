import { ExitCode, type QlCommand } from './command.ts';
import { withUsers } from './database.ts';

export const resettfa: QlCommand = {
  name: 'resettfa',
  usage: '',
  summary: { en: 'turn off two-factor authentication', zh: '关闭两步验证' },
  help: {
    en: `Turns two-factor authentication off (and drops a half-finished setup).
Exit code: 0 done; 1 no database or no account yet.`,
    zh: `关闭两步验证（并丢弃未完成的设置）。
退出码：0 完成；1 尚无数据库或账号。`,
  },
  async run(args, context) {
    await withUsers(context, (users) => users.deactivateTwoFactor());
    context.out(
      context.t({
        en: 'Two-factor authentication is off; sign in with the username and password alone.',
        zh: '两步验证已关闭，仅用用户名和密码即可登录。',
      }),
    );
    return ExitCode.ok;
  },
};
