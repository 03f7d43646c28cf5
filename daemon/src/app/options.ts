import type { FastifyServerOptions } from 'fastify';
import type { Clock } from '../time/clock.ts';
import type { Config, Host } from '../config/config.ts';
import type { ServerTimeouts } from '../http/limits.ts';
import type { QinglongImportHandOver } from '../modules/backup/index.ts';
import type { NotifierOptions } from '../notifications/notifier.ts';
import type { SystemLogFile } from '../system-log/daily-file.ts';
import type { Door } from './door.ts';

/** What `buildApp` (app.ts) is given: the server's, the tests' and the benchmarks' choices. */
export interface AppOptions {
  config: Config;
  /** What the daemon takes from the machine (time zone, environment); read from the process by default. */
  host?: Host;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built UI; defaults to ui/dist of this checkout. */
  uiDir?: string;
  /** Notifier overrides (tests: hosts, timeout). */
  notify?: Partial<Omit<NotifierOptions, 'store' | 'log'>>;
  /** The raw-path wall that refuses odd spellings early (default on); tests turn it off to try access alone. */
  rawPathWall?: boolean;
  /** Slow-request timeouts (http/limits.ts); tests shorten them. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * The destination the logger writes to (server.ts passes the same one as the logger's `stream`); without it the
   * system log routes read data/syslog as it is, and nothing of this app is written there.
   */
  systemLog?: SystemLogFile;
  /**
   * Ends the process with exit code 0 for the entrypoint to start it again (server.ts): an update, a confirmed
   * restore. Tests pass their own.
   */
  restart?: () => void;
  /** The Qinglong import's writer, handed a Qinglong data.tgz a restore unpacked (modules/backup). */
  qinglongImport?: QinglongImportHandOver;
  /**
   * The socket the server opened before loading the app (server.ts, door.ts): the app serves it once handed over,
   * and is not to `listen` itself. Without it (tests) the app listens as a Fastify instance does.
   */
  door?: Door;
}
