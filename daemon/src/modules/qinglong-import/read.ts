/**
 * Reads a Qinglong data directory into an import plan, changing nothing: the databases are opened read-only (see
 * sqlite-source.ts), files are only listed and read. A missing, corrupt or foreign database stops the read with a
 * clear error before anything else happens.
 */
import { readFile } from 'node:fs/promises';
import { ResponseCode } from '../../contract/codes.ts';
import { ImportKind, NotifyLibraryState } from '../../contract/import.ts';
import { AppError } from '../../errors/app-error.ts';
import type { DataPaths } from '../../config/paths.ts';
import type { StockLibraryHashes } from '../../notifications/stock-libraries.ts';
import { flavourOf, planAccount } from './account.ts';
import { planApps } from './apps.ts';
import { planDependencies } from './dependencies.ts';
import { planFiles } from './files.ts';
import { keyvEntries, KeyvKey } from './keyv.ts';
import { isFile, isSameDir, locateSource } from './locate.ts';
import { planNotification } from './notification.ts';
import type { ImportPlan } from './plan.ts';
import { ImportReport } from './report.ts';
import { planSettings } from './settings.ts';
import { openSourceDatabase, type SourceDatabase } from './sqlite-source.ts';
import { planSubscriptions } from './subscriptions.ts';
import { planTasks } from './tasks.ts';
import { planVariables } from './variables.ts';
import { planViews } from './views.ts';
import { integer, jsonValue, text } from './values.ts';

/** Qinglong's tables (Sequelize pluralises the model names). */
export const QinglongTable = {
  crons: 'Crontabs',
  views: 'CrontabViews',
  envs: 'Envs',
  subscriptions: 'Subscriptions',
  dependencies: 'Dependences',
  apps: 'Apps',
  auths: 'Auths',
} as const;
/** Every Qinglong since the move to SQLite (2.11) has these; a database without them is someone else's. */
export const requiredTables = [QinglongTable.crons, QinglongTable.envs, QinglongTable.dependencies];

export interface ReadOptions {
  /** The folder the user named: Qinglong's data folder or the folder holding it. */
  sourceDir: string;
  /** Baihu's data folder (where files go; log names and work dirs are checked against it). */
  target: DataPaths;
  /** The zone schedules are checked in when the source sets none. */
  timezone: string;
  /** Qinglong's stock sendNotify.js / notify.py hashes (loadStockHashes(): the list Baihu ships). */
  stockLibraries: StockLibraryHashes;
  now?: number;
}

/** The `info` of the newest Auths row of each type. */
function authsInfo(rows: Record<string, unknown>[]): Map<string, unknown> {
  const byType = new Map<string, { id: number; info: unknown }>();
  for (const row of rows) {
    const type = text(row.type);
    if (!type) continue;
    const id = integer(row.id) ?? 0;
    const current = byType.get(type);
    if (!current || id > current.id) byType.set(type, { id, info: jsonValue(row.info) });
  }
  return new Map([...byType].map(([type, { info }]) => [type, info]));
}

async function readKeyv(file: string, now: number, report: ImportReport): Promise<Map<string, unknown>> {
  if (!(await isFile(file))) return new Map();
  let store: SourceDatabase | null = null;
  try {
    store = await openSourceDatabase(file, 'db/keyv.sqlite');
    return keyvEntries(store.rows('keyv'), now);
  } catch (error) {
    const detail = error instanceof AppError ? String(error.params.detail ?? error.key) : String(error);
    report.notice(ImportKind.account, 'db/keyv.sqlite', { key: 'importKeyvUnreadable', params: { detail } });
    return new Map();
  } finally {
    await store?.close();
  }
}

export async function readQinglongImport(options: ReadOptions): Promise<ImportPlan> {
  const now = options.now ?? Date.now();
  const source = await locateSource(options.sourceDir);
  const db = await openSourceDatabase(source.database, 'db/database.sqlite');
  try {
    const missing = requiredTables.filter((table) => !db.tables.has(table));
    if (missing.length > 0) {
      throw new AppError('importDatabaseForeign', ResponseCode.badRequest, {
        file: 'db/database.sqlite',
        tables: missing.join(', '),
      });
    }
    // Read every table before planning, so a table that turns out unreadable stops the read before anything else.
    const rows = Object.fromEntries(
      Object.entries(QinglongTable).map(([kind, table]) => [kind, db.rows(table)]),
    ) as Record<keyof typeof QinglongTable, Record<string, unknown>[]>;
    const report = new ImportReport();
    const keyv = await readKeyv(source.keyv, now, report);
    const auths = authsInfo(rows.auths);
    const authJson = jsonValue(await readFile(source.authJson, 'utf8').catch(() => null));
    const accountSources = {
      keyvAuthInfo: keyv.get(KeyvKey.authInfo),
      authsAuthConfig: auths.get('authConfig'),
      authJson,
    };
    const adoptInPlace = await isSameDir(source.dataDir, options.target.root);
    const account = planAccount(accountSources, report);
    const { settings, pending } = planSettings(auths.get('systemConfig'), keyv.get(KeyvKey.lang), report);
    const { subscriptions, aliasById } = planSubscriptions(rows.subscriptions, report);
    const tasks = await planTasks(
      rows.crons,
      {
        target: options.target,
        timezone: settings.timezone ?? options.timezone,
        sourceDataDir: source.dataDir,
        aliasById,
      },
      report,
    );
    const views = planViews(rows.views, aliasById, report);
    const variables = planVariables(rows.envs, report);
    const dependencies = planDependencies(rows.dependencies, report);
    const apps = planApps(rows.apps, keyv.get(KeyvKey.apps), report);
    const notification = planNotification(auths.get('notification'), report);
    const files = await planFiles(source.dataDir, options.target, adoptInPlace, options.stockLibraries);
    for (const folder of files.folders) {
      report.found(ImportKind.file, folder.files);
      report.imported(ImportKind.file, folder.files);
    }
    if (adoptInPlace) report.notice(ImportKind.file, source.dataDir, { key: 'importAdoptInPlace' });
    for (const library of files.notifyLibraries) {
      const item = `scripts/${library.file}`;
      const params = { file: item, baihuName: library.baihuName, evidence: library.evidence.join(', ') };
      const key = {
        [NotifyLibraryState.stock]: 'importNotifyLibraryStock',
        [NotifyLibraryState.edited]:
          library.evidence.length > 0 ? 'importNotifyLibraryKept' : 'importNotifyLibraryChanged',
        [NotifyLibraryState.foreign]: 'importNotifyLibraryForeign',
      }[library.state as string] as 'importNotifyLibraryStock' | undefined;
      if (key) report.notice(ImportKind.file, item, { key, params });
    }
    if (files.libraryCopies > 0) {
      report.notice(ImportKind.file, 'scripts/', {
        key: 'importNotifyLibraryCopies',
        params: { count: files.libraryCopies },
      });
    }
    return {
      source: { dataDir: source.dataDir, flavour: flavourOf(accountSources), adoptInPlace },
      account,
      tasks,
      views,
      variables,
      subscriptions,
      dependencies,
      apps,
      notification,
      settings,
      pendingSettings: pending,
      files: files.folders,
      notifyLibraries: files.notifyLibraries,
      report,
    };
  } finally {
    await db.close();
  }
}
