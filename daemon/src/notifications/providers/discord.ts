import { compact, expectOk, value, type NotifyProvider } from '../provider.ts';

/** Discord webhook: POST JSON `{content, username}`; content is limited to 2000 characters. */
export const discord: NotifyProvider = {
  id: 'discord',
  async send({ title, content }, s, { http }) {
    const res = await http.request({
      url: value(s, 'discordWebhook'),
      json: compact({ content: `**${title}**\n${content}`.slice(0, 2000), username: value(s, 'discordUsername') }),
    });
    expectOk(res, 'message');
  },
};
