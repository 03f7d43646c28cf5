/** Where the running daemon answers on this machine (its base URL, ending in '/'), from the same configuration. */
import type { Config } from '../../config/config.ts';

export function daemonUrl(config: Config): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}${config.baseUrl}`;
}
