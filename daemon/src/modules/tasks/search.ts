/**
 * How GET /api/crons turns a ListQuery into one parameterised WHERE and ORDER BY. User text only ever reaches SQL as a
 * bound value: LIKE patterns are escaped, regular expressions run in a registered function (db/sqlite/regexp.ts).
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { CronStatus, RunEnd, ViewFilterOperation } from '../../contract/enums.ts';
import type { Database } from '../../db/schema.ts';
import type { Phrases } from '../../db/phrases.ts';
import type { IndexedTextColumn, TextIndex } from '../../db/port.ts';
import { numbers, runEndsIn, type ListQuery, type ViewFilterSpec } from './search-query.ts';

type Eb = ExpressionBuilder<Database, 'crons'>;
type TextColumn = IndexedTextColumn;

function safeEncode(text: string): string {
  try {
    return encodeURI(text);
  } catch {
    return text;
  }
}

/** The raw and the URI-encoded text: a column containing either matches (Qinglong stores some commands encoded). */
const variants = (text: string) => [...new Set([text, safeEncode(text)])];
const allTextColumns = ['name', 'command', 'schedule', 'labels'] as const;

const searchPrefixes: Record<string, TextColumn> = {
  name: 'name',
  command: 'command',
  schedule: 'schedule',
  label: 'labels',
  labels: 'labels',
};

/** `result:failed` counts a timeout too (both are failures); the other ends match themselves. */
function lastEndIn(p: Phrases, ends: readonly string[]): Expression<SqlBool> {
  const wanted = ends.includes(RunEnd.failed) ? [...new Set([...ends, RunEnd.timeout])] : ends;
  return wanted.length ? p.inList('last_end', [...wanted]) : p.never;
}

/** Tasks with a failed or timed-out run that ended in the window (the failures' index job_runs_failed serves it). */
function failedSince(p: Phrases, eb: Eb, since: number): Expression<SqlBool> {
  return eb(
    'id',
    'in',
    eb
      .selectFrom('job_runs')
      .select('job_runs.ref_id')
      .where('job_runs.kind', '=', 'task')
      .where(p.runFailed)
      .where('job_runs.finished_at', '>=', since),
  );
}

const windowUnits: Record<string, number> = { h: 3_600_000, d: 86_400_000 };

const resultSearch = /^result:\s*(\w+)$/i;
const windowSearch = /^failed:\s*(\d{1,4})([hd])$/i;

/** A plain text search: the columns (`name:x`… or all four) and the texts any of which a match contains. */
function textSearchOf(search: string): { columns: TextColumn[]; texts: string[] } | null {
  if (resultSearch.test(search) || windowSearch.test(search)) return null;
  const colon = search.indexOf(':');
  const column = colon > 0 ? searchPrefixes[search.slice(0, colon)] : undefined;
  if (column) return { columns: [column], texts: variants(search.slice(colon + 1).trim()) };
  return { columns: [...allTextColumns], texts: variants(search) };
}

/**
 * `name:x`, `command:x`, `schedule:x`, `label:x`, or free text over all four; `result:failed` (how the last run
 * ended), `failed:24h` / `failed:30d` (a failure in that window, as the overview counts them).
 */
function searchCondition(p: Phrases, eb: Eb, search: string, now: number): Expression<SqlBool> {
  const result = resultSearch.exec(search);
  if (result) return lastEndIn(p, runEndsIn(result[1]!.toLowerCase()) ?? []);
  const window = windowSearch.exec(search);
  if (window) return failedSince(p, eb, now - Number(window[1]) * windowUnits[window[2]!.toLowerCase()]!);
  const { columns, texts } = textSearchOf(search)!;
  return eb.or(columns.flatMap((c) => texts.map((v) => p.containsText(eb.ref(c), v))));
}

/**
 * When the list's only condition is a text search of three or more characters, the text index answers it
 * (db/sqlite/text-index.ts): the same rows as the LIKEs of searchCondition. Null otherwise (LIKE as before).
 */
export function indexedSearchOf(
  query: ListQuery,
  textIndex: Pick<TextIndex, 'isIndexable'>,
): { columns: TextColumn[]; texts: string[] } | null {
  const { columnFilters } = query;
  const others = query.view.filters.length || columnFilters.status || columnFilters.sub_id || columnFilters.last_end;
  if (others || !query.searchValue) return null;
  const search = textSearchOf(query.searchValue);
  return search && search.texts.every((text) => textIndex.isIndexable(text)) ? search : null;
}

/** Qinglong's rule for status 2: it means is_disabled = 1; other statuses only count for enabled tasks. */
function statusIn(p: Phrases, eb: Eb, values: number[]): Expression<SqlBool> {
  const stored = values.filter((v) => v !== CronStatus.disabled);
  const inStored = stored.length ? p.inList('status', stored) : p.never;
  return values.includes(CronStatus.disabled)
    ? eb.or([inStored, eb('is_disabled', '=', 1)])
    : eb.and([inStored, eb('is_disabled', '=', 0)]);
}

function statusNotIn(p: Phrases, eb: Eb, values: number[]): Expression<SqlBool> {
  const stored = values.filter((v) => v !== CronStatus.disabled);
  const parts: Expression<SqlBool>[] = [];
  if (stored.length) parts.push(eb.not(p.inList('status', stored)));
  if (values.includes(CronStatus.disabled)) parts.push(eb('is_disabled', '=', 0));
  return parts.length ? eb.and(parts) : p.always;
}

/** The value of a property as text, for regular expressions. Labels are matched one by one. */
function regexpOn(p: Phrases, eb: Eb, property: string, pattern: string): Expression<SqlBool> {
  if (property === 'labels') {
    return p.anyElementMatches(eb.ref('labels'), pattern);
  }
  const column = eb.ref(property as 'name' | 'command' | 'schedule' | 'status' | 'sub_id');
  return p.matchesPattern(column, pattern);
}

function propertyIn(p: Phrases, eb: Eb, property: string, values: (string | number)[]): Expression<SqlBool> {
  if (values.length === 0) return p.never;
  if (property === 'status') return statusIn(p, eb, numbers(values) ?? []);
  if (property === 'sub_id') return p.inList('sub_id', numbers(values) ?? []);
  const texts = values.map(String);
  if (property === 'labels') {
    return p.anyElementIn(eb.ref('labels'), texts);
  }
  return p.inList(property as 'name' | 'command' | 'schedule', texts);
}

function viewFilter(p: Phrases, eb: Eb, filter: ViewFilterSpec): Expression<SqlBool> {
  const values = [filter.value].flat();
  switch (filter.operation) {
    case ViewFilterOperation.Reg:
      return eb.or(values.map((v) => regexpOn(p, eb, filter.property, String(v))));
    case ViewFilterOperation.NotReg:
      return eb.not(eb.or(values.map((v) => regexpOn(p, eb, filter.property, String(v)))));
    case ViewFilterOperation.In:
      return propertyIn(p, eb, filter.property, values);
    default: {
      if (filter.property === 'status') return statusNotIn(p, eb, numbers(values) ?? []);
      // A task without a subscription is "not in" any list of subscriptions.
      if (filter.property === 'sub_id')
        return eb.or([eb('sub_id', 'is', null), eb.not(propertyIn(p, eb, 'sub_id', values))]);
      return eb.not(propertyIn(p, eb, filter.property, values));
    }
  }
}

export function hasConditions(query: ListQuery): boolean {
  const { columnFilters } = query;
  return (
    query.view.filters.length > 0 ||
    query.searchValue !== '' ||
    !!columnFilters.status ||
    !!columnFilters.sub_id ||
    !!columnFilters.last_end
  );
}

/** (the view's filters, joined by its relation) AND the search AND the column filters, in the engine's phrases. */
export function whereOf(query: ListQuery, p: Phrases): (eb: Eb) => Expression<SqlBool> {
  return (eb) => {
    const parts: Expression<SqlBool>[] = [];
    const filters = query.view.filters.map((f) => viewFilter(p, eb, f));
    if (filters.length) parts.push(query.view.filterRelation === 'or' ? eb.or(filters) : eb.and(filters));
    if (query.searchValue) parts.push(searchCondition(p, eb, query.searchValue, query.now));
    if (query.columnFilters.status) parts.push(statusIn(p, eb, query.columnFilters.status));
    if (query.columnFilters.sub_id) parts.push(p.inList('sub_id', query.columnFilters.sub_id));
    if (query.columnFilters.last_end) parts.push(lastEndIn(p, query.columnFilters.last_end));
    return eb.and(parts);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// ORDER BY.

/** Sortable properties (wire name → column). Anything else, such as the computed nextRunTime, is ignored. */
const sortColumns = {
  id: 'id',
  name: 'name',
  command: 'command',
  schedule: 'schedule',
  status: 'status',
  labels: 'labels',
  sub_id: 'sub_id',
  last_execution_time: 'last_execution_time',
  last_running_time: 'last_running_time',
  isPinned: 'is_pinned',
  isDisabled: 'is_disabled',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const;
export type SortColumn = (typeof sortColumns)[keyof typeof sortColumns];

const defaultOrder: [SortColumn, 'asc' | 'desc'][] = [
  ['is_pinned', 'desc'],
  ['is_disabled', 'asc'],
  ['status', 'asc'],
  ['created_at', 'desc'],
];

/**
 * Orders an index serves whole (migration 0012 and crons_default_order): a sort column in either direction followed
 * by the default order, or the default order itself. Reading such an order's index stops after the page.
 */
const indexedSorts = new Set<SortColumn>(['name', 'created_at', 'status', 'last_execution_time']);
export function isIndexedOrder(order: [SortColumn, 'asc' | 'desc'][]): boolean {
  const [first, second] = order;
  if (!first) return false;
  if (indexedSorts.has(first[0])) return true;
  return first[0] === 'is_pinned' && first[1] === 'desc' && second?.[0] === 'is_disabled' && second[1] === 'asc';
}

/**
 * Every column an order can hold (orderOf): a task whose value of one changed may move in an order. Not only those
 * isIndexedOrder looks at: a view's sorts follow the column sorter and break its ties (name, then command).
 */
export const orderColumns: readonly SortColumn[] = Object.values(sortColumns);

/** The column sorter first, then the view's sorts, then Qinglong's default order, then id for stable paging. */
export function orderOf(query: ListQuery): [SortColumn, 'asc' | 'desc'][] {
  const wanted = [...(query.sorter ? [query.sorter] : []), ...query.view.sorts];
  const order: [SortColumn, 'asc' | 'desc'][] = [];
  const seen = new Set<SortColumn>();
  for (const [column, direction] of [
    ...wanted.flatMap((s) => {
      const column = sortColumns[s.property as keyof typeof sortColumns];
      return column ? [[column, s.type === 'ASC' ? 'asc' : 'desc'] as const] : [];
    }),
    ...defaultOrder,
    // The default-order index ends with the implicit rowid ascending, so this tie-break keeps that index usable.
    ['id', 'asc'] as const,
  ]) {
    if (!seen.has(column)) order.push([column, direction]);
    seen.add(column);
  }
  return order;
}
