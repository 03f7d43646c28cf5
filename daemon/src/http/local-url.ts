import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';

/** Once the server listens its port stays: every run asks (BAIHU_NOTIFY_URL), a system call each time before. */
const listening = new WeakMap<FastifyInstance, { url: string; env: Record<string, string> }>();

/** Where a child process on this machine reaches the daemon (its port is final once the server listens). */
function known(app: FastifyInstance, config: Config) {
  const seen = listening.get(app);
  if (seen) return seen;
  const bound = app.server.address();
  const final = bound !== null && typeof bound === 'object';
  const port = final ? bound.port : config.port;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  const local = {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${config.baseUrl}`,
    // What `ql` and `task` read (config.ts) to find the daemon: a run's nested `ql repo …` reaches this one.
    env: { BAIHU_HOST: host, BAIHU_PORT: String(port), BAIHU_BASE_URL: config.baseUrl },
  };
  if (final) listening.set(app, local);
  return local;
}

/** The daemon's own URL as a child process on this machine reaches it, base path included (BAIHU_NOTIFY_URL). */
export function localUrl(app: FastifyInstance, config: Config): string {
  return known(app, config).url;
}

/** The variables that tell `ql` and `task` inside a run where this daemon answers (its port, host and base path). */
export function localAddressEnv(app: FastifyInstance, config: Config): Readonly<Record<string, string>> {
  return known(app, config).env;
}
