import { expectOk, value, type NotifyProvider } from '../provider.ts';

/** Slack incoming webhook: POST JSON `{text}` (mrkdwn); errors come back as plain words such as invalid_payload. */
export const slack: NotifyProvider = {
  id: 'slack',
  async send({ title, content }, s, { http }) {
    const res = await http.request({ url: value(s, 'slackWebhook'), json: { text: `*${title}*\n${content}` } });
    expectOk(res, 'error');
  },
};
