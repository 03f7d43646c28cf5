/**
 * Ajv's coerceTypes turns numeric text into numbers as Qinglong's Joi does ("5" → 5), but it also turns null into 0,
 * '' or false — so `{"timeout": null}` would be read as "no timeout" and `{"days": null}` as "no limit", silently —
 * and a number or a boolean into text, so `{"name": -1e308}` became the file name `-1e+308` and `{"timezone": 0}` a
 * setting. Joi refuses both: null unless a field allows it, and anything but text where text is expected. So does
 * this check, run on a request part before Ajv sees it (http/lazy-compilers.ts: nulls in every part, numbers and
 * booleans in bodies, where JSON carries types; a query's and a path's values are text anyway), in the same error
 * shape as Ajv's own type errors.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
};

export interface CoercionError {
  instancePath: string;
  schemaPath: string;
  keyword: 'type';
  params: { type: string };
  message: string;
}

/** Whether the schema accepts null as it is (without coercion). A schema with no type (TypeBox's Unknown) does. */
function allowsNull(schema: Schema | boolean | undefined): boolean {
  if (schema === undefined || typeof schema === 'boolean') return schema !== false;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.some(allowsNull);
  if (schema.allOf) return schema.allOf.every(allowsNull);
  if (schema.const !== undefined) return schema.const === null;
  if (schema.enum) return schema.enum.includes(null);
  if (schema.type === undefined) return true;
  return [schema.type].flat().includes('null');
}

/** The JSON types a schema accepts ('integer' as 'number'); null when it accepts anything. */
function typesOf(schema: Schema | boolean | undefined): Set<string> | null {
  if (schema === undefined || typeof schema === 'boolean') return null;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const all = branches.map(typesOf);
    return all.includes(null) ? null : new Set(all.flatMap((types) => [...types!]));
  }
  if (schema.allOf) return typesOf(schema.allOf.find((part) => typesOf(part) !== null));
  if (schema.const !== undefined) return new Set([typeof schema.const]);
  if (schema.enum) return new Set(schema.enum.map((value) => typeof value));
  if (schema.type === undefined) return null;
  return new Set([schema.type].flat().map((type) => (type === 'integer' ? 'number' : type)));
}

/** Whether Ajv would turn this number or boolean into text: the schema takes text and no number or boolean. */
function coercedToText(schema: Schema, data: number | boolean): boolean {
  const types = typesOf(schema);
  return types !== null && types.has('string') && !types.has(typeof data);
}

/** Whether a branch of a union can hold `data`, a list or an object (no type: anything). */
function holds(schema: Schema, data: object): boolean {
  if (schema.anyOf ?? schema.oneOf ?? schema.allOf) return true;
  if (schema.type === undefined) return schema.const === undefined && schema.enum === undefined;
  return [schema.type].flat().includes(Array.isArray(data) ? 'array' : 'object');
}

const typeName = (schema: Schema): string =>
  [schema.type ?? schema.anyOf?.[0]?.type ?? schema.oneOf?.[0]?.type ?? 'string'].flat()[0] ?? 'string';

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

export interface CoercionRules {
  /** Refuse a number or a boolean where the schema wants text (bodies; a query's values are all text). */
  text: boolean;
}

/**
 * Every place in `data` holding null where `schema` does not allow it, or (with `rules.text`) a number or boolean
 * where it wants text (the first one; one is enough to refuse).
 */
export function coercionsRefused(
  schema: Schema | boolean | undefined,
  data: unknown,
  rules: CoercionRules,
  at = '',
): CoercionError[] {
  if (schema === undefined || typeof schema === 'boolean') return [];
  if (data === null) {
    if (allowsNull(schema)) return [];
    const type = typeName(schema);
    return [{ instancePath: at, schemaPath: '#/type', keyword: 'type', params: { type }, message: `must be ${type}` }];
  }
  if (typeof data === 'number' || typeof data === 'boolean') {
    if (!rules.text || !coercedToText(schema, data)) return [];
    return [
      {
        instancePath: at,
        schemaPath: '#/type',
        keyword: 'type',
        params: { type: 'string' },
        message: 'must be string',
      },
    ];
  }
  if (typeof data !== 'object') return [];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    // A union refuses a null (or a number as text) inside the value only when every branch that can hold such a
    // value (a list, an object) would: the value may fit any of them.
    const found = branches
      .filter((branch) => holds(branch, data))
      .map((branch) => coercionsRefused(branch, data, rules, at));
    return found.length > 0 && found.every((errors) => errors.length > 0) ? found[0]! : [];
  }
  if (schema.allOf) return schema.allOf.flatMap((part) => coercionsRefused(part, data, rules, at)).slice(0, 1);
  if (Array.isArray(data)) {
    const items = schema.items;
    if (items === undefined) return [];
    return data
      .flatMap((item, i) => coercionsRefused(Array.isArray(items) ? items[i] : items, item, rules, `${at}/${i}`))
      .slice(0, 1);
  }
  const errors: CoercionError[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const child =
      schema.properties?.[key] ??
      Object.entries(schema.patternProperties ?? {}).find(([pattern]) => new RegExp(pattern, 'u').test(key))?.[1] ??
      (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    errors.push(...coercionsRefused(child, value, rules, `${at}/${escape(key)}`));
    if (errors.length > 0) break;
  }
  return errors;
}
