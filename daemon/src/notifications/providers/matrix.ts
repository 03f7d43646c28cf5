import { randomUUID } from 'node:crypto';
import { expectOk, value, withoutTrailingSlash, type NotifyProvider } from '../provider.ts';

/** Matrix client-server API: PUT /_matrix/client/v3/rooms/<room>/send/m.room.message/<txn> with a Bearer token. */
export const matrix: NotifyProvider = {
  id: 'matrix',
  async send({ title, content }, s, { http }) {
    const base = withoutTrailingSlash(value(s, 'matrixHomeserver'));
    const room = encodeURIComponent(value(s, 'matrixRoomId'));
    const res = await http.request({
      method: 'PUT',
      // The transaction id makes the retry idempotent: the homeserver drops a repeat.
      url: `${base}/_matrix/client/v3/rooms/${room}/send/m.room.message/baihu-${randomUUID()}`,
      headers: { authorization: `Bearer ${value(s, 'matrixAccessToken')}` },
      json: { msgtype: 'm.text', body: `${title}\n\n${content}` },
    });
    expectOk(res, 'error');
  },
};
