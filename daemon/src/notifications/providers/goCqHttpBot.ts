import { expectJson, value, type NotifyProvider } from '../provider.ts';

/** go-cqhttp / OneBot: POST <send_private_msg|send_group_msg>?user_id=… with a Bearer token. */
export const goCqHttpBot: NotifyProvider = {
  id: 'goCqHttpBot',
  async send({ title, content }, s, { http }) {
    const url = value(s, 'goCqHttpBotUrl');
    const res = await http.request({
      url: `${url}${url.includes('?') ? '&' : '?'}${value(s, 'goCqHttpBotQq')}`,
      headers: { authorization: `Bearer ${value(s, 'goCqHttpBotToken')}` },
      json: { message: `${title}\n${content}` },
    });
    expectJson(res, (b) => b.retcode === 0, 'wording', 'msg', 'message');
  },
};
