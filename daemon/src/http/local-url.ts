import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** The daemon's own URL as a child process on this machine reaches it, base path included (BAIHU_NOTIFY_URL). */
export function localUrl(app: FastifyInstance, config: Config): string {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const wildcard = ['0.0.0.0', '::', ''].includes(config.host);
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}${config.baseUrl}`;
}
