import type SQLite from 'better-sqlite3';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import v8 from 'node:v8';
import { CronStatus, ViewFilterOperation, ViewFilterProperty } from '../../contract/enums.ts';
import { inList as inValues } from '../../db/in-list.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../errors.ts';

/**
 * How GET /api/crons turns Qinglong's query parameters into one parameterised WHERE and ORDER BY. User text only ever
 * reaches SQL as a bound value: LIKE patterns are escaped, regular expressions run in a registered function.
 */

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
  /** The column filters of the table: `{status: [...], sub_id: [...]}`. */
  columnFilters: { status?: number[]; sub_id?: number[] };
  view: ViewQuery;
  sorter: ViewSortSpec | null;
}

type Eb = ExpressionBuilder<Database, 'crons'>;
type TextColumn = 'name' | 'command' | 'schedule' | 'labels';

export const maxPatternLength = 200;

// ---------------------------------------------------------------------------------------------------------------
// Regular expressions: V8's linear-time engine (the `l` flag) cannot backtrack, so no pattern can hang the daemon.
// It has no `i` flag: matching is made case-insensitive by lower-casing the subject and the pattern's literals.
v8.setFlagsFromString('--enable-experimental-regexp-engine');
const linearFlag = 'l';

function lowerPattern(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) {
      out += ch + pattern[++i]!;
    } else out += ch.toLowerCase();
  }
  return out;
}

const compiled = new Map<string, RegExp | null>();

/** The compiled pattern, or null when it is invalid, too long or needs backtracking (back-references, look-arounds). */
export function compilePattern(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re !== undefined) return re;
  try {
    re = pattern.length > maxPatternLength ? null : new RegExp(lowerPattern(pattern), linearFlag);
  } catch {
    re = null;
  }
  if (compiled.size > 500) compiled.clear();
  compiled.set(pattern, re);
  return re;
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/** SQLite's `X REGEXP Y` calls `regexp(Y, X)`. Text that looks URI-encoded is also tried decoded, as Qinglong does. */
export function registerRegexp(sqlite: SQLite.Database): void {
  sqlite.function('regexp', { deterministic: true }, (pattern: unknown, subject: unknown) => {
    if (subject === null || subject === undefined) return 0;
    const re = compilePattern(String(pattern));
    if (!re) return 0;
    const text = String(subject).toLowerCase();
    if (re.test(text)) return 1;
    return text.includes('%') && re.test(safeDecode(text)) ? 1 : 0;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing the query string.

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

function numbers(value: unknown): number[] | undefined {
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

export function parseListQuery(q: {
  searchValue?: string | undefined;
  sorter?: string | undefined;
  filters?: string | undefined;
  queryString?: string | undefined;
}): ListQuery {
  const filters = parseJson(q.filters, 'filters');
  const sorter = parseJson(q.sorter, 'sorter');
  const sorterType = isRecord(sorter) ? sortType(sorter.type) : null;
  const columnFilters: ListQuery['columnFilters'] = {};
  if (isRecord(filters)) {
    const status = numbers(filters.status);
    const subId = numbers(filters.sub_id);
    if (status?.length) columnFilters.status = status;
    if (subId?.length) columnFilters.sub_id = subId;
  }
  return {
    searchValue: (q.searchValue ?? '').trim(),
    columnFilters,
    view: parseView(parseJson(q.queryString, 'queryString')),
    sorter:
      isRecord(sorter) && sorter.field && sorterType ? { property: String(sorter.field), type: sorterType } : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// WHERE.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function safeEncode(text: string): string {
  try {
    return encodeURI(text);
  } catch {
    return text;
  }
}

/** `column LIKE %text%` on the raw and the URI-encoded text, with LIKE's wildcards taken literally. */
function contains(eb: Eb, column: TextColumn, text: string): Expression<SqlBool> {
  const variants = [...new Set([text, safeEncode(text)])];
  // ESCAPE slows every comparison down by a third, so it is only added when the text has something to escape.
  return eb.or(
    variants.map((v) =>
      /[\\%_]/.test(v)
        ? sql<SqlBool>`${eb.ref(column)} like ${`%${escapeLike(v)}%`} escape '\\'`
        : sql<SqlBool>`${eb.ref(column)} like ${`%${v}%`}`,
    ),
  );
}

const searchPrefixes: Record<string, TextColumn> = {
  name: 'name',
  command: 'command',
  schedule: 'schedule',
  label: 'labels',
  labels: 'labels',
};

/** `name:x`, `command:x`, `schedule:x`, `label:x`, or free text over all four. */
function searchCondition(eb: Eb, search: string): Expression<SqlBool> {
  const colon = search.indexOf(':');
  const column = colon > 0 ? searchPrefixes[search.slice(0, colon)] : undefined;
  if (column) return contains(eb, column, search.slice(colon + 1).trim());
  return eb.or((['name', 'command', 'schedule', 'labels'] as const).map((c) => contains(eb, c, search)));
}

/** Qinglong's rule for status 2: it means is_disabled = 1; other statuses only count for enabled tasks. */
function statusIn(eb: Eb, values: number[]): Expression<SqlBool> {
  const stored = values.filter((v) => v !== CronStatus.disabled);
  const inStored = stored.length ? inValues('status', stored) : sql<SqlBool>`0`;
  return values.includes(CronStatus.disabled)
    ? eb.or([inStored, eb('is_disabled', '=', 1)])
    : eb.and([inStored, eb('is_disabled', '=', 0)]);
}

function statusNotIn(eb: Eb, values: number[]): Expression<SqlBool> {
  const stored = values.filter((v) => v !== CronStatus.disabled);
  const parts: Expression<SqlBool>[] = [];
  if (stored.length) parts.push(eb.not(inValues('status', stored)));
  if (values.includes(CronStatus.disabled)) parts.push(eb('is_disabled', '=', 0));
  return parts.length ? eb.and(parts) : sql<SqlBool>`1`;
}

/** The value of a property as text, for regular expressions. Labels are matched one by one. */
function regexpOn(eb: Eb, property: string, pattern: string): Expression<SqlBool> {
  if (property === 'labels') {
    return sql<SqlBool>`exists (select 1 from json_each(${eb.ref('labels')}) where json_each.value regexp ${pattern})`;
  }
  const column = eb.ref(property as 'name' | 'command' | 'schedule' | 'status' | 'sub_id');
  return sql<SqlBool>`cast(${column} as text) regexp ${pattern}`;
}

function inList(eb: Eb, property: string, values: (string | number)[]): Expression<SqlBool> {
  if (values.length === 0) return sql<SqlBool>`0`;
  if (property === 'status') return statusIn(eb, numbers(values) ?? []);
  if (property === 'sub_id') return inValues('sub_id', numbers(values) ?? []);
  const texts = values.map(String);
  if (property === 'labels') {
    return sql<SqlBool>`exists (select 1 from json_each(${eb.ref('labels')}) as l where l.value in (select value from json_each(${JSON.stringify(texts)})))`;
  }
  return inValues(property as 'name' | 'command' | 'schedule', texts);
}

function viewFilter(eb: Eb, filter: ViewFilterSpec): Expression<SqlBool> {
  const values = [filter.value].flat();
  switch (filter.operation) {
    case ViewFilterOperation.Reg:
      return eb.or(values.map((v) => regexpOn(eb, filter.property, String(v))));
    case ViewFilterOperation.NotReg:
      return eb.not(eb.or(values.map((v) => regexpOn(eb, filter.property, String(v)))));
    case ViewFilterOperation.In:
      return inList(eb, filter.property, values);
    default: {
      if (filter.property === 'status') return statusNotIn(eb, numbers(values) ?? []);
      // A task without a subscription is "not in" any list of subscriptions.
      if (filter.property === 'sub_id') return eb.or([eb('sub_id', 'is', null), eb.not(inList(eb, 'sub_id', values))]);
      return eb.not(inList(eb, filter.property, values));
    }
  }
}

export function hasConditions(query: ListQuery): boolean {
  const { columnFilters } = query;
  return query.view.filters.length > 0 || query.searchValue !== '' || !!columnFilters.status || !!columnFilters.sub_id;
}

/** (the view's filters, joined by its relation) AND the search AND the column filters. */
export function whereOf(query: ListQuery): (eb: Eb) => Expression<SqlBool> {
  return (eb) => {
    const parts: Expression<SqlBool>[] = [];
    const filters = query.view.filters.map((f) => viewFilter(eb, f));
    if (filters.length) parts.push(query.view.filterRelation === 'or' ? eb.or(filters) : eb.and(filters));
    if (query.searchValue) parts.push(searchCondition(eb, query.searchValue));
    if (query.columnFilters.status) parts.push(statusIn(eb, query.columnFilters.status));
    if (query.columnFilters.sub_id) parts.push(inValues('sub_id', query.columnFilters.sub_id));
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
