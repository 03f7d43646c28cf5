import { expectJson, value, withoutTrailingSlash, type NotifyProvider } from '../provider.ts';

/** Telegram Bot API sendMessage, through an HTTP proxy when one is set. */
export const telegramBot: NotifyProvider = {
  id: 'telegramBot',
  async send({ title, content }, s, { http, hosts }) {
    const base = withoutTrailingSlash(value(s, 'telegramBotApiHost') || hosts.telegram);
    const proxyHost = value(s, 'telegramBotProxyHost');
    const proxyPort = value(s, 'telegramBotProxyPort');
    const auth = value(s, 'telegramBotProxyAuth');
    const res = await http.request({
      url: `${base}/bot${value(s, 'telegramBotToken')}/sendMessage`,
      json: { chat_id: value(s, 'telegramBotUserId'), text: `${title}\n\n${content}`, disable_web_page_preview: true },
      ...(proxyHost && proxyPort ? { proxy: `http://${auth ? `${auth}@` : ''}${proxyHost}:${proxyPort}` } : {}),
    });
    expectJson(res, (b) => b.ok === true, 'description');
  },
};
