import { expectOk, value, type NotifyProvider } from '../provider.ts';

/** Microsoft Teams workflow webhook: a message carrying one Adaptive Card (title + wrapped text). */
export const teams: NotifyProvider = {
  id: 'teams',
  async send({ title, content }, s, { http }) {
    const card = {
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
      body: [
        { type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true },
        { type: 'TextBlock', text: content, wrap: true },
      ],
    };
    const res = await http.request({
      url: value(s, 'teamsWebhook'),
      json: {
        type: 'message',
        attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }],
      },
    });
    expectOk(res, 'error.message', 'message');
  },
};
