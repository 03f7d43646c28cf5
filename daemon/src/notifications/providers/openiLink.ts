import { expectOk, value, withoutTrailingSlash, type NotifyProvider } from '../provider.ts';

/**
 * OpeniLink Hub (WeChat bots, Qinglong 2.21): the Hub's Bot API with the installed app's token as a bearer token,
 * the message as text, and the conversation's context token when one is given.
 */
export const openiLink: NotifyProvider = {
  id: 'openiLink',
  async send({ title, content }, s, { http, hosts }) {
    const base = withoutTrailingSlash(value(s, 'openiLinkHubUrl') || hosts.openiLink);
    const contextToken = value(s, 'openiLinkContextToken');
    const res = await http.request({
      url: `${base}/bot/v1/message/send`,
      headers: { authorization: `Bearer ${value(s, 'openiLinkAppToken')}` },
      json: { content: `${title}\n\n${content}`, ...(contextToken ? { context_token: contextToken } : {}) },
    });
    expectOk(res, 'error', 'message');
  },
};
