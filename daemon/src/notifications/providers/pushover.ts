import { compact, expectJson, value, type NotifyProvider } from '../provider.ts';

/** Pushover: POST /1/messages.json, form token/user/title/message; failures list their reasons in `errors`. */
export const pushover: NotifyProvider = {
  id: 'pushover',
  async send({ title, content }, s, { http, hosts }) {
    const form = compact({
      token: value(s, 'pushoverToken'),
      user: value(s, 'pushoverUser'),
      title,
      message: content,
      device: value(s, 'pushoverDevice'),
      priority: value(s, 'pushoverPriority'),
      sound: value(s, 'pushoverSound'),
    }) as Record<string, string>;
    const res = await http.request({ url: `${hosts.pushover}/1/messages.json`, form });
    expectJson(res, (b) => b.status === 1, 'errors');
  },
};
