import { expectOk, fail, value, withoutTrailingSlash, type NotifyProvider } from '../provider.ts';

/** Chronocat (Red protocol): POST /api/message/send once per user (chatType 1) and group (chatType 2). */
export const chronocat: NotifyProvider = {
  id: 'chronocat',
  async send({ title, content }, s, { http }) {
    const recipients = value(s, 'chronocatQQ');
    const peers = [
      ...[...recipients.matchAll(/user_id=(\d+)/g)].map((m) => ({ chatType: 1, peerUin: m[1]! })),
      ...[...recipients.matchAll(/group_id=(\d+)/g)].map((m) => ({ chatType: 2, peerUin: m[1]! })),
    ];
    if (peers.length === 0) fail('chronocatQQ must hold user_id=… or group_id=…');
    const url = `${withoutTrailingSlash(value(s, 'chronocatURL'))}/api/message/send`;
    for (const peer of peers) {
      const res = await http.request({
        url,
        headers: { authorization: `Bearer ${value(s, 'chronocatToken')}` },
        json: { peer, elements: [{ elementType: 1, textElement: { content: `${title}\n\n${content}` } }] },
      });
      expectOk(res, 'message', 'error');
    }
  },
};
