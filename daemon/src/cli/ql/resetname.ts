import { usernameMaxLength } from '../../contract/enums.ts';
import { CliError, ExitCode, oneArgument, type QlCommand } from './command.ts';
import { withUsers } from './database.ts';

export const resetname: QlCommand = {
  name: 'resetname',
  usage: '<name>',
  summary: { en: 'set a new username; signs out every session', zh: '设置新用户名；所有会话退出登录' },
  help: {
    en: `Sets a new username (trimmed; 1-${usernameMaxLength} characters) and signs out every session.
Exit code: 0 done; 1 refused; 2 without the argument.`,
    zh: `设置新用户名（去掉首尾空白；1-${usernameMaxLength} 个字符）并使所有会话退出登录。
退出码：0 完成；1 被拒绝；2 缺少参数。`,
  },
  async run(args, context) {
    const name = oneArgument(args, context, resetname).trim();
    if (name === '') throw new CliError(context.t({ en: 'The username cannot be empty.', zh: '用户名不能为空。' }));
    if ([...name].length > usernameMaxLength) {
      throw new CliError(
        context.t({
          en: `The username must be at most ${usernameMaxLength} characters.`,
          zh: `用户名最多 ${usernameMaxLength} 个字符。`,
        }),
      );
    }
    await withUsers(context, (users) => users.resetUsername(name));
    context.out(
      context.t({
        en: `The username is now "${name}" and every session is signed out.`,
        zh: `用户名已改为 "${name}"，所有会话已退出登录。`,
      }),
    );
    return ExitCode.ok;
  },
};
