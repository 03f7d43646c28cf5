import { createHmac } from 'node:crypto';
import { expectJson, value, type NotifyProvider } from '../provider.ts';

/** DingTalk's signature: base64(HMAC-SHA256(secret, `${timestamp}\n${secret}`)), timestamp in milliseconds. */
function dingtalkSign(secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
}

/** DingTalk custom robot: POST /robot/send?access_token=…[&timestamp&sign], a text message. */
export const dingtalkBot: NotifyProvider = {
  id: 'dingtalkBot',
  async send({ title, content }, s, { http, hosts, now }) {
    let url = `${hosts.dingtalk}/robot/send?access_token=${encodeURIComponent(value(s, 'dingtalkBotToken'))}`;
    const secret = value(s, 'dingtalkBotSecret');
    if (secret) {
      const timestamp = now();
      url += `&timestamp=${timestamp}&sign=${encodeURIComponent(dingtalkSign(secret, timestamp))}`;
    }
    const res = await http.request({ url, json: { msgtype: 'text', text: { content: `${title}\n\n${content}` } } });
    expectJson(res, (b) => b.errcode === 0, 'errmsg');
  },
};
