import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { appScopes } from '../../../daemon/src/contract/access.ts';
import { call, signedIn } from '../../helpers/app.ts';
import { QinglongClient } from './client.ts';

/**
 * The daemon listening on 127.0.0.1 and the client of a user moving in: the administrator made an application with
 * every permission in the panel (as they would in Qinglong's settings) and gave its credentials to the client.
 */
export async function conformanceSetup(t: TestContext) {
  const started = await signedIn(t);
  const { app, token } = started;
  const created = await call(app, 'POST', '/api/apps', {
    token,
    payload: { name: 'qinglong client', scopes: [...appScopes] },
  });
  const { client_id, client_secret } = created.body.data as { client_id: string; client_secret: string };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${app.ctx.config.baseUrl}`;
  const client = new QinglongClient(base, client_id, client_secret);
  t.after(() => t.diagnostic(`${client.calls.length} calls: ${[...new Set(client.calls)].length} distinct`));
  return { ...started, client, base };
}

/** Polls every 20 ms until `check` hands back a value (real runs take real time). */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
