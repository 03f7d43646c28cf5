import { CliError, type QlCommand } from './command.ts';

/** Qinglong's `ql bot` installs and starts a third-party chat bot (dockerbot); Baihu has none, and says so. */
const notSupported = {
  en: 'not supported: Baihu has no chat bot (Qinglong\'s "ql bot" installs a third-party one). Tasks can send messages through System Settings → Notification.',
  zh: '不支持：白虎没有聊天机器人（青龙的 "ql bot" 安装的是第三方机器人）。任务可以通过 系统设置 → 通知设置 发送消息。',
};

export const bot: QlCommand = {
  name: 'bot',
  usage: '',
  summary: { en: "Qinglong's chat bot: not supported", zh: '青龙的聊天机器人：不支持' },
  help: {
    en: `${notSupported.en}\nExit code: 1.`,
    zh: `${notSupported.zh}\n退出码：1。`,
  },
  run: async (_args, context) => {
    throw new CliError(context.t(notSupported));
  },
};
