import path from 'node:path';
import { isIP } from 'node:net';
import { isReleaseUrl, releaseUrlRule } from '../contract/release-url.ts';
import { fromRoot } from '../install/root.ts';

/** The daemon's configuration, read once from the environment at start-up. */
export interface Config {
  /** Absolute path of the data directory. */
  dataDir: string;
  port: number;
  host: string;
  /** Always starts and ends with '/'; '/' when the panel sits at the root. */
  baseUrl: string;
  logLevel: LogLevel;
  /** BAIHU_APP_DIR: the image's own installation (its node_modules, run reaper, entrypoint); this one by default. */
  appDir: string;
  /** BAIHU_SUPERVISED=1, set by the entrypoint: exiting with code 0 restarts the daemon (restarts, updates). */
  supervised: boolean;
  /** BAIHU_SELF_UPDATE (default on): off when a container updater manages the image; the panel then only tells. */
  selfUpdate: boolean;
  /** BAIHU_RELEASE_FEED: the release feed when the updateFeedUrl setting is empty ('' = none). */
  releaseFeed: string;
  /** BAIHU_PROJECT_URL: the project's page, linked from the About page; null = none. */
  projectUrl: string | null;
  /** BAIHU_DATABASE_URL: a PostgreSQL database (`postgres://…`) instead of SQLite in data/db; null = SQLite. */
  databaseUrl: string | null;
}

/** What the daemon takes from the machine it runs on, besides its configuration. */
export interface Host {
  /** The container's time zone (TZ, else the system's): schedules use it until the timezone setting says otherwise. */
  systemTimezone: string;
  /** BAIHU_LINUX_PACKAGE_MANAGER: `apk` or `apt` instead of detecting the system's; null = detect. */
  linuxPackageManager: 'apk' | 'apt' | null;
  /**
   * The daemon's own process environment. Runs inherit only a whitelist of it (jobs/executor/environment.ts), so it is
   * handed to the executor rather than read there.
   */
  processEnvironment: Readonly<NodeJS.ProcessEnv>;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
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

/** The data directory BAIHU_DATA_DIR names (relative to `cwd`), or `fallback`. */
function dataDirOf(env: NodeJS.ProcessEnv = process.env, fallback = './data', cwd = process.cwd()): string {
  return path.resolve(cwd, env.BAIHU_DATA_DIR ?? fallback);
}

/**
 * The machine's side of the environment. This file is the only reader of the process environment: what other code
 * needs of it is in the Config and the Host. The zone is read once (Intl is slow enough to matter on hot paths).
 */
export function readHost(env: NodeJS.ProcessEnv = process.env): Host {
  const forced = env.BAIHU_LINUX_PACKAGE_MANAGER;
  return {
    systemTimezone: env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    linuxPackageManager: forced === 'apk' || forced === 'apt' ? forced : null,
    processEnvironment: env,
  };
}

/** Reads BAIHU_* variables; every bad variable is named in one error so a user fixes them all at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];

  const rawDataDir = env.BAIHU_DATA_DIR ?? './data';
  if (rawDataDir.trim() === '' || rawDataDir.includes('\0')) {
    problems.push(`BAIHU_DATA_DIR must be a directory path (got ${JSON.stringify(rawDataDir)})`);
  }
  const dataDir = dataDirOf(env, './data', cwd);

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

  const httpUrl = (name: string): string => {
    const value = env[name]?.trim() ?? '';
    if (value === '') return '';
    try {
      if (['http:', 'https:'].includes(new URL(value).protocol)) return value;
    } catch {
      // Named below.
    }
    problems.push(`${name} must be an http(s) URL (got ${JSON.stringify(env[name])})`);
    return '';
  };
  const releaseFeed = ((value) => {
    if (value === '' || isReleaseUrl(value)) return value;
    problems.push(`BAIHU_RELEASE_FEED must be ${releaseUrlRule} (got ${JSON.stringify(env.BAIHU_RELEASE_FEED)})`);
    return '';
  })(env.BAIHU_RELEASE_FEED?.trim() ?? '');
  const projectUrl = httpUrl('BAIHU_PROJECT_URL') || null;
  const databaseUrl = ((value) => {
    if (value === '') return null;
    try {
      if (['postgres:', 'postgresql:'].includes(new URL(value).protocol)) return value;
    } catch {
      // Named below.
    }
    // Not echoed: the URL may carry a password.
    problems.push('BAIHU_DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/baihu');
    return null;
  })(env.BAIHU_DATABASE_URL?.trim() ?? '');

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    dataDir,
    port,
    host,
    baseUrl,
    logLevel,
    appDir: path.resolve(cwd, env.BAIHU_APP_DIR || fromRoot()),
    supervised: env.BAIHU_SUPERVISED === '1',
    selfUpdate: !/^(false|0|off|no)$/i.test(env.BAIHU_SELF_UPDATE ?? ''),
    releaseFeed,
    projectUrl,
    databaseUrl,
  };
}
