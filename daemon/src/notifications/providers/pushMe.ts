import { fail, value, type NotifyProvider } from '../provider.ts';
import { replyMessage } from '../http.ts';

/** PushMe: POST JSON push_key/title/content; it answers the bare word "success". */
export const pushMe: NotifyProvider = {
  id: 'pushMe',
  async send({ title, content, params }, s, { http, hosts }) {
    const res = await http.request({
      url: value(s, 'pushMeUrl') || `${hosts.pushMe}/`,
      json: { push_key: value(s, 'pushMeKey'), title, content, ...params },
    });
    if (res.status !== 200 || res.text.trim() !== 'success') fail(replyMessage(res, 'message'));
  },
};
