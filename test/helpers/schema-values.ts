/**
 * Request bodies built from a route's own JSON schema: every property filled (optional ones too), so that a request
 * that got past access would really act. Strings carry `marker`, numbers the seeded id.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
};

export function sampleOf(schema: unknown, marker: string, id = 1, depth = 0): unknown {
  const s = (schema ?? {}) as Schema;
  if (depth > 8) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  // An intersection (TypeBox's Intersect, e.g. `{id} & Partial<Input>`): the properties of every part.
  if (s.allOf?.length) {
    return Object.assign({}, ...s.allOf.map((part) => sampleOf(part, marker, id, depth + 1) as object)) as unknown;
  }
  const choice = s.anyOf ?? s.oneOf;
  if (choice?.length) return sampleOf(choice[0], marker, id, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(s.properties ?? {})) out[key] = sampleOf(value, marker, id, depth + 1);
      return out;
    }
    case 'array':
      return [sampleOf(s.items, marker, id, depth + 1)];
    case 'string':
      return marker;
    case 'integer':
    case 'number':
      return id;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return s.default ?? {};
  }
}
