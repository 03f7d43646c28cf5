import { expectJson, pick, value, type NotifyProvider } from '../provider.ts';

/** PushDeer: POST /message/push, form pushkey/text/desp/type=markdown; success lists the delivered results. */
export const pushDeer: NotifyProvider = {
  id: 'pushDeer',
  async send({ title, content }, s, { http, hosts }) {
    const res = await http.request({
      url: value(s, 'pushDeerUrl') || `${hosts.pushDeer}/message/push`,
      form: { pushkey: value(s, 'pushDeerKey'), text: title, desp: content, type: 'markdown' },
    });
    expectJson(
      res,
      (b) => {
        const result = pick(b, 'content.result');
        return Array.isArray(result) && result.length > 0;
      },
      'error',
      'message',
    );
  },
};
