import { Door } from './app/door.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { defaultTimeouts } from './http/limits.ts';
import { version } from './install/version.ts';
import { privateUmask } from './config/data-modes.ts';
import { mkdirSync } from 'node:fs';
import { dataPaths } from './config/paths.ts';
import { SystemLogFile } from './system-log/daily-file.ts';
import { DataDirLocked, dataDirLockedExitCode, lockDataDir } from './db/lock.ts';
import { restartSignal } from './app/restart.ts';

/**
 * Process entry: read the configuration, start listening, and shut down cleanly on SIGTERM / SIGINT, or to be
 * restarted (exit code 0) on SIGUSR2 or a confirmed restore.
 */
async function main(): Promise<void> {
  // Everything the daemon and its scripts create is private to its user (see data-modes.ts).
  process.umask(privateUmask);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG: a restart loop should not retry a bad configuration.
    }
    throw error;
  }

  // Before anything reads or writes the data: a second daemon on the same data dir stops here (see lock.ts).
  try {
    lockDataDir(config.dataDir, { supervised: config.supervised });
  } catch (error) {
    if (error instanceof DataDirLocked) {
      console.error(error.message);
      process.exit(dataDirLockedExitCode);
    }
    throw error;
  }

  // The daemon's own log: every line redacted, to stdout and to data/syslog/<day>.log (system-log/daily-file.ts).
  const syslogDir = dataPaths(config.dataDir).syslog;
  mkdirSync(syslogDir, { recursive: true, mode: 0o700 });
  const systemLog = new SystemLogFile({ dir: syslogDir });

  // Listening comes first, and the app's code loads after (door.ts): until it is built, the health check is
  // answered at once and every other request waits for the app.
  const door = await Door.open({
    host: config.host,
    port: config.port,
    baseUrl: config.baseUrl,
    version,
    timeouts: defaultTimeouts,
  });
  const { buildApp } = await import('./app/app.ts');

  let closing = false;
  const app = await buildApp({
    config,
    logger: { level: config.logLevel, stream: systemLog },
    systemLog,
    // The panel's restart and update: a clean exit, which the entrypoint answers by starting the daemon again.
    restart: () => shutdown('restart'),
    door,
  });

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    door.stopAccepting();
    app.close().then(
      () => {
        door.closeConnections();
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // `ql reload`, `ql update` and `ql restore` ask a running daemon to restart this way (restart.ts): the same clean exit.
  process.on(restartSignal, () => shutdown(restartSignal));

  // The start work runs after listening (app.ts); a failure of it ends the daemon as a failed start did before.
  app.ctx.started.catch((error: unknown) => {
    app.log.error({ err: error }, 'start-up failed');
    process.exit(1);
  });
  await app.ready();
  door.handOver();
  app.log.info(`Baihu ${door.address()}${config.baseUrl} (data in ${config.dataDir})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
