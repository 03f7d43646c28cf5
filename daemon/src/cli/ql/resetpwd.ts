import { passwordMaxLength, passwordMinLength, reservedPassword } from '../../contract/enums.ts';
import { CliError, ExitCode, oneArgument, type QlCommand } from './command.ts';
import { withUsers } from './database.ts';

export const resetpwd: QlCommand = {
  name: 'resetpwd',
  usage: '<password>',
  summary: {
    en: `set a new password (at least ${passwordMinLength} characters, not '${reservedPassword}'); signs out every session`,
    zh: `设置新密码（至少 ${passwordMinLength} 个字符，不能是 '${reservedPassword}'）；所有会话退出登录`,
  },
  help: {
    en: `Sets a new password and signs out every session. Refuses '${reservedPassword}' and passwords shorter than
${passwordMinLength} or longer than ${passwordMaxLength} characters. Does not clear a lockout (use ql resetlet).
Exit code: 0 done; 1 refused; 2 without the argument.`,
    zh: `设置新密码并使所有会话退出登录。拒绝 '${reservedPassword}' 以及少于 ${passwordMinLength} 或多于
${passwordMaxLength} 个字符的密码。不会解除锁定（请用 ql resetlet）。
退出码：0 完成；1 被拒绝；2 缺少参数。`,
  },
  async run(args, context) {
    const password = oneArgument(args, context, resetpwd);
    const length = [...password].length;
    if (password === reservedPassword) {
      throw new CliError(
        context.t({ en: `The password cannot be '${reservedPassword}'.`, zh: `密码不能是 '${reservedPassword}'。` }),
      );
    }
    if (length < passwordMinLength) {
      throw new CliError(
        context.t({
          en: `The password must be at least ${passwordMinLength} characters.`,
          zh: `密码至少需要 ${passwordMinLength} 个字符。`,
        }),
      );
    }
    if (length > passwordMaxLength) {
      throw new CliError(
        context.t({
          en: `The password must be at most ${passwordMaxLength} characters.`,
          zh: `密码最多 ${passwordMaxLength} 个字符。`,
        }),
      );
    }
    await withUsers(context, (users) => users.resetPassword(password));
    context.out(
      context.t({
        en: 'The password is changed and every session is signed out.',
        zh: '密码已修改，所有会话已退出登录。',
      }),
    );
    return ExitCode.ok;
  },
};
