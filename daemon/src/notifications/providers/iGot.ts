import { expectJson, value, type NotifyProvider } from '../provider.ts';

/** iGot: POST /<key>, form title/content. */
export const iGot: NotifyProvider = {
  id: 'iGot',
  async send({ title, content, params }, s, { http, hosts }) {
    const extra = Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)]));
    const res = await http.request({
      url: `${hosts.iGot}/${encodeURIComponent(value(s, 'iGotPushKey').toLowerCase())}`,
      form: { title, content, ...extra },
    });
    expectJson(res, (b) => b.ret === 0, 'errMsg', 'msg');
  },
};
