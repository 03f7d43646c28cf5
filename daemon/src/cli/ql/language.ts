/**
 * What `ql` and `task` write by, read from the panel's settings when a database is there: the language (the `lang`
 * setting, else the shell's locale — LC_ALL, LC_MESSAGES, LANG — else the product's fallback) and the time zone (the
 * `timezone` setting, else the machine's), so a log they name reads the panel's clock. Read without migrating, so even
 * `--help` next to a database of another version answers.
 */
import { toLanguage, type Language } from '../../contract/i18n.ts';
import { hasDatabase, openDatabase, type DatabaseChoice } from '../../db/open.ts';
import { SettingsStore } from '../../settings/store.ts';

interface HostFacts {
  systemTimezone: string;
  processEnvironment: Readonly<NodeJS.ProcessEnv>;
}

export async function configuredLanguage(choice: DatabaseChoice, host: HostFacts): Promise<Language> {
  const env = host.processEnvironment;
  const stored = await fromSettings(choice, host, (s) => (s.isSet('lang') ? s.get('lang') : null));
  return stored ?? toLanguage(env.LC_ALL || env.LC_MESSAGES || env.LANG);
}

export async function configuredTimezone(choice: DatabaseChoice, host: HostFacts): Promise<string> {
  return (await fromSettings(choice, host, (s) => s.get('timezone'))) ?? host.systemTimezone;
}

async function fromSettings<T>(
  choice: DatabaseChoice,
  host: HostFacts,
  read: (settings: SettingsStore) => T,
): Promise<T | null> {
  if (!hasDatabase(choice)) return null;
  let database;
  try {
    database = await openDatabase(choice);
    return read(await SettingsStore.load(database.db, { systemTimezone: host.systemTimezone }));
  } catch {
    return null;
  } finally {
    await database?.close();
  }
}
