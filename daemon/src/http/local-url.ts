import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Once the server listens its port stays: every run asks (BAIHU_NOTIFY_URL), a system call each time before. */
const listening = new WeakMap<FastifyInstance, string>();

/** The daemon's own URL as a child process on this machine reaches it, base path included (BAIHU_NOTIFY_URL). */
export function localUrl(app: FastifyInstance, config: Config): string {
  const known = listening.get(app);
  if (known !== undefined) return known;
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const wildcard = ['0.0.0.0', '::', ''].includes(config.host);
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}${config.baseUrl}`;
  if (address && typeof address === 'object') listening.set(app, url);
  return url;
}
