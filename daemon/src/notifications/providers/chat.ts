import { expectJson, value, type NotifyProvider } from '../provider.ts';

/** Synology Chat incoming webhook: form field `payload` holding JSON `{text}`. */
export const chat: NotifyProvider = {
  id: 'chat',
  async send({ title, content }, s, { http }) {
    const res = await http.request({
      url: value(s, 'synologyChatUrl'),
      form: { payload: JSON.stringify({ text: `${title}\n${content}` }) },
    });
    expectJson(res, (b) => b.success === true, 'error.errors', 'error.message');
  },
};
