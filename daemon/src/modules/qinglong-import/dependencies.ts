/**
 * Dependencies (Dependences): name with its version (`pkg@1.2`, `pkg==1.2`, `pkg=1.2`), type and remark, each queued
 * for install by the writer. Qinglong passed the name to a shell, so one entry may list several packages separated
 * by spaces; they become one dependency each. Names Baihu's installers would refuse, and entries the user was
 * removing, are left out.
 */
import { DependencyStatus, DependencyType } from '../../contract/enums.ts';
import { ImportKind } from '../../contract/import.ts';
import { isValidPackageName, splitNames, typeNames } from '../dependencies/index.ts';
import { dependencyKey } from './idempotence.ts';
import type { PlannedDependency } from './plan.ts';
import type { ImportReport } from './report.ts';
import { integer, text, trimmed } from './values.ts';

const typeByName: Record<string, DependencyType> = {
  nodejs: DependencyType.nodejs,
  python3: DependencyType.python3,
  linux: DependencyType.linux,
};
const removal: number[] = [DependencyStatus.removing, DependencyStatus.removed, DependencyStatus.removeFailed];

function typeOf(raw: unknown): DependencyType | null {
  const asNumber = integer(raw);
  if (asNumber !== null)
    return Object.values(DependencyType).includes(asNumber as DependencyType) ? (asNumber as DependencyType) : null;
  return typeByName[text(raw)?.trim() ?? ''] ?? null;
}

export function planDependencies(rows: Record<string, unknown>[], report: ImportReport): PlannedDependency[] {
  const dependencies: PlannedDependency[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    report.found(ImportKind.dependency);
    const raw = text(row.name) ?? '';
    const item = raw.trim() || String(integer(row.id) ?? '');
    const type = typeOf(row.type);
    const status = integer(row.status);
    if (type === null) {
      report.skip(ImportKind.dependency, item, {
        key: 'invalidType',
        field: 'type',
        params: { type: 'nodejs | python3 | linux' },
      });
      continue;
    }
    if (status !== null && removal.includes(status)) {
      report.skip(ImportKind.dependency, item, { key: 'importDependencyRemoved' });
      continue;
    }
    const names = splitNames(raw)
      .flatMap((part) => part.split(/\s+/))
      .filter((n) => n !== '');
    if (names.length === 0) {
      report.skip(ImportKind.dependency, item, { key: 'required', field: 'name' });
      continue;
    }
    const bad = names.find((name) => !isValidPackageName(name, type));
    if (bad !== undefined) {
      report.skip(ImportKind.dependency, item, {
        key: 'dependencyNameInvalid',
        params: { name: bad, type: typeNames[type] },
      });
      continue;
    }
    if (names.length > 1)
      report.notice(ImportKind.dependency, item, { key: 'importDependencySplit', params: { count: names.length } });
    const remark = trimmed(row.remark);
    let added = 0;
    for (const name of names) {
      const key = dependencyKey({ name, type });
      if (seen.has(key)) continue;
      seen.add(key);
      dependencies.push({
        sourceId: integer(row.id) ?? 0,
        input: { name, type, remark: remark?.slice(0, 1000) ?? null },
        sourceStatus: status,
      });
      added += 1;
    }
    if (added === 0) report.skip(ImportKind.dependency, item, { key: 'importDuplicate' });
    else report.imported(ImportKind.dependency);
  }
  return dependencies;
}
