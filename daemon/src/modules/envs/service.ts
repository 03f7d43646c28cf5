import type { Clock } from '../../time/clock.ts';
import { EnvStatus } from '../../contract/enums.ts';
import type { Env, EnvInput, EnvUpdateInput } from '../../contract/envs.ts';
import type { NewEnv } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { PanelVariable } from '../../jobs/executor/types.ts';
import { planMove, positionStep } from './positions.ts';
import type { EnvRepository } from './repository.ts';
import { checkRunLimits, type EnabledVariable } from './run-limits.ts';
import { toWireEnv } from './serialize.ts';
import { checkName, cleanLabels } from './validate.ts';

/** The rules of the environment-variable area. Values are secrets: nothing here logs them. */
export class EnvService {
  /** The enabled variables as last read, and the envs table's version then (variables()). */
  private kept: { version: number; variables: readonly PanelVariable[] } | null = null;

  constructor(
    private readonly envs: EnvRepository,
    private readonly clock: Clock,
  ) {}

  async list(searchValue?: string): Promise<Env[]> {
    return (await this.envs.list(searchValue?.trim() || undefined)).map(toWireEnv);
  }

  async get(id: number): Promise<Env> {
    const row = await this.envs.find(id);
    if (!row) throw notFound();
    return toWireEnv(row);
  }

  /**
   * The variables a run sees: enabled ones by position (the runner joins same names with `&`). Read again only when
   * the table's version moved: every run of a burst asked for all of them, a few hundred rows of cookies for many
   * users. The version is read first, so rows read after a change are never kept under the version before it.
   */
  async variables(): Promise<readonly PanelVariable[]> {
    const version = await this.envs.version();
    if (this.kept?.version === version) return this.kept.variables;
    const variables = await this.envs.enabled();
    this.kept = { version, variables };
    return variables;
  }

  /** Creates every variable or none (one transaction), appended after the last position. */
  async create(inputs: EnvInput[]): Promise<Env[]> {
    const drafts = inputs.map((input) => ({
      name: input.name.trim(),
      value: input.value,
      remarks: input.remarks?.trim() ? input.remarks : null,
      labels: cleanLabels(input.labels),
    }));
    for (const draft of drafts) checkName(draft.name);
    await this.checkUnique(drafts);
    // New variables are enabled.
    await this.checkRunLimits((enabled) => [...enabled, ...drafts.map((d) => ({ id: null, ...d }))]);
    const now = this.clock.now();
    let position = (await this.envs.maxPosition()) ?? 0;
    const rows: NewEnv[] = drafts.map((draft) => ({
      ...draft,
      labels: JSON.stringify(draft.labels),
      position: (position += positionStep),
      created_at: now,
      updated_at: now,
    }));
    return (await this.envs.insertMany(rows)).map(toWireEnv);
  }

  async update(input: EnvUpdateInput): Promise<Env> {
    const existing = await this.envs.find(input.id);
    if (!existing) throw notFound();
    const name = input.name === undefined ? existing.name : input.name.trim();
    const value = input.value ?? existing.value;
    checkName(name);
    await this.checkUnique([{ name, value }], existing.id);
    if (existing.status === EnvStatus.normal) {
      await this.checkRunLimits((enabled) => enabled.map((e) => (e.id === existing.id ? { ...e, name, value } : e)));
    }
    const row = await this.envs.update(existing.id, {
      name,
      value,
      ...(input.remarks === undefined ? {} : { remarks: input.remarks?.trim() ? input.remarks : null }),
      ...(input.labels === undefined ? {} : { labels: JSON.stringify(cleanLabels(input.labels)) }),
      updated_at: this.clock.now(),
    });
    if (!row) throw notFound();
    return toWireEnv(row);
  }

  async remove(ids: number[]): Promise<void> {
    await this.envs.delete(ids);
  }

  /** Moves a row to `toIndex` of the whole list (Qinglong's drag and drop); returns the moved row. */
  async move(id: number, toIndex: number): Promise<Env> {
    const plan = planMove(await this.envs.order(), id, toIndex);
    if (!plan) throw notFound();
    if (plan.length > 0) await this.envs.setPositions(plan, this.clock.now());
    return this.get(id);
  }

  async setStatus(ids: number[], status: EnvStatus): Promise<void> {
    if (status === EnvStatus.normal) {
      const enabling = (await this.envs.findMany(ids)).filter((row) => row.status !== EnvStatus.normal);
      if (enabling.length > 0) await this.checkRunLimits((enabled) => [...enabled, ...enabling]);
    }
    await this.envs.updateMany(ids, { status, updated_at: this.clock.now() });
  }

  async setPinned(ids: number[], pinned: 0 | 1): Promise<void> {
    await this.envs.updateMany(ids, { is_pinned: pinned, updated_at: this.clock.now() });
  }

  /** Gives several variables one name (Qinglong's "edit names"). */
  async rename(ids: number[], name: string): Promise<void> {
    const trimmed = name.trim();
    checkName(trimmed);
    const renamed = new Set(ids);
    await this.checkRunLimits((enabled) => enabled.map((e) => (renamed.has(e.id!) ? { ...e, name: trimmed } : e)));
    await this.envs.updateMany(ids, { name: trimmed, updated_at: this.clock.now() });
  }

  async addLabels(ids: number[], labels: string[]): Promise<void> {
    const added = cleanLabels(labels);
    await this.envs.updateLabels(ids, (current) => cleanLabels([...current, ...added]), this.clock.now());
  }

  async removeLabels(ids: number[], labels: string[]): Promise<void> {
    const removed = new Set(cleanLabels(labels));
    await this.envs.updateLabels(ids, (current) => current.filter((l) => !removed.has(l)), this.clock.now());
  }

  /** Checks the enabled variables as `change` would leave them against what a run can receive. */
  private async checkRunLimits(change: (enabled: EnabledVariable[]) => EnabledVariable[]): Promise<void> {
    checkRunLimits(change(await this.envs.enabled()));
  }

  /** Name + value is unique (Qinglong's index), within the batch and against the stored rows (`except` aside). */
  private async checkUnique(drafts: { name: string; value: string }[], except?: number): Promise<void> {
    const seen = new Set<string>();
    for (const row of await this.envs.withNames([...new Set(drafts.map((d) => d.name))])) {
      if (row.id !== except) seen.add(`${row.name}\u0000${row.value}`);
    }
    for (const draft of drafts) {
      const key = `${draft.name}\u0000${draft.value}`;
      if (seen.has(key)) throw new AppError('envDuplicate', 409, { name: draft.name });
      seen.add(key);
    }
  }
}
