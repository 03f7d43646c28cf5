import { expectJson, pick, value, type NotifyProvider } from '../provider.ts';

/** ServerChan Turbo (sctapi) and ServerChan³ (sctp<uid>t… keys): POST /<key>.send, form title/desp. */
export const serverChan: NotifyProvider = {
  id: 'serverChan',
  async send({ title, content }, s, { http, hosts }) {
    const key = value(s, 'serverChanKey');
    const uid = /^sctp(\d+)t/i.exec(key)?.[1];
    const url = uid
      ? `${hosts.serverChan3.replace('{uid}', uid)}/send/${encodeURIComponent(key)}.send`
      : `${hosts.serverChan}/${encodeURIComponent(key)}.send`;
    // ServerChan renders Markdown: a single newline does not break the line.
    const res = await http.request({ url, form: { title, desp: content.replace(/\r?\n/g, '\n\n') } });
    expectJson(res, (b) => b.code === 0 || b.errno === 0 || pick(b, 'data.errno') === 0, 'message', 'errmsg', 'info');
  },
};
