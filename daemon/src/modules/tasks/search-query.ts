/**
 * Qinglong's query parameters of GET /api/crons (`searchValue`, `filters`, `sorter`, `queryString` with a view)
 * read into a ListQuery, and the check of a view's filters and sorts.
 */
import { RunEnd, ViewFilterOperation, ViewFilterProperty } from '../../contract/enums.ts';
import { compilePattern } from '../../db/patterns.ts';
import { fieldError } from '../../errors/app-error.ts';

export interface ViewFilterSpec {
  property: string;
  operation: string;
  value: string | (string | number)[];
}
export interface ViewSortSpec {
  property: string;
  type: 'ASC' | 'DESC';
}
export interface ViewQuery {
  filters: ViewFilterSpec[];
  sorts: ViewSortSpec[];
  filterRelation: 'and' | 'or';
}
export interface ListQuery {
  searchValue: string;
  /** The column filters of the table: `{status: [...], sub_id: [...], last_end: [...]}` (last_end is Baihu's). */
  columnFilters: { status?: number[]; sub_id?: number[]; last_end?: RunEnd[] };
  view: ViewQuery;
  sorter: ViewSortSpec | null;
  /** When the query was read: windows such as `failed:24h` end here. */
  now: number;
}

/** A search whose answer changes with the time alone (`failed:24h`), not only with the rows. */
export const isTimeRelative = (searchValue: string | undefined) => /^\s*failed:/i.test(searchValue ?? '');

function parseJson(raw: string | undefined, field: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw fieldError(field, 'invalidType', { type: 'JSON' });
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function sortType(type: unknown): 'ASC' | 'DESC' | null {
  const t = String(type ?? '').toLowerCase();
  if (t === 'asc' || t === 'ascend') return 'ASC';
  if (t === 'desc' || t === 'descend') return 'DESC';
  return null;
}

const runEnds = new Set<string>(Object.values(RunEnd));

/** The known ways a run ends among the values (anything else is ignored, as unknown statuses are). */
export function runEndsIn(value: unknown): RunEnd[] | undefined {
  if (value === null || value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).map(String).filter((v): v is RunEnd => runEnds.has(v));
}

export function numbers(value: unknown): number[] | undefined {
  if (value === null || value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map(Number).filter((n) => Number.isFinite(n));
}

/** Checks a view's filters and sorts (on save and on every list call). */
export function checkView(view: { filters?: ViewFilterSpec[]; sorts?: ViewSortSpec[] }, field = 'filters'): void {
  for (const filter of view.filters ?? []) {
    const known =
      (ViewFilterProperty as readonly string[]).includes(filter.property) &&
      Object.values(ViewFilterOperation).includes(filter.operation as ViewFilterOperation);
    if (!known) throw fieldError(field, 'viewFilterInvalid', { value: `${filter.property} ${filter.operation}` });
    if (filter.operation === ViewFilterOperation.Reg || filter.operation === ViewFilterOperation.NotReg) {
      for (const pattern of [filter.value].flat()) {
        if (!compilePattern(String(pattern))) {
          throw fieldError(field, 'regexInvalid', { pattern: String(pattern).slice(0, 60) });
        }
      }
    }
  }
}

function parseView(raw: unknown): ViewQuery {
  const view: ViewQuery = { filters: [], sorts: [], filterRelation: 'and' };
  if (!isRecord(raw)) return view;
  if (Array.isArray(raw.filters)) {
    for (const f of raw.filters) {
      if (!isRecord(f) || f.value === undefined || f.value === null || f.value === '') continue;
      const value = Array.isArray(f.value) ? (f.value as (string | number)[]) : String(f.value);
      view.filters.push({ property: String(f.property), operation: String(f.operation), value });
    }
  }
  if (Array.isArray(raw.sorts)) {
    for (const s of raw.sorts) {
      const type = isRecord(s) ? sortType(s.type) : null;
      if (isRecord(s) && type) view.sorts.push({ property: String(s.property), type });
    }
  }
  if (raw.filterRelation === 'or') view.filterRelation = 'or';
  checkView(view, 'queryString');
  return view;
}

export function parseListQuery(
  q: {
    searchValue?: string | undefined;
    sorter?: string | undefined;
    filters?: string | undefined;
    queryString?: string | undefined;
  },
  now: number,
): ListQuery {
  const filters = parseJson(q.filters, 'filters');
  const sorter = parseJson(q.sorter, 'sorter');
  const sorterType = isRecord(sorter) ? sortType(sorter.type) : null;
  const columnFilters: ListQuery['columnFilters'] = {};
  if (isRecord(filters)) {
    const status = numbers(filters.status);
    const subId = numbers(filters.sub_id);
    if (status?.length) columnFilters.status = status;
    if (subId?.length) columnFilters.sub_id = subId;
    const lastEnd = runEndsIn(filters.last_end);
    if (lastEnd?.length) columnFilters.last_end = lastEnd;
  }
  return {
    searchValue: (q.searchValue ?? '').trim(),
    columnFilters,
    view: parseView(parseJson(q.queryString, 'queryString')),
    now,
    sorter:
      isRecord(sorter) && sorter.field && sorterType ? { property: String(sorter.field), type: sorterType } : null,
  };
}
