/**
 * The writer: applies an import plan through each area's service, in an order where every part finds what it
 * points at (settings first, so schedules are checked in Qinglong's zone; files before the account, whose avatar is
 * one; subscriptions before the tasks and views that refer to them). It never writes another area's tables itself.
 * Its answer is the dry run's report with what was written and what was already there.
 */
import type { ImportResult } from '../../contract/import-schemas.ts';
import { ImportKind } from '../../contract/import.ts';
import type { Language } from '../../contract/i18n.ts';
import type { NotificationSettings } from '../../contract/notify.ts';
import type { DataPaths } from '../../paths.ts';
import type { SettingsStore } from '../../settings/store.ts';
import type { ConfigService } from '../configs/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { AccountAdoption } from '../user/index.ts';
import type { ImportPlan, PlannedSettings } from './plan.ts';
import { previewOf } from './preview.ts';
import { writeFiles, writeNotifyLibraries } from './write-files.ts';
import {
  writeDependencies,
  writeSubscriptions,
  writeTasks,
  writeVariables,
  writeViews,
  type RecordTargets,
} from './write-records.ts';
import { WriteTally, type TallyLog } from './write-tally.ts';

export interface WriteTargets extends RecordTargets {
  adoption: Pick<AccountAdoption, 'adopt'>;
  configs: Pick<ConfigService, 'untouched'>;
  notifications: Pick<NotificationService, 'get' | 'adopt'>;
  settings: Pick<SettingsStore, 'get' | 'set'>;
  paths: DataPaths;
}

export interface WriteOptions {
  /** Replace Baihu's account with Qinglong's; without it the account is only created when there is none. */
  replaceAccount?: boolean;
}

async function writeSettings(settings: PlannedSettings, targets: WriteTargets, tally: WriteTally): Promise<void> {
  const entries = Object.entries(settings).filter(([, value]) => value !== undefined) as [
    keyof PlannedSettings,
    PlannedSettings[keyof PlannedSettings],
  ][];
  tally.section(ImportKind.setting, entries.length);
  for (const [name, value] of entries) {
    if (targets.settings.get(name) === value) {
      tally.present(ImportKind.setting, [name]);
      continue;
    }
    await tally.attempt(ImportKind.setting, `${name} = ${String(value)}`, () =>
      // Each planned value was checked with the setting's own rule when the plan was made.
      targets.settings.set(name, value as never),
    );
  }
}

async function writeNotification(
  settings: NotificationSettings | null,
  targets: WriteTargets,
  tally: WriteTally,
  lang: Language,
): Promise<void> {
  if (!settings) return;
  tally.section(ImportKind.notification, 1);
  const current = await targets.notifications.get();
  if (JSON.stringify(current) === JSON.stringify(settings)) {
    tally.present(ImportKind.notification, [settings.type]);
    return;
  }
  await tally.attempt(ImportKind.notification, settings.type, () => targets.notifications.adopt(settings, lang));
}

async function writeAccount(plan: ImportPlan, targets: WriteTargets, tally: WriteTally, replace: boolean) {
  if (!plan.account) return;
  tally.section(ImportKind.account, 1);
  const name = plan.account.username;
  const outcome = await tally.attempt(ImportKind.account, name, () => targets.adoption.adopt(plan.account!, replace));
  if (outcome === 'kept') {
    tally.written[ImportKind.account] -= 1;
    tally.presentCounts[ImportKind.account] += 1;
    tally.notice(ImportKind.account, name, { key: 'importAccountKept' });
  } else if (outcome === 'replaced') {
    tally.notice(ImportKind.account, name, { key: 'importAccountReplaced' });
  }
}

/**
 * Applications have no area yet (issue #11): each planned one is reported as skipped, for the dry run and the real
 * run alike, and the caveats about what would have happened to it go.
 */
export function withoutApps(plan: ImportPlan): ImportPlan {
  const report = plan.report;
  for (const app of plan.apps) report.skip(ImportKind.app, app.name, { key: 'importAppsLater' });
  report.counts.app.importable -= plan.apps.length;
  const others = report.notices.filter((notice) => notice.kind !== ImportKind.app);
  report.notices.splice(0, report.notices.length, ...others);
  return { ...plan, apps: [] };
}

export async function writeImport(
  plan: ImportPlan,
  targets: WriteTargets,
  log: TallyLog,
  options: WriteOptions = {},
): Promise<ImportResult & { queuedDependencies: number[] }> {
  const tally = new WriteTally(plan.report, log);
  await writeSettings(plan.settings, targets, tally);
  tally.section(ImportKind.file, plan.files.length);
  await writeFiles(plan, tally, await targets.configs.untouched());
  await writeNotifyLibraries(plan, targets.paths, tally);
  await writeAccount(plan, targets, tally, options.replaceAccount === true);
  await writeNotification(plan.notification, targets, tally, log.language);
  tally.section(ImportKind.subscription, plan.subscriptions.length);
  const subscriptionIds = await writeSubscriptions(plan, targets, tally);
  tally.section(ImportKind.task, plan.tasks.length);
  await writeTasks(plan, targets, subscriptionIds, tally);
  tally.section(ImportKind.view, plan.views.length);
  await writeViews(plan, targets, subscriptionIds, tally);
  tally.section(ImportKind.variable, plan.variables.length);
  await writeVariables(plan, targets, tally);
  tally.section(ImportKind.dependency, plan.dependencies.length);
  const queuedDependencies = await writeDependencies(plan, targets, tally);
  return { ...previewOf(plan), written: tally.written, present: tally.presentCounts, queuedDependencies };
}
