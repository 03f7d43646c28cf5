/**
 * The language `ql` speaks: the panel's `lang` setting when one is saved (what the daemon writes logs in), else the
 * shell's locale (LC_ALL, LC_MESSAGES, LANG), else the product's fallback. Read without migrating, so even `--help`
 * next to a database of another version answers.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { toLanguage, type Language } from '../../contract/i18n.ts';
import { openDatabase } from '../../db/connection.ts';
import { SettingsStore } from '../../settings/store.ts';

export async function configuredLanguage(
  databaseFile: string,
  host: { systemTimezone: string; processEnvironment: Readonly<NodeJS.ProcessEnv> },
): Promise<Language> {
  const env = host.processEnvironment;
  return (
    (await storedLanguage(databaseFile, host.systemTimezone)) ?? toLanguage(env.LC_ALL || env.LC_MESSAGES || env.LANG)
  );
}

async function storedLanguage(file: string, systemTimezone: string): Promise<Language | null> {
  if (!existsSync(file)) return null;
  let database;
  try {
    database = openDatabase(path.dirname(file));
    const settings = await SettingsStore.load(database.db, { systemTimezone });
    return settings.isSet('lang') ? settings.get('lang') : null;
  } catch {
    return null;
  } finally {
    await database?.close();
  }
}
