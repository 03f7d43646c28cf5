/**
 * Hostile requests for one route, generated from its own request schemas (see access/route-table.ts): every case is
 * built to be refused, so a test can demand a 4xx for each and an unchanged database around all of them.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { call } from './app.ts';
import type { RouteEntry } from '../../daemon/src/access/route-table.ts';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { sampleOf } from './schema-values.ts';

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  maxLength?: number;
};

export interface HostileCase {
  name: string;
  /** Path and query, as sent on the wire. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** When set, a schema refusal must name this field (`errors[0].field`). */
  field?: string;
}

/** Bigger than every declared limit of a string below 10 MB; a limit above that gets one character more. */
const tenMegabytes = 10 * 1024 * 1024;
const marker = 'hostile';

/** The JSON types a schema accepts ('integer' counts as 'number'); empty when it accepts anything. */
export function typesOf(schema: Schema | undefined): Set<string> {
  if (!schema) return new Set();
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const all = branches.map(typesOf);
    return all.some((t) => t.size === 0) ? new Set() : new Set(all.flatMap((t) => [...t]));
  }
  if (schema.allOf) return new Set(schema.allOf.flatMap((s) => [...typesOf(s)]));
  if (schema.const !== undefined) return new Set([typeof schema.const]);
  if (schema.enum) return new Set(schema.enum.map((v) => typeof v));
  const types = [schema.type ?? []].flat().map((t) => (t === 'integer' ? 'number' : t));
  if (types.length === 0 && schema.properties) return new Set(['object']);
  return new Set(types);
}

/** Merges an allOf (TypeBox's Intersect) into one object schema. */
function flatten(schema: Schema | undefined): Schema | undefined {
  if (!schema?.allOf) return schema;
  const properties: Record<string, Schema> = {};
  for (const part of schema.allOf.map(flatten)) Object.assign(properties, part?.properties ?? {});
  return { type: 'object', properties };
}

/** The string branch of a field, if it accepts strings. */
function stringBranch(schema: Schema): Schema | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.map(stringBranch).find((s) => s !== undefined);
  return [schema.type].flat().includes('string') ? schema : undefined;
}

interface Field {
  /** Property names and list indexes from the body's root. */
  path: (string | number)[];
  schema: Schema;
  /** Inside one branch of a union: a refusal may name the union rather than this field. */
  inUnion: boolean;
}

/** Every field of a body schema: object properties (records get one sample key) and the first element of lists. */
export function fieldsOf(
  root: Schema | undefined,
  path: (string | number)[] = [],
  depth = 0,
  inUnion = false,
): Field[] {
  const schema = flatten(root);
  if (!schema || depth > 6) return [];
  const out: Field[] = path.length > 0 ? [{ path, schema, inUnion }] : [];
  const properties = { ...(schema.properties ?? {}) };
  for (const extra of [
    ...Object.values(schema.patternProperties ?? {}),
    ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
  ]) {
    properties.hostileKey = extra;
  }
  for (const [name, child] of Object.entries(properties)) {
    out.push(...fieldsOf(child, [...path, name], depth + 1, inUnion));
  }
  if (schema.items) out.push(...fieldsOf(schema.items, [...path, 0], depth + 1, inUnion));
  const branches = schema.anyOf ?? schema.oneOf ?? [];
  for (const branch of branches) {
    if (typesOf(branch).has('object') || typesOf(branch).has('array')) {
      const nested = fieldsOf(branch, path, depth + 1, inUnion || branches.length > 1);
      out.push(...nested.filter((f) => f.path.length > path.length));
    }
  }
  return out;
}

/** A value of a JSON type the field does not accept, and that Ajv's coercion cannot turn into one it does. */
function wrongValue(schema: Schema): unknown {
  const types = typesOf(schema);
  if (types.size === 0) return undefined;
  const candidates: [string, unknown][] = [
    ['object', { wrong: true }],
    ['array', ['wrong']],
    ['string', 'wrong'],
  ];
  // Numeric text coerces to a number, and Ajv would coerce numbers and booleans to text (a body refuses that, see
  // numbers-as-names.test.ts): only these three are never coerced anywhere.
  return candidates.find(([type]) => !types.has(type) && !(type === 'string' && types.has('string')))?.[1];
}

/** Whether a field takes null as it is: its types include null, or it has none (accepts anything). */
function acceptsNull(schema: Schema): boolean {
  const types = typesOf(schema);
  return types.size === 0 || types.has('null') || types.has('object');
}

/** A deep copy of `base` with the value at `path` replaced. */
export function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  // A union field (text or a list of texts) holds the other branch's shape in the base: start that branch afresh.
  const container = (
    typeof head === 'number'
      ? Array.isArray(base)
        ? [...(base as unknown[])]
        : []
      : base !== null && typeof base === 'object' && !Array.isArray(base)
        ? { ...(base as Record<string, unknown>) }
        : {}
  ) as Record<string | number, unknown>;
  container[head!] = withValue(container[head!], rest, value);
  return container;
}

/** The field name the daemon reports for a path (http/errors.ts: the property, or `<list>.<index>`). */
export function reportedField(path: (string | number)[]): string {
  const last = path.at(-1);
  if (typeof last === 'string') return last;
  const owner = path.at(-2);
  return owner === undefined ? String(last) : `${String(owner)}.${String(last)}`;
}

/** `x` repeated, as bytes made once per length: ten megabytes per case would otherwise be built and encoded anew. */
const fillers = new Map<number, Buffer>();
const filler = (length: number) => fillers.get(length) ?? fillers.set(length, Buffer.alloc(length, 'x')).get(length)!;
const fill = '\u0001fill\u0001';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** The hostile cases of one route. `path` is its concrete path; `auth` the headers that open it. */
export function hostileCases(route: RouteEntry, path: string, auth: Record<string, string>): HostileCase[] {
  const cases: HostileCase[] = [];
  const json = { ...auth, 'content-type': 'application/json' };
  const bodySchema = route.schema?.body as Schema | undefined;
  const querySchema = route.schema?.querystring as Schema | undefined;

  if (bodySchema) {
    const base = sampleOf(bodySchema, marker);
    const send = (name: string, body: unknown, field?: string) =>
      cases.push({ name, path, headers: json, body: JSON.stringify(body), ...(field === undefined ? {} : { field }) });
    for (const { path: at, schema, inUnion } of fieldsOf(bodySchema)) {
      const where = at.join('.');
      const named = inUnion ? undefined : reportedField(at);
      const wrong = wrongValue(schema);
      if (wrong !== undefined) send(`wrong type in ${where}`, withValue(base, at, wrong), named);
      // Ajv's coercion would read null as 0, '' or false: a field that does not allow null refuses it.
      if (!acceptsNull(schema)) send(`null in ${where}`, withValue(base, at, null), named);
      const text = stringBranch(schema);
      if (!text) continue;
      // 10 MB, or one character more than the field's own limit when that is higher.
      const long = Math.max(tenMegabytes, (text.maxLength ?? 0) + 1);
      const [before, after] = JSON.stringify(withValue(base, at, fill)).split(JSON.stringify(fill));
      cases.push({
        name: `${long} characters in ${where}`,
        path,
        headers: json,
        body: Buffer.concat([Buffer.from(`${before}"`), filler(long), Buffer.from(`"${after}`)]),
        ...(named === undefined ? {} : { field: named }),
      });
      send(`NUL in ${where}`, withValue(base, at, `${marker}\u0000x`), reportedField(at));
      send(`lone surrogate in ${where}`, withValue(base, at, `${marker}\ud800x`), reportedField(at));
    }
    const spliced = (key: string, value: string) => {
      const text = JSON.stringify(base);
      const inner = `"${key}":${value}`;
      if (text.startsWith('{')) return `{${inner}${text === '{}' ? '' : ','}${text.slice(1)}`;
      return `[{${inner}}${text === '[]' ? '' : ','}${text.slice(1)}`;
    };
    cases.push({ name: '__proto__ key', path, headers: json, body: spliced('__proto__', '{"polluted":true}') });
    cases.push({
      name: 'constructor.prototype key',
      path,
      headers: json,
      body: spliced('constructor', '{"prototype":{"polluted":true}}'),
    });
    cases.push({ name: '10,000-deep nested JSON', path, headers: json, body: nested(10_000) });
    cases.push({ name: 'text/plain body', path, headers: { ...auth, 'content-type': 'text/plain' }, body: 'x' });
    cases.push({ name: 'no body, no content type', path, headers: auth });
  }

  if (bodySchema || route.method !== 'GET') {
    // What every route that takes a body must refuse, whether or not it declares one.
    cases.push({ name: 'invalid JSON', path, headers: json, body: '{"name": "x",' });
    // A route that takes no body accepts an empty one labelled JSON, as Qinglong's clients send (http/bodies.ts).
    if (bodySchema) cases.push({ name: 'empty JSON body', path, headers: json, body: '' });
    cases.push({
      name: 'XML body',
      path,
      headers: { ...auth, 'content-type': 'application/xml' },
      body: '<a>x</a>',
    });
  }

  if (querySchema) {
    // Only sample values the schema accepts, so that each case is refused for its own field.
    const base = Object.fromEntries(
      Object.entries(sampleOf(querySchema, marker) as Record<string, unknown>).filter(([key, value]) =>
        Value.Check(querySchema.properties![key] as TSchema, value),
      ),
    );
    const body = bodySchema ? { headers: json, body: JSON.stringify(sampleOf(bodySchema, marker)) } : { headers: auth };
    const query = (values: Record<string, unknown>) =>
      Object.entries(values)
        .flatMap(([key, value]) =>
          [value].flat().map((v) => `${encodeURIComponent(key)}=${typeof v === 'string' ? v : String(v)}`),
        )
        .join('&');
    const at = (name: string, key: string, value: unknown, field?: string) =>
      cases.push({
        name,
        path: `${path}?${query({ ...base, [key]: value })}`,
        ...body,
        ...(field === undefined ? {} : { field }),
      });
    for (const [key, schema] of Object.entries(querySchema.properties ?? {})) {
      const types = typesOf(schema);
      if (!types.has('string')) at(`text in the number ${key}`, key, 'wrong');
      else at(`repeated ${key}`, key, ['a', 'b']);
      if (!stringBranch(schema)) continue;
      // Node refuses a request line over 16 KB with 431 before reading on; 64 KB shows that, where 10 MB would only
      // show how the refused connection's write fails.
      at(`64 KB in ${key}`, key, 'x'.repeat(64 * 1024));
      at(`NUL in ${key}`, key, `${marker}%00x`, key);
      at(`lone surrogate in ${key}`, key, `${marker}%ED%A0%80x`);
      at(`bad escape in ${key}`, key, `${marker}%ZZ`);
    }
  }
  return cases;
}

/** Rows with id 1 in the areas a hostile request could change or run, so one that got through would find them. */
export const seedRows: [string, unknown][] = [
  ['/api/crons', { name: 'seed', command: 'echo seed', schedule: '0 0 1 1 *' }],
  ['/api/envs', [{ name: 'SEED', value: 'seed' }]],
  ['/api/crons/views', { name: 'seed view', filters: [] }],
];
export const seedSubscription: [string, unknown] = [
  '/api/subscriptions',
  { name: 'seed', type: 'file', url: 'http://127.0.0.1:9/x.js', alias: 'seed', schedule: '0 0 1 1 *' },
];

/** Creates each seed through the API (a refused seed fails the test that needed it). */
export async function seedThrough(app: FastifyInstance, token: string, seeds: [string, unknown][]): Promise<void> {
  for (const [url, payload] of seeds) {
    const res = await call(app, 'POST', url, { token, payload });
    assert.equal(res.body.code, 200, `seed ${url}: ${JSON.stringify(res.body)}`);
  }
}
