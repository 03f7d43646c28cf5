/**
 * The database as `ql` opens it: exactly as the daemon does (connection + migrations), so it is safe while the
 * daemon is up: SQLite in WAL mode with a busy timeout serialises the writes.
 */
import { SessionStore, type TokenCodec } from '../../auth/sessions.ts';
import { systemClock } from '../../time/clock.ts';
import { databaseLocation, databaseOf, hasDatabase, openDatabase } from '../../db/open.ts';
import type { DatabaseHandle } from '../../db/port.ts';
import { UserRepository } from '../../modules/user/repository.ts';
import { UserService } from '../../modules/user/service.ts';
import { CliError, type QlContext } from './command.ts';

/** The CLI never signs or verifies tokens; it only ends sessions, which needs the database alone. */
const noTokens: TokenCodec = {
  sign: () => {
    throw new Error('ql does not issue tokens');
  },
  verify: () => {
    throw new Error('ql does not verify tokens');
  },
};

export async function openExisting(context: QlContext): Promise<DatabaseHandle> {
  const choice = databaseOf(context.config);
  if (!hasDatabase(choice)) {
    const file = await databaseLocation(choice);
    throw new CliError(
      context.t({
        en: `No database at ${file}. Start Baihu once (and create the account) before using this command.`,
        zh: `${file} 没有数据库。请先启动一次白虎（并创建账号）再使用此命令。`,
      }),
    );
  }
  const database = await openDatabase(choice);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export async function withDatabase<T>(context: QlContext, action: (database: DatabaseHandle) => Promise<T>) {
  const database = await openExisting(context);
  try {
    return await action(database);
  } finally {
    await database.close();
  }
}

export function withUsers<T>(context: QlContext, action: (users: UserService) => Promise<T>): Promise<T> {
  return withDatabase(context, async (database) => {
    const users = new UserService(
      new UserRepository(database.db),
      new SessionStore(database.db, noTokens, systemClock),
      systemClock,
    );
    if (!(await users.isInitialized())) {
      throw new CliError(
        context.t({
          en: 'The account has not been created yet: open the panel in a browser to create it.',
          zh: '账号尚未创建：请在浏览器中打开面板创建账号。',
        }),
      );
    }
    return await action(users);
  });
}
