/**
 * Ajv's coerceTypes turns numeric text into numbers as Qinglong's Joi does ("5" → 5), but it also turns null into 0,
 * '' or false — so `{"timeout": null}` would be read as "no timeout" and `{"days": null}` as "no limit", silently. Joi
 * refuses null unless a field allows it; so does this check, run on every request part before Ajv sees it
 * (http/lazy-compilers.ts), in the same error shape as Ajv's own type errors.
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

export interface NullError {
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

/** Whether a branch of a union can hold `data`, a list or an object (no type: anything). */
function holds(schema: Schema, data: object): boolean {
  if (schema.anyOf ?? schema.oneOf ?? schema.allOf) return true;
  if (schema.type === undefined) return schema.const === undefined && schema.enum === undefined;
  return [schema.type].flat().includes(Array.isArray(data) ? 'array' : 'object');
}

const typeName = (schema: Schema): string =>
  [schema.type ?? schema.anyOf?.[0]?.type ?? schema.oneOf?.[0]?.type ?? 'string'].flat()[0] ?? 'string';

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** Every place in `data` holding null where `schema` does not allow it (the first few; one is enough to refuse). */
export function nullsNotAllowed(schema: Schema | boolean | undefined, data: unknown, at = ''): NullError[] {
  if (schema === undefined || typeof schema === 'boolean') return [];
  if (data === null) {
    if (allowsNull(schema)) return [];
    const type = typeName(schema);
    return [{ instancePath: at, schemaPath: '#/type', keyword: 'type', params: { type }, message: `must be ${type}` }];
  }
  if (typeof data !== 'object') return [];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    // A union refuses a null inside the value only when every branch that can hold such a value (a list, an object)
    // would: the value may fit any of them.
    const found = branches.filter((branch) => holds(branch, data)).map((branch) => nullsNotAllowed(branch, data, at));
    return found.length > 0 && found.every((errors) => errors.length > 0) ? found[0]! : [];
  }
  if (schema.allOf) return schema.allOf.flatMap((part) => nullsNotAllowed(part, data, at)).slice(0, 1);
  if (Array.isArray(data)) {
    const items = schema.items;
    if (items === undefined) return [];
    return data
      .flatMap((item, i) => nullsNotAllowed(Array.isArray(items) ? items[i] : items, item, `${at}/${i}`))
      .slice(0, 1);
  }
  const errors: NullError[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const child =
      schema.properties?.[key] ??
      Object.entries(schema.patternProperties ?? {}).find(([pattern]) => new RegExp(pattern, 'u').test(key))?.[1] ??
      (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    errors.push(...nullsNotAllowed(child, value, `${at}/${escape(key)}`));
    if (errors.length > 0) break;
  }
  return errors;
}
