import { expectJson, fail, value, type NotifyProvider } from '../provider.ts';

/** WxPusher one-to-one (SPT): POST /api/send/message/simple-push to each SPT (";"-separated), no app needed. */
export const wxPusherSpt: NotifyProvider = {
  id: 'wxPusherSpt',
  async send({ title, content }, s, { http, hosts }) {
    const sptList = value(s, 'wxPusherSptList')
      .split(/[;\n]/)
      .map((p) => p.trim())
      .filter(Boolean);
    if (sptList.length === 0) fail('WxPusher SPT needs at least one SPT');
    const res = await http.request({
      url: `${hosts.wxPusher}/api/send/message/simple-push`,
      json: {
        content: `<h1>${title}</h1><br/><div style='white-space: pre-wrap;'>${content}</div>`,
        summary: title,
        contentType: 2,
        sptList,
      },
    });
    expectJson(res, (b) => b.code === 1000, 'msg');
  },
};
