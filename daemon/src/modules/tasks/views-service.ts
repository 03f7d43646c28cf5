import type { Static } from 'typebox';
import type { Clock } from '../../time/clock.ts';
import { ResponseCode } from '../../contract/codes.ts';
import type { CronView, CronViewInput } from '../../contract/tasks.ts';
import { ViewSortProperty, ViewType } from '../../contract/enums.ts';
import { AppError, fieldError, notFound } from '../../errors/app-error.ts';
import { checkView, type ViewFilterSpec, type ViewSortSpec } from './search-query.ts';
import { toWireView } from './serialize.ts';
import type { CronViewRepository } from './views-repository.ts';

type ViewInput = Static<typeof CronViewInput>;

function checkSorts(sorts: ViewSortSpec[]): void {
  for (const sort of sorts) {
    if (!(ViewSortProperty as readonly string[]).includes(sort.property)) {
      throw fieldError('sorts', 'viewFilterInvalid', { value: `${sort.property} ${sort.type}` });
    }
  }
}

/** The task list's tabs: saved filters and sorts. The system view ("all tasks") can be renamed and hidden only. */
export class CronViewService {
  constructor(
    private readonly views: CronViewRepository,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<CronView[]> {
    return (await this.views.list()).map(toWireView);
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const other = await this.views.findByName(name);
    if (other && other.id !== exceptId) throw new AppError('viewNameTaken', ResponseCode.conflict);
  }

  private check(filters: ViewFilterSpec[], sorts: ViewSortSpec[]): void {
    checkView({ filters });
    checkSorts(sorts);
  }

  /** A new view goes after the others. */
  async create(input: ViewInput): Promise<CronView> {
    const name = input.name.trim();
    const filters = input.filters ?? [];
    const sorts = input.sorts ?? [];
    this.check(filters, sorts);
    await this.assertNameFree(name);
    const now = this.clock.now();
    const row = await this.views.insert({
      name,
      position: (await this.views.maxPosition()) + 1,
      filters: JSON.stringify(filters),
      sorts: JSON.stringify(sorts),
      filter_relation: input.filterRelation ?? 'and',
      type: ViewType.personal,
      created_at: now,
      updated_at: now,
    });
    return toWireView(row);
  }

  async update(input: Partial<ViewInput> & { id: number }): Promise<CronView> {
    const existing = await this.views.find(input.id);
    if (!existing) throw notFound();
    const name = input.name?.trim() ?? existing.name;
    await this.assertNameFree(name, existing.id);
    const changes: Parameters<CronViewRepository['update']>[1] = { name, updated_at: this.clock.now() };
    if (existing.type !== ViewType.system) {
      // Left out keeps what the view has; null (Qinglong's "none") empties it.
      const filters =
        input.filters === undefined ? (JSON.parse(existing.filters) as ViewFilterSpec[]) : (input.filters ?? []);
      const sorts = input.sorts === undefined ? (JSON.parse(existing.sorts) as ViewSortSpec[]) : (input.sorts ?? []);
      this.check(filters, sorts);
      Object.assign(changes, {
        filters: JSON.stringify(filters),
        sorts: JSON.stringify(sorts),
        filter_relation: input.filterRelation ?? existing.filter_relation,
      });
    }
    const row = await this.views.update(existing.id, changes);
    if (!row) throw notFound();
    return toWireView(row);
  }

  async remove(ids: number[]): Promise<void> {
    const system = (await this.views.findMany(ids)).find((v) => v.type === ViewType.system);
    if (system) throw new AppError('systemViewLocked', ResponseCode.badRequest, { name: system.name });
    await this.views.delete(ids);
  }

  /** Moves a view to `toIndex` of the ordered list and renumbers every view 0, 1, 2… */
  async move(id: number, toIndex: number): Promise<CronView> {
    const ordered = await this.views.list();
    const from = ordered.findIndex((v) => v.id === id);
    if (from < 0) throw notFound();
    const [moved] = ordered.splice(from, 1);
    ordered.splice(Math.max(0, Math.min(toIndex, ordered.length)), 0, moved!);
    await this.views.rewritePositions(ordered.map((v) => v.id));
    return toWireView({ ...moved!, position: ordered.indexOf(moved!) });
  }

  async setDisabled(ids: number[], disabled: 0 | 1): Promise<void> {
    await this.views.setDisabled(ids, disabled, this.clock.now());
  }
}
