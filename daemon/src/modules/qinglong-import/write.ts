/**
 * The writer: applies an import plan through each area's service, in an order where every part finds what it
 * points at (settings first, so schedules are checked in Qinglong's zone; files before the account, whose avatar is
 * one; subscriptions before the tasks and views that refer to them). Applications come last: their new secrets are
 * handed back apart from the report, to be shown once. It never writes another area's tables itself.
 * Its answer is the dry run's report with what was written and what was already there.
 */
import type { ImportResult } from '../../contract/import-schemas.ts';
import { ImportKind } from '../../contract/import.ts';
import type { NotificationSettings } from '../../contract/notifications.ts';
import type { DataPaths } from '../../config/paths.ts';
import type { SettingsStore } from '../../settings/store.ts';
import type { ConfigService } from '../configs/index.ts';
import type { AccountAdoption } from '../user/index.ts';
import type { ImportPlan, PlannedSettings } from './plan.ts';
import { previewOf } from './preview.ts';
import { writeFiles, writeNotifyLibraries } from './write-files.ts';
import {
  writeApps,
  writeDependencies,
  writeSubscriptions,
  writeTasks,
  writeVariables,
  writeViews,
  type IssuedSecret,
  type RecordTargets,
} from './write-records.ts';
import { WriteTally, type TallyLog } from './write-tally.ts';

export interface WriteTargets extends RecordTargets {
  adoption: Pick<AccountAdoption, 'adopt'>;
  /** The log deletion schedule, armed once its frequency is written (retention's `armRetention`). */
  retention: { arm(): void };
  configs: Pick<ConfigService, 'untouched'>;
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
  if (settings.logRemoveFrequency !== undefined) targets.retention.arm();
}

async function writeNotification(
  settings: NotificationSettings | null,
  targets: WriteTargets,
  tally: WriteTally,
): Promise<void> {
  if (!settings) return;
  tally.section(ImportKind.notification, 1);
  if (JSON.stringify(targets.settings.get('notification')) === JSON.stringify(settings)) {
    tally.present(ImportKind.notification, [settings.type]);
    return;
  }
  // Checked with the channel's rules when the plan was made; it was working on Qinglong, so no test message.
  await tally.attempt(ImportKind.notification, settings.type, () => targets.settings.set('notification', settings));
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

export async function writeImport(
  plan: ImportPlan,
  targets: WriteTargets,
  log: TallyLog,
  options: WriteOptions = {},
): Promise<{ result: ImportResult; secrets: IssuedSecret[] }> {
  const tally = new WriteTally(plan.report, log);
  await writeSettings(plan.settings, targets, tally);
  tally.section(ImportKind.file, plan.files.length);
  await writeFiles(plan, tally, await targets.configs.untouched());
  await writeNotifyLibraries(plan, targets.paths, tally);
  await writeAccount(plan, targets, tally, options.replaceAccount === true);
  await writeNotification(plan.notification, targets, tally);
  tally.section(ImportKind.subscription, plan.subscriptions.length);
  const subscriptionIds = await writeSubscriptions(plan, targets, tally);
  tally.section(ImportKind.task, plan.tasks.length);
  await writeTasks(plan, targets, subscriptionIds, tally);
  tally.section(ImportKind.view, plan.views.length);
  await writeViews(plan, targets, subscriptionIds, tally);
  tally.section(ImportKind.variable, plan.variables.length);
  await writeVariables(plan, targets, tally);
  tally.section(ImportKind.dependency, plan.dependencies.length);
  await writeDependencies(plan, targets, tally);
  tally.section(ImportKind.app, plan.apps.length);
  const secrets = await writeApps(plan, targets, tally);
  return { result: { ...previewOf(plan), written: tally.written, present: tally.presentCounts }, secrets };
}
