import { expectJson, value, withoutTrailingSlash, type NotifyProvider } from '../provider.ts';

/** Gotify: POST /message?token=…, form title/message/priority; success answers the message with its id. */
export const gotify: NotifyProvider = {
  id: 'gotify',
  async send({ title, content }, s, { http }) {
    const url = `${withoutTrailingSlash(value(s, 'gotifyUrl'))}/message?token=${encodeURIComponent(value(s, 'gotifyToken'))}`;
    const res = await http.request({
      url,
      form: { title, message: content, priority: value(s, 'gotifyPriority') || '0' },
    });
    expectJson(res, (b) => typeof b.id === 'number', 'errorDescription', 'error');
  },
};
