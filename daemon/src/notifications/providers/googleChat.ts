import { expectOk, value, type NotifyProvider } from '../provider.ts';

/** Google Chat space webhook: POST JSON `{text}`. */
export const googleChat: NotifyProvider = {
  id: 'googleChat',
  async send({ title, content }, s, { http }) {
    const res = await http.request({ url: value(s, 'googleChatWebhook'), json: { text: `*${title}*\n${content}` } });
    expectOk(res, 'error.message');
  },
};
