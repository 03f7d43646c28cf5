import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../time/clock.ts';
import type { Dependency, DependencyInput, DependencyUpdateInput } from '../../contract/dependencies.ts';
import { DependencyStatus, DependencyType, type DependencyTypeName } from '../../contract/enums.ts';
import type { DependencyRow } from '../../db/schema.ts';
import { notFound } from '../../errors/app-error.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { JobAction, type DependencyInstalls } from './installs.ts';
import { installedOnDisk, linuxCheck, type DepPaths } from './installers.ts';
import type { LinuxSources } from './linux-sources.ts';
import { checkPackageName, splitNames } from './names.ts';
import type { DependencyRepository } from './repository.ts';
import { toWireDependency } from './serialize.ts';

export interface ListParams {
  searchValue?: string | undefined;
  type?: string | undefined;
  status?: string | undefined;
}

/** A type as sent: Qinglong's number or its name. */
export const typeOf = (type: number | DependencyTypeName): DependencyType =>
  typeof type === 'number' ? (type as DependencyType) : DependencyType[type];

const busy: readonly number[] = [DependencyStatus.queued, DependencyStatus.installing];

/** The rules of the dependencies area; the queue does the installing. */
export class DependencyService {
  constructor(
    private readonly deps: DependencyRepository,
    private readonly queue: DependencyInstalls,
    private readonly jobs: JobRunner,
    private readonly depPaths: DepPaths,
    private readonly linux: LinuxSources,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(params: ListParams): Promise<Dependency[]> {
    const typeName = params.type as DependencyTypeName | undefined;
    const type = typeName && typeName in DependencyType ? DependencyType[typeName] : undefined;
    const statuses = (params.status ?? '')
      .split(',')
      .filter((s) => /^\d+$/.test(s.trim()))
      .map(Number);
    const rows = await this.deps.list({ search: params.searchValue?.trim() || undefined, type, statuses });
    return rows.map((row) => toWireDependency(row));
  }

  /** One dependency with its log: the running output while it installs, else the end of the last one. */
  async get(id: number): Promise<Dependency> {
    const row = await this.require(id);
    return toWireDependency(row, this.queue.liveLog(id) ?? row.log);
  }

  /**
   * New dependencies, queued for install. With `autoSplit` a name holding several packages (lines or `&`) becomes
   * several rows. Every name is checked before anything is stored.
   */
  async create(inputs: DependencyInput[]): Promise<Dependency[]> {
    const drafts = inputs.flatMap((input) => {
      const type = typeOf(input.type);
      const names = input.autoSplit ? splitNames(input.name) : [input.name.trim()];
      return names.map((name) => ({ name, type, remark: input.remark?.trim() ? input.remark : null }));
    });
    for (const draft of drafts) checkPackageName(draft.name, draft.type);
    const now = this.clock.now();
    const rows = await this.deps.insertMany(
      drafts.map((draft) => ({ ...draft, status: DependencyStatus.queued, created_at: now, updated_at: now })),
    );
    for (const row of rows) await this.queue.enqueue({ id: row.id, action: JobAction.install, force: false });
    return rows.map((row) => toWireDependency(row));
  }

  /** Edit, then install again (Qinglong). A running install of the old name is stopped first. */
  async update(input: DependencyUpdateInput): Promise<Dependency> {
    const type = typeOf(input.type);
    const name = input.name.trim();
    checkPackageName(name, type);
    const existing = await this.require(input.id);
    await this.queue.stopActive(existing.id);
    const row = await this.deps.update(existing.id, {
      name,
      type,
      ...(input.remark === undefined ? {} : { remark: input.remark?.trim() ? input.remark : null }),
      status: DependencyStatus.queued,
      updated_at: this.clock.now(),
    });
    if (!row) throw notFound();
    await this.queue.enqueue({ id: row.id, action: JobAction.install, force: false });
    return toWireDependency(row);
  }

  async reinstall(ids: number[]): Promise<void> {
    for (const row of await this.deps.findMany(ids)) {
      if (this.queue.activeJob(row.id)?.action === JobAction.install) continue;
      await this.deps.update(row.id, { status: DependencyStatus.queued, updated_at: this.clock.now() });
      await this.queue.enqueue({ id: row.id, action: JobAction.install, force: false });
    }
  }

  /** Stops installs that wait or run (the installer's processes are killed) → cancelled. */
  async cancel(ids: number[]): Promise<void> {
    for (const row of await this.deps.findMany(ids)) {
      const active = this.queue.activeJob(row.id);
      if (active?.action === JobAction.install) {
        await this.queue.stopActive(row.id);
      } else if (this.queue.pendingJob(row.id)?.action === JobAction.install) {
        await this.queue.dequeue(row.id);
        await this.deps.update(row.id, { status: DependencyStatus.cancelled, updated_at: this.clock.now() });
      }
    }
  }

  /** Uninstalls, then deletes the rows; with `force` the row goes even when the uninstall fails. */
  async remove(ids: number[], force: boolean): Promise<void> {
    for (const row of await this.deps.findMany(ids)) {
      await this.queue.dequeue(row.id);
      if (this.queue.activeJob(row.id)?.action === JobAction.install) await this.queue.stopActive(row.id);
      await this.deps.update(row.id, { status: DependencyStatus.removing, updated_at: this.clock.now() });
      await this.queue.enqueue({ id: row.id, action: JobAction.remove, force });
    }
  }

  /**
   * At start-up: installs and removals a stop interrupted are queued again, and packages recorded as installed but
   * missing (a new image, a wiped folder) are installed again.
   */
  async recover(): Promise<void> {
    for (const row of await this.deps.all()) {
      if (row.status === DependencyStatus.removing) {
        await this.queue.enqueue({ id: row.id, action: JobAction.remove, force: false });
      } else if (
        busy.includes(row.status) ||
        (row.status === DependencyStatus.installed && !(await this.present(row)))
      ) {
        await this.deps.update(row.id, { status: DependencyStatus.queued, updated_at: this.clock.now() });
        await this.queue.enqueue({ id: row.id, action: JobAction.install, force: false });
      }
    }
  }

  /** Whether an installed dependency is still there. */
  private async present(row: DependencyRow): Promise<boolean> {
    const type = row.type as DependencyType;
    if (type !== DependencyType.linux) return installedOnDisk(type, row.name, this.depPaths);
    const manager = this.linux.manager();
    if (!manager) return false;
    const step = linuxCheck(row.name, manager);
    try {
      const { exitCode, output } = await this.jobs.executor.capture({ argv: step.argv, cwd: '/', timeoutMs: 30_000 });
      return exitCode === 0 && (manager === 'apk' || output.includes('install ok installed'));
    } catch (error) {
      this.log.warn({ err: error }, 'cannot check a Linux package');
      return true;
    }
  }

  private async require(id: number): Promise<DependencyRow> {
    const row = await this.deps.find(id);
    if (!row) throw notFound();
    return row;
  }
}
