/**
 * `ql`: recovery and checks from the container shell (or a host checkout). Run through shell/ql, which finds the
 * repository and sets BAIHU_DATA_DIR. It opens the database exactly as the daemon does (connection + migrations), so
 * it is safe to run while the daemon is up: SQLite in WAL mode with a busy timeout serialises the writes.
 */
import { constants, existsSync, statSync } from 'node:fs';
import { access, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SessionStore, type TokenCodec } from '../auth/sessions.ts';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { passwordMaxLength, passwordMinLength, reservedPassword, usernameMaxLength } from '../contract/enums.ts';
import { messages } from '../contract/messages.ts';
import { databaseFileName, openDatabase, type DatabaseHandle } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { AppError } from '../errors.ts';
import { backupCommand, CommandError, restoreCommand } from './backup-commands.ts';
import { rmlogCommand } from './rmlog-command.ts';
import { defaultBackupParts, optionalBackupParts } from '../contract/backup.ts';
import { UserRepository } from '../modules/user/repository.ts';
import { UserService } from '../modules/user/service.ts';
import { dataPaths } from '../paths.ts';
import { privateUmask } from '../data-modes.ts';
import { defaultReaper, reaperPath } from '../jobs/executor/reaper.ts';
import { qlReload, qlUpdate, QlUpdateError } from './ql-update.ts';
import { importQinglong } from './ql-import.ts';

/** Exit codes: 0 done, 1 failed, 2 usage error, 78 bad configuration (as the daemon). */
const usage = `Usage: ql <command> [argument]

Commands:
  resetlet              clear the failed sign-in counters (ends a lockout)
  resettfa              turn off two-factor authentication
  resetpwd <password>   set a new password (at least ${passwordMinLength} characters, not '${reservedPassword}');
                        signs out every session
  resetname <name>      set a new username; signs out every session
  check                 check the data directory, the database, the run reaper and the running daemon
  backup [parts…]       write a backup into data/bak (parts: all, or any of ${optionalBackupParts.join(' ')};
                        the database is always in it; default: ${defaultBackupParts.filter((p) => p !== 'db').join(' ')})
  restore <file.tgz>    check a backup and restore it (the daemon, if running, restarts to apply it)
  rmlog <days>          delete run logs older than <days> days (never a log a run is using)
  update [false]        download the newest version from the release feed, check it, and restart into it
                        (false: download and check only; the next restart starts it)
  reload                restart the daemon (through the container's entrypoint)
  import-qinglong <dir> [--dry-run] [--replace-account]
                        import a Qinglong data folder (ql import-qinglong --help)
  help                  show this help

Environment: BAIHU_DATA_DIR (data directory), BAIHU_PORT, BAIHU_HOST and BAIHU_BASE_URL (where check looks
for the daemon), BAIHU_RELEASE_FEED and BAIHU_SELF_UPDATE (update). Commands that Qinglong's ql also has (repo, raw,
extra, bot) are not available yet.`;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The CLI never signs or verifies tokens; it only ends sessions, which needs the database alone. */
const noTokens: TokenCodec = {
  sign: () => {
    throw new Error('ql does not issue tokens');
  },
  verify: () => {
    throw new Error('ql does not verify tokens');
  },
};

async function openExisting(config: Config): Promise<DatabaseHandle> {
  const paths = dataPaths(config.dataDir);
  const file = path.join(paths.db, databaseFileName);
  if (!existsSync(file)) {
    throw new CliError(`No database at ${file}. Start Baihu once (and create the account) before using this command.`);
  }
  const database = openDatabase(paths.db);
  try {
    await migrateToLatest(database.db, database.sqlite, database.file);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function withUsers<T>(config: Config, action: (users: UserService) => Promise<T>): Promise<T> {
  const database = await openExisting(config);
  try {
    const users = new UserService(
      new UserRepository(database.db),
      new SessionStore(database.db, noTokens, systemClock),
      systemClock,
    );
    if (!(await users.isInitialized())) {
      throw new CliError('The account has not been created yet: open the panel in a browser to create it.');
    }
    return await action(users);
  } finally {
    await database.close();
  }
}

function oneArgument(args: string[], name: string, command: string): string {
  if (args.length !== 1 || args[0] === undefined) throw new CliError(`Usage: ql ${command} <${name}>`, 2);
  return args[0];
}

async function check(config: Config): Promise<boolean> {
  let healthy = true;
  const report = (ok: boolean, text: string) => {
    if (!ok) healthy = false;
    console.log(`${ok ? '[ok]  ' : '[FAIL]'} ${text}`);
  };

  const root = config.dataDir;
  let writable = false;
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    report(false, `data directory ${root} does not exist`);
  } else {
    const probe = path.join(root, `.ql-check-${process.pid}`);
    try {
      await access(root, constants.W_OK);
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
      writable = true;
      report(true, `data directory ${root} exists and is writable`);
    } catch (error) {
      report(false, `data directory ${root} is not writable (${(error as Error).message})`);
    }
  }

  if (writable || existsSync(root)) {
    try {
      const database = await openExisting(config);
      try {
        const users = await database.db.selectFrom('users').select('username').execute();
        report(
          true,
          `database ${database.file} opens${users.length === 0 ? ' (account not created yet)' : ` (account: ${users[0]!.username})`}`,
        );
      } finally {
        await database.close();
      }
    } catch (error) {
      report(false, `database: ${(error as Error).message}`);
    }
  }

  const reaper = defaultReaper();
  report(
    reaper !== null,
    reaper !== null
      ? `run reaper ${reaper} is built (stop and timeout end processes that detach from a run)`
      : `run reaper ${reaperPath} is missing: stop and timeout cannot end processes that detach from a run ` +
          `with a clean environment. Build it with "npm run build:reaper" (needs a C compiler: cc or gcc)`,
  );

  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}${config.baseUrl}api/health`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json().catch(() => null)) as { data?: { status?: string; uptime?: number } } | null;
    const up = res.ok && body?.data?.status === 'ok';
    report(
      up,
      up ? `daemon answers at ${url} (up ${body!.data!.uptime}s)` : `daemon at ${url} answered HTTP ${res.status}`,
    );
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    report(false, `daemon does not answer at ${url} (${cause})`);
  }
  return healthy;
}

export async function main(argv: string[], env?: NodeJS.ProcessEnv): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '-h' || command === '--help') {
    console.log(usage);
    return 0;
  }

  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78;
    }
    throw error;
  }

  try {
    switch (command) {
      case 'resetlet':
        await withUsers(config, (users) => users.resetLockout());
        console.log('The failed sign-in counter is cleared; you can sign in again now.');
        return 0;
      case 'resettfa':
        await withUsers(config, (users) => users.deactivateTwoFactor());
        console.log('Two-factor authentication is off; sign in with the username and password alone.');
        return 0;
      case 'resetpwd': {
        const password = oneArgument(args, 'password', command);
        if (password === reservedPassword) throw new CliError(`The password cannot be '${reservedPassword}'.`);
        if ([...password].length < passwordMinLength) {
          throw new CliError(`The password must be at least ${passwordMinLength} characters.`);
        }
        if ([...password].length > passwordMaxLength) {
          throw new CliError(`The password must be at most ${passwordMaxLength} characters.`);
        }
        await withUsers(config, (users) => users.resetPassword(password));
        console.log('The password is changed and every session is signed out.');
        return 0;
      }
      case 'resetname': {
        const name = oneArgument(args, 'name', command).trim();
        if (name === '') throw new CliError('The username cannot be empty.');
        if ([...name].length > usernameMaxLength) {
          throw new CliError(`The username must be at most ${usernameMaxLength} characters.`);
        }
        await withUsers(config, (users) => users.resetUsername(name));
        console.log(`The username is now "${name}" and every session is signed out.`);
        return 0;
      }
      case 'check':
        return (await check(config)) ? 0 : 1;
      case 'import-qinglong':
        return await importQinglong(config, args);
      case 'backup':
        console.log(await backupCommand(config, args));
        return 0;
      case 'restore':
        console.log(await restoreCommand(config, args));
        return 0;
      case 'rmlog':
        await rmlogCommand(config, args);
        return 0;
      case 'update':
      case 'reload': {
        if (args.length > (command === 'update' ? 1 : 0) || (args[0] !== undefined && args[0] !== 'false')) {
          throw new CliError(command === 'update' ? 'Usage: ql update [false]' : 'Usage: ql reload', 2);
        }
        const database = await openExisting(config);
        try {
          if (command === 'update') await qlUpdate(config, database, args);
          else await qlReload(config, database);
        } finally {
          await database.close();
        }
        return 0;
      }
      default:
        console.error(`ql: unknown command "${command}"\n`);
        console.error(usage);
        return 2;
    }
  } catch (error) {
    if (error instanceof CliError || error instanceof CommandError || error instanceof QlUpdateError) {
      console.error(`ql ${command}: ${error.message}`);
      return error instanceof QlUpdateError ? 1 : error.exitCode;
    }
    if (error instanceof AppError) {
      console.error(`ql ${command}: ${messages[error.key].en}`);
      return 1;
    }
    console.error(`ql ${command}: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}

// Files this writes in the data directory (the database's WAL/SHM) stay private, as the daemon's do.
process.umask(privateUmask);
process.exitCode = await main(process.argv.slice(2));
