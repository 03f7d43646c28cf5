import { compact, expectJson, value, withoutTrailingSlash, type NotifyProvider } from '../provider.ts';

/** Bark: POST the device URL (or the device key on api.day.app) with a JSON message; scripts' params are merged in. */
export const bark: NotifyProvider = {
  id: 'bark',
  async send({ title, content, params }, s, { http, hosts }) {
    const push = value(s, 'barkPush');
    const url = /^https?:\/\//.test(push) ? withoutTrailingSlash(push) : `${hosts.bark}/${push}`;
    const res = await http.request({
      url,
      json: {
        ...compact({
          title,
          body: content,
          icon: value(s, 'barkIcon'),
          sound: value(s, 'barkSound'),
          group: value(s, 'barkGroup') || 'qinglong',
          level: value(s, 'barkLevel'),
          url: value(s, 'barkUrl'),
          isArchive: value(s, 'barkArchive'),
        }),
        ...params,
      },
    });
    expectJson(res, (b) => b.code === 200, 'message');
  },
};
