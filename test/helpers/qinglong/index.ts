/**
 * Builds, in a temporary folder, what a Qinglong install's data directory holds: db/database.sqlite with Sequelize's
 * tables and realistic rows, db/keyv.sqlite as Keyv writes it, and the files. Options choose the account flavour
 * (2.21's keyv, the older Auths row, the oldest config/auth.json), a minimal install, or damage (a truncated or
 * foreign database, a missing or corrupt keyv store).
 */
import SQLite from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as rows from './rows.ts';
import { addedColumns, createKeyvTable, createTables, keyvSerialize } from './schema.ts';
import { writeDataFiles } from './files.ts';

export * as qinglongRows from './rows.ts';
export { keyvSerialize, sequelizeDate } from './schema.ts';
export { editedSendNotify, ownSendNotify, stockNotifyPy, withFixtureStock } from './files.ts';

export interface QinglongFixtureOptions {
  /** Where the account lives (default keyv, as in 2.21). */
  flavour?: 'keyv' | 'auths' | 'authJson';
  /** Only the tables and the account: no other rows, no files beyond config.sh. */
  minimal?: boolean;
  /** Damage database.sqlite. */
  database?: 'truncated' | 'foreign' | 'notSqlite';
  /** Damage keyv.sqlite (only with the keyv flavour). `keyv5`: values written by Keyv 5 (no `expires`). */
  keyv?: 'missing' | 'corrupt' | 'keyv5';
  /** `root`: build Qinglong's root folder with the data under data/ (as /ql holds /ql/data). */
  layout?: 'data' | 'root';
  /** The notification channel Qinglong sends through (the Auths row of type notification), instead of bark. */
  notification?: Record<string, unknown>;
  /** More Crontabs rows (`qinglongRows.cron(id, fields)`), after the usual ones. */
  extraCrons?: rows.Row[];
}

export interface QinglongFixture {
  /** The folder to hand to the import (the data folder, or its parent with layout 'root'). */
  dir: string;
  dataDir: string;
  cleanup(): void;
}

function insert(db: SQLite.Database, table: string, list: rows.Row[]): void {
  for (const row of list) {
    const columns = Object.keys(row);
    const sql = `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    db.prepare(sql).run(...columns.map((c) => row[c]));
  }
}

function writeDatabase(file: string, options: QinglongFixtureOptions): void {
  const db = new SQLite(file);
  if (options.database === 'foreign') {
    db.exec(
      'CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT); CREATE TABLE posts (id INTEGER PRIMARY KEY, body TEXT);',
    );
    db.prepare('INSERT INTO users (email) VALUES (?)').run('someone@example.com');
    db.close();
    return;
  }
  for (const statement of [...createTables, ...addedColumns]) db.exec(statement);
  const authConfig =
    options.flavour === 'auths'
      ? { ...rows.authInfo, username: 'auths_user', password: 'auths-pass-1', twoFactorActivated: false }
      : options.flavour === 'authJson'
        ? null
        : // 2.21 writes the account to keyv and to Auths; this copy is older, to show keyv wins.
          { ...rows.authInfo, password: 'stale-password' };
  insert(db, 'Auths', options.minimal ? (authConfig ? rows.auths(authConfig).slice(-1) : []) : rows.auths(authConfig));
  if (!options.minimal) {
    insert(db, 'Subscriptions', rows.subscriptions);
    insert(db, 'Crontabs', [...rows.crons, ...(options.extraCrons ?? [])]);
    insert(db, 'CrontabViews', rows.views);
    insert(db, 'Envs', rows.envs);
    insert(db, 'Dependences', rows.dependencies);
    insert(db, 'Apps', rows.apps);
    insert(db, 'RunningInstances', rows.runningInstances);
    insert(db, 'CrontabStats', rows.crontabStats);
    if (options.notification) {
      db.prepare("UPDATE Auths SET info = ? WHERE type = 'notification'").run(JSON.stringify(options.notification));
    }
  }
  db.close();
  if (options.database === 'truncated') {
    // Cut the file mid-page, as a full disk or a copy interrupted mid-way leaves it.
    const size = readFileSync(file).length;
    truncateSync(file, Math.max(4096 + 100, Math.floor(size / 2) + 17));
  }
}

function writeKeyv(file: string, options: QinglongFixtureOptions): void {
  if (options.keyv === 'corrupt') {
    writeFileSync(file, 'SQLite format 3\0 but then garbage');
    return;
  }
  const db = new SQLite(file);
  db.exec(createKeyvTable);
  const set = db.prepare('INSERT INTO keyv (key, value) VALUES (?, ?)');
  const keyv5 = options.keyv === 'keyv5';
  set.run('keyv:authInfo', keyvSerialize(rows.authInfo, keyv5));
  if (!options.minimal) {
    const apps = rows.apps.map((app) => ({ ...app, scopes: JSON.parse(String(app.scopes)) as unknown }));
    set.run('keyv:apps', keyvSerialize(apps, keyv5));
  }
  set.run('keyv:lang', keyvSerialize('en', keyv5));
  // An entry another Keyv namespace or an expired one would leave: both must be ignored.
  set.run('other:authInfo', keyvSerialize({ username: 'intruder', password: 'x' }));
  set.run('keyv:expired', JSON.stringify({ value: 'old', expires: 1 }));
  db.close();
}

export function makeQinglongDataDir(options: QinglongFixtureOptions = {}): QinglongFixture {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ql-fixture-'));
  const dataDir = options.layout === 'root' ? path.join(dir, 'data') : dir;
  mkdirSync(path.join(dataDir, 'db'), { recursive: true });
  const database = path.join(dataDir, 'db', 'database.sqlite');
  if (options.database === 'notSqlite') writeFileSync(database, 'this is not a database\n');
  else writeDatabase(database, options);
  if ((options.flavour ?? 'keyv') === 'keyv' && options.keyv !== 'missing') {
    writeKeyv(path.join(dataDir, 'db', 'keyv.sqlite'), options);
  }
  const authJson =
    options.flavour === 'authJson'
      ? { username: 'json_user', password: 'json-pass-1', twoFactorActived: true, twoFactorSecret: 'KRSXG5CTMVRXEZLU' }
      : undefined;
  writeDataFiles(dataDir, { minimal: options.minimal ?? false, authJson });
  return { dir, dataDir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
