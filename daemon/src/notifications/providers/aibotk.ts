import { expectJson, value, type NotifyProvider } from '../provider.ts';

/** Aibotk (智能微秘书) open API: POST /openapi/v1/chat/room or /chat/contact. */
export const aibotk: NotifyProvider = {
  id: 'aibotk',
  async send({ title, content }, s, { http, hosts }) {
    const apiKey = value(s, 'aibotkKey');
    const name = value(s, 'aibotkName');
    const message = { type: 1, content: `${title}\n${content}` };
    const contact = value(s, 'aibotkType') === 'contact';
    const res = await http.request({
      url: `${hosts.aibotk}/openapi/v1/chat/${contact ? 'contact' : 'room'}`,
      json: contact ? { apiKey, name, message } : { apiKey, roomName: name, message },
    });
    expectJson(res, (b) => b.code === 0, 'error', 'msg', 'message');
  },
};
