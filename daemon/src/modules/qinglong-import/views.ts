/**
 * Task views (CrontabViews): name, filters, sorts, and/or relation, order and hidden state. Filters and sorts Baihu
 * cannot apply are left off the view with a notice. Filters on `sub_id` carry Qinglong's subscription ids, which
 * change on import: the plan names the alias behind each, for the writer to swap in the new id.
 */
import { ViewSortProperty, ViewType } from '../../contract/enums.ts';
import { ImportKind } from '../../contract/import.ts';
import { checkView } from '../tasks/index.ts';
import type { PlannedView } from './plan.ts';
import { fieldDropped, reasonOfError, type ImportReport } from './report.ts';
import { integer, isRecord, jsonValue, number, text, trimmed, flag } from './values.ts';

type Filter = NonNullable<PlannedView['input']['filters']>[number];
type Sort = NonNullable<PlannedView['input']['sorts']>[number];

function filtersOf(raw: unknown): Filter[] {
  const value = jsonValue(raw);
  if (!Array.isArray(value)) return [];
  const filters: Filter[] = [];
  for (const entry of value) {
    if (!isRecord(entry)) continue;
    const v = entry.value;
    if (v === undefined || v === null || v === '') continue;
    const values = Array.isArray(v)
      ? v.filter((x): x is string | number => typeof x === 'string' || typeof x === 'number')
      : (text(v) ?? '');
    filters.push({ property: text(entry.property) ?? '', operation: text(entry.operation) ?? '', value: values });
  }
  return filters;
}

function sortsOf(raw: unknown): { sorts: Sort[]; dropped: string[] } {
  const value = jsonValue(raw);
  const sorts: Sort[] = [];
  const dropped: string[] = [];
  if (!Array.isArray(value)) return { sorts, dropped };
  for (const entry of value) {
    if (!isRecord(entry)) continue;
    // Early Qinglong named the column `value` instead of `property`.
    const property = text(entry.property) ?? text(entry.value) ?? '';
    const type = String(entry.type).toUpperCase();
    if ((ViewSortProperty as readonly string[]).includes(property) && (type === 'ASC' || type === 'DESC')) {
      sorts.push({ property, type });
    } else dropped.push(`${property} ${String(entry.type)}`);
  }
  return { sorts, dropped };
}

export function planViews(
  rows: Record<string, unknown>[],
  aliasById: Map<number, string | null>,
  report: ImportReport,
): PlannedView[] {
  const views: PlannedView[] = [];
  const names = new Set<string>();
  // Qinglong shows views by position, highest first.
  const ordered = [...rows].sort((a, b) => (number(b.position) ?? 0) - (number(a.position) ?? 0));
  for (const row of ordered) {
    report.found(ImportKind.view);
    const id = integer(row.id) ?? 0;
    const name = trimmed(row.name) ?? '';
    const system = integer(row.type) === ViewType.system;
    if (!name || name.length > 100) {
      report.skip(
        ImportKind.view,
        name || String(id),
        name ? { key: 'tooLong', field: 'name', params: { max: 100 } } : { key: 'required', field: 'name' },
      );
      continue;
    }
    if (names.has(name)) {
      report.skip(ImportKind.view, name, { key: 'importDuplicate' });
      continue;
    }
    names.add(name);
    const filters: Filter[] = [];
    for (const filter of filtersOf(row.filters)) {
      try {
        checkView({ filters: [filter] });
        filters.push(filter);
      } catch (error) {
        report.notice(ImportKind.view, name, fieldDropped('filters', reasonOfError(error)));
      }
    }
    const { sorts, dropped } = sortsOf(row.sorts);
    for (const sort of dropped) {
      report.notice(
        ImportKind.view,
        name,
        fieldDropped('sorts', { key: 'viewFilterInvalid', field: 'sorts', params: { value: sort } }),
      );
    }
    const subscriptionRefs = filters.flatMap((filter, index) =>
      filter.property === 'sub_id'
        ? [{ filter: index, aliases: [filter.value].flat().map((v) => aliasById.get(integer(v) ?? -1) ?? null) }]
        : [],
    );
    views.push({
      sourceId: id,
      system,
      input: {
        name,
        filters: filters.slice(0, 20),
        sorts: sorts.slice(0, 10),
        filterRelation: trimmed(row.filterRelation) === 'or' ? 'or' : 'and',
      },
      hidden: flag(row.isDisabled),
      subscriptionRefs,
    });
    report.imported(ImportKind.view);
  }
  return views;
}
