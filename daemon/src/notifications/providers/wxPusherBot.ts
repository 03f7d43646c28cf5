import { expectJson, fail, value, type NotifyProvider } from '../provider.ts';

const list = (raw: string) =>
  raw
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);

/** WxPusher: POST /api/send/message to topic ids and/or user ids (";"-separated). */
export const wxPusherBot: NotifyProvider = {
  id: 'wxPusherBot',
  async send({ title, content }, s, { http, hosts }) {
    const topicIds = list(value(s, 'wxPusherBotTopicIds')).map(Number);
    const uids = list(value(s, 'wxPusherBotUids'));
    if (topicIds.length === 0 && uids.length === 0) fail('WxPusher needs topic ids or user ids');
    const res = await http.request({
      url: `${hosts.wxPusher}/api/send/message`,
      json: {
        appToken: value(s, 'wxPusherBotAppToken'),
        content: `<h1>${title}</h1><br/><div style='white-space: pre-wrap;'>${content}</div>`,
        summary: title,
        contentType: 2,
        topicIds,
        uids,
        verifyPayType: 0,
      },
    });
    expectJson(res, (b) => b.code === 1000, 'msg');
  },
};
