import path from 'node:path';
import { isIP } from 'node:net';

/** The daemon's configuration, read once from the environment at start-up. */
export interface Config {
  /** Absolute path of the data directory. */
  dataDir: string;
  port: number;
  host: string;
  /** Always starts and ends with '/'; '/' when the panel sits at the root. */
  baseUrl: string;
  logLevel: LogLevel;
}

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const hostnamePattern =
  /^(?=.{1,253}$)[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const basePathPattern = /^\/([A-Za-z0-9._~-]+\/)*$/;

/** Reads BAIHU_* variables; every bad variable is named in one error so a user fixes them all at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];

  const rawDataDir = env.BAIHU_DATA_DIR ?? './data';
  if (rawDataDir.trim() === '' || rawDataDir.includes('\0')) {
    problems.push(`BAIHU_DATA_DIR must be a directory path (got ${JSON.stringify(rawDataDir)})`);
  }
  const dataDir = path.resolve(cwd, rawDataDir);

  const rawPort = env.BAIHU_PORT ?? '5700';
  const port = /^\d{1,5}$/.test(rawPort) ? Number(rawPort) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`BAIHU_PORT must be a whole number from 0 to 65535 (got ${JSON.stringify(rawPort)})`);
  }

  const host = env.BAIHU_HOST ?? '0.0.0.0';
  if (isIP(host) === 0 && !hostnamePattern.test(host)) {
    problems.push(`BAIHU_HOST must be an IP address or a host name (got ${JSON.stringify(host)})`);
  }

  let baseUrl = env.BAIHU_BASE_URL ?? '/';
  if (!baseUrl.startsWith('/')) baseUrl = `/${baseUrl}`;
  if (!baseUrl.endsWith('/')) baseUrl = `${baseUrl}/`;
  if (!basePathPattern.test(baseUrl) || baseUrl.split('/').some((s) => s === '.' || s === '..')) {
    problems.push(
      `BAIHU_BASE_URL must be a path such as / or /baihu/ made of letters, digits, '.', '_', '~' and '-' (got ${JSON.stringify(env.BAIHU_BASE_URL)})`,
    );
  }

  const logLevel = (env.BAIHU_LOG_LEVEL ?? 'info') as LogLevel;
  if (!logLevels.includes(logLevel)) {
    problems.push(
      `BAIHU_LOG_LEVEL must be one of ${logLevels.join(', ')} (got ${JSON.stringify(env.BAIHU_LOG_LEVEL)})`,
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return { dataDir, port, host, baseUrl, logLevel };
}
