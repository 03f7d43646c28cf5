import { expectJson, fail, value, withoutTrailingSlash, type Json, type NotifyProvider } from '../provider.ts';

/**
 * WeCom application message: GET /cgi-bin/gettoken, then POST /cgi-bin/message/send. The key is Qinglong's
 * `corpid,corpsecret,touser,agentid[,media]`; media 0 = text card, 1 or absent = text, anything else = an mpnews image id.
 */
export const weWorkApp: NotifyProvider = {
  id: 'weWorkApp',
  async send({ title, content }, s, { http, hosts }) {
    const [corpid, corpsecret, touser, agentid, media = '1'] = value(s, 'weWorkAppKey')
      .split(',')
      .map((p) => p.trim());
    if (!corpid || !corpsecret || !touser || !agentid)
      fail('weWorkAppKey must be corpid,corpsecret,touser,agentid[,media]');
    const origin = withoutTrailingSlash(value(s, 'weWorkOrigin') || hosts.weWork);
    const tokenRes = await http.request({
      method: 'GET',
      url: `${origin}/cgi-bin/gettoken?corpid=${encodeURIComponent(corpid)}&corpsecret=${encodeURIComponent(corpsecret)}`,
    });
    expectJson(tokenRes, (b) => b.errcode === 0 && typeof b.access_token === 'string', 'errmsg');
    const token = (tokenRes.json as Json).access_token as string;

    let message: Json;
    if (media === '0') {
      message = {
        msgtype: 'textcard',
        textcard: { title, description: content, url: 'https://github.com', btntxt: 'More' },
      };
    } else if (media === '1') {
      message = { msgtype: 'text', text: { content: `${title}\n\n${content}` } };
    } else {
      const article = {
        title,
        thumb_media_id: media,
        author: 'Baihu',
        content_source_url: '',
        content: content.replace(/\n/g, '<br/>'),
        digest: content,
      };
      message = { msgtype: 'mpnews', mpnews: { articles: [article] } };
    }
    const res = await http.request({
      url: `${origin}/cgi-bin/message/send?access_token=${encodeURIComponent(token)}`,
      json: { touser, agentid, safe: '0', ...message },
    });
    expectJson(res, (b) => b.errcode === 0, 'errmsg');
  },
};
