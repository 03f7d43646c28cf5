import { createHmac } from 'node:crypto';
import { expectJson, value, type NotifyProvider } from '../provider.ts';

/** Feishu/Lark's signature: base64(HMAC-SHA256 keyed by `${timestamp}\n${secret}` over empty data), seconds. */
export function larkSign(secret: string, timestamp: number): string {
  return createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64');
}

/** Feishu/Lark custom bot: POST /open-apis/bot/v2/hook/<key>, a text message, signed when a secret is set. */
export const lark: NotifyProvider = {
  id: 'lark',
  async send({ title, content }, s, { http, hosts, now }) {
    const key = value(s, 'larkKey');
    const url = /^https?:\/\//.test(key) ? key : `${hosts.lark}/open-apis/bot/v2/hook/${encodeURIComponent(key)}`;
    const secret = value(s, 'larkSecret');
    const timestamp = Math.floor(now() / 1000);
    const signature = secret ? { timestamp: String(timestamp), sign: larkSign(secret, timestamp) } : {};
    const res = await http.request({
      url,
      json: { ...signature, msg_type: 'text', content: { text: `${title}\n\n${content}` } },
    });
    expectJson(res, (b) => b.code === 0 || b.StatusCode === 0, 'msg', 'StatusMessage');
  },
};
