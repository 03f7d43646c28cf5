import { expectJson, value, type NotifyProvider } from '../provider.ts';

/** WePlus bot (微加机器人): POST /send; long messages switch to the html template, as its docs advise. */
export const wePlusBot: NotifyProvider = {
  id: 'wePlusBot',
  async send({ title, content }, s, { http, hosts }) {
    const long = content.length > 800;
    const res = await http.request({
      url: `${hosts.wePlusBot}/send`,
      json: {
        token: value(s, 'wePlusBotToken'),
        title,
        template: long ? 'html' : 'txt',
        content: long ? content.replace(/\r?\n/g, '<br>') : content,
        receiver: value(s, 'wePlusBotReceiver'),
        version: value(s, 'wePlusBotVersion') || 'pro',
      },
    });
    expectJson(res, (b) => b.code === 200, 'msg');
  },
};
