/**
 * The writer's records: subscriptions, tasks, views, variables and dependencies, each created through its area's
 * service (its own rules apply again), in an order that lets later parts point at earlier ones (a task at its
 * subscription, a view at the subscriptions it filters on). What an earlier import brought is found by its natural
 * key (idempotence.ts) and left as it is; an item the area refuses is reported and the rest goes on.
 */
import { CronStatus, DependencyType, EnvStatus, ViewType } from '../../contract/enums.ts';
import { ImportKind } from '../../contract/import.ts';
import type { AppService } from '../apps/index.ts';
import type { CronService, CronViewService } from '../tasks/index.ts';
import type { DependencyService } from '../dependencies/index.ts';
import type { EnvService } from '../envs/index.ts';
import type { SubscriptionService } from '../subscriptions/index.ts';
import { appKey, dependencyKey, newItems, subscriptionKey, taskKey, variableKey, viewKey } from './idempotence.ts';
import type { CarriedLastRun, ImportPlan, PlannedView } from './plan.ts';
import type { WriteTally } from './write-tally.ts';

export interface RecordTargets {
  crons: CronService;
  views: CronViewService;
  envs: EnvService;
  subscriptions: SubscriptionService;
  dependencies: DependencyService;
  apps: Pick<AppService, 'list' | 'adopt'>;
}

/** An application's new credentials: shown once, never stored in the report. */
export interface IssuedSecret {
  name: string;
  client_id: string;
  client_secret: string;
}

/** Creates the subscriptions; answers every alias (new or already there) → its id in Baihu. */
export async function writeSubscriptions(
  plan: ImportPlan,
  targets: RecordTargets,
  tally: WriteTally,
): Promise<Map<string, number>> {
  const existing = await targets.subscriptions.list({});
  const ids = new Map(existing.map((sub) => [subscriptionKey(sub), sub.id]));
  const { fresh, present } = newItems(plan.subscriptions, ids.keys(), (s) => subscriptionKey(s.input));
  tally.present(
    ImportKind.subscription,
    present.map((s) => s.input.alias),
  );
  for (const planned of fresh) {
    const created = await tally.attempt(ImportKind.subscription, planned.input.alias, () =>
      targets.subscriptions.create(planned.input),
    );
    if (created) ids.set(subscriptionKey(created), created.id);
  }
  return ids;
}

/** The last run Qinglong recorded, as its own run report would have; a log that leads out of logs/ is left off. */
async function carryLastRun(crons: CronService, id: number, last: CarriedLastRun): Promise<void> {
  const report = { ids: [id], status: CronStatus.idle, ...last };
  await crons.reportStatus(report).catch(() => crons.reportStatus({ ...report, log_path: null }));
}

export async function writeTasks(
  plan: ImportPlan,
  targets: RecordTargets,
  subscriptionIds: Map<string, number>,
  tally: WriteTally,
): Promise<void> {
  const existing = await targets.crons.identities();
  const { fresh, present } = newItems(plan.tasks, existing.map(taskKey), (t) => taskKey(t.input));
  tally.present(
    ImportKind.task,
    present.map((t) => t.input.name),
  );
  for (const planned of fresh) {
    const subId = planned.subscriptionAlias ? (subscriptionIds.get(planned.subscriptionAlias) ?? null) : null;
    await tally.attempt(ImportKind.task, planned.input.name, async () => {
      const task = await targets.crons.create({ ...planned.input, sub_id: subId });
      if (planned.lastRun) await carryLastRun(targets.crons, task.id, planned.lastRun);
      if (planned.disabled) await targets.crons.setDisabled([task.id], 1);
      if (planned.pinned) await targets.crons.setPinned([task.id], 1);
      return task;
    });
  }
}

/** A view's `sub_id` filters, pointing at the subscriptions as Baihu numbers them; a filter left with none goes. */
function filtersOf(view: PlannedView, subscriptionIds: Map<string, number>) {
  const refs = new Map(view.subscriptionRefs.map((ref) => [ref.filter, ref.aliases]));
  return (view.input.filters ?? []).flatMap((filter, index) => {
    const aliases = refs.get(index);
    if (!aliases) return [filter];
    const ids = aliases.flatMap((alias) => {
      const id = alias === null ? undefined : subscriptionIds.get(alias);
      return id === undefined ? [] : [id];
    });
    if (ids.length === 0) return [];
    return [{ ...filter, value: Array.isArray(filter.value) ? ids : String(ids[0]) }];
  });
}

export async function writeViews(
  plan: ImportPlan,
  targets: RecordTargets,
  subscriptionIds: Map<string, number>,
  tally: WriteTally,
): Promise<void> {
  const existing = await targets.views.list();
  const personal = plan.views.filter((v) => !v.system);
  // Qinglong's built-in view only says whether it was hidden; Baihu's own takes that.
  for (const view of plan.views.filter((v) => v.system)) {
    const own = existing.find((v) => v.type === ViewType.system);
    if (own && view.hidden && own.isDisabled !== 1) await targets.views.setDisabled([own.id], 1);
    tally.present(ImportKind.view, [view.input.name]);
  }
  const { fresh, present } = newItems(personal, existing.map(viewKey), (v) => viewKey(v.input));
  tally.present(
    ImportKind.view,
    present.map((v) => v.input.name),
  );
  for (const view of fresh) {
    await tally.attempt(ImportKind.view, view.input.name, async () => {
      const created = await targets.views.create({ ...view.input, filters: filtersOf(view, subscriptionIds) });
      if (view.hidden) await targets.views.setDisabled([created.id], 1);
      return created;
    });
  }
}

/** In Qinglong's order, after the variables already there (Baihu lists them by ascending position). */
export async function writeVariables(plan: ImportPlan, targets: RecordTargets, tally: WriteTally): Promise<void> {
  const existing = await targets.envs.list();
  const { fresh, present } = newItems(plan.variables, existing.map(variableKey), (v) => variableKey(v.input));
  tally.present(
    ImportKind.variable,
    present.map((v) => v.input.name),
  );
  for (const planned of fresh) {
    await tally.attempt(ImportKind.variable, planned.input.name, async () => {
      const [env] = await targets.envs.create([planned.input]);
      if (env && planned.disabled) await targets.envs.setStatus([env.id], EnvStatus.disabled);
      if (env && planned.pinned) await targets.envs.setPinned([env.id], 1);
      return env;
    });
  }
}

/** Each new dependency is queued for install by its area (a job of its own, followed on the Dependencies page). */
export async function writeDependencies(
  plan: ImportPlan,
  targets: RecordTargets,
  tally: WriteTally,
): Promise<number[]> {
  const existing = await targets.dependencies.list({});
  const { fresh, present } = newItems(plan.dependencies, existing.map(dependencyKey), (d) => dependencyKey(d.input));
  tally.present(
    ImportKind.dependency,
    present.map((d) => d.input.name),
  );
  const queued: number[] = [];
  for (const planned of fresh) {
    const [dependency] =
      (await tally.attempt(ImportKind.dependency, `${planned.input.name} (${typeLabel(planned.input.type)})`, () =>
        targets.dependencies.create([{ ...planned.input, autoSplit: false }]),
      )) ?? [];
    if (dependency) queued.push(dependency.id);
  }
  return queued;
}

const typeLabel = (type: number) =>
  Object.entries(DependencyType).find(([, value]) => value === type)?.[0] ?? String(type);

/**
 * Applications keep their name, scopes and client id; Qinglong's secrets are not carried: each gets a new one, shown
 * once. An app whose client id could not be kept (another app here has it) gets a new one too, and a notice.
 */
export async function writeApps(plan: ImportPlan, targets: RecordTargets, tally: WriteTally): Promise<IssuedSecret[]> {
  const existing = await targets.apps.list();
  const { fresh, present } = newItems(plan.apps, existing.map(appKey), appKey);
  tally.present(
    ImportKind.app,
    present.map((a) => a.name),
  );
  const issued: IssuedSecret[] = [];
  for (const planned of fresh) {
    const app = await tally.attempt(ImportKind.app, planned.name, () =>
      targets.apps.adopt({ name: planned.name, scopes: planned.scopes, clientId: planned.clientId }),
    );
    if (!app) continue;
    if (!app.clientIdKept)
      tally.notice(ImportKind.app, planned.name, {
        key: 'importClientIdReissued',
        params: { clientId: planned.clientId ?? '—' },
      });
    issued.push({ name: app.name, client_id: app.client_id, client_secret: app.client_secret });
  }
  return issued;
}
