import { expectJson, value, type NotifyProvider } from '../provider.ts';

/** PushPlus: POST /send with the token, template and channel. */
export const pushPlus: NotifyProvider = {
  id: 'pushPlus',
  async send({ title, content }, s, { http, hosts }) {
    const template = value(s, 'pushplusTemplate') || value(s, 'pushPlusTemplate') || 'html';
    const res = await http.request({
      url: `${hosts.pushPlus}/send`,
      json: {
        token: value(s, 'pushPlusToken'),
        title,
        content: template === 'html' ? content.replace(/\r?\n/g, '<br>') : content,
        topic: value(s, 'pushPlusUser'),
        template,
        channel: value(s, 'pushplusChannel') || 'wechat',
        webhook: value(s, 'pushplusWebhook'),
        callbackUrl: value(s, 'pushplusCallbackUrl'),
        to: value(s, 'pushplusTo'),
      },
    });
    expectJson(res, (b) => b.code === 200, 'msg');
  },
};
