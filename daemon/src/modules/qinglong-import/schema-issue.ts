/** The first reason a value fails one of the contract's schemas, in the form-message words of the spec (§5). */
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { ImportReason } from '../../contract/import.ts';

export function schemaIssue(schema: TSchema, value: unknown): ImportReason | null {
  if (Value.Check(schema, value)) return null;
  const first = Value.Errors(schema, value)[0];
  const parts = (first?.instancePath ?? '').split('/').filter(Boolean);
  // The field is the first named part of the path (`/labels/3` is about the labels).
  const field = parts.find((p) => !/^\d+$/.test(p)) ?? 'value';
  const limit = (first?.params as { limit?: number } | undefined)?.limit;
  switch (first?.keyword) {
    case 'maxLength':
      return { key: 'tooLong', field, params: { max: limit ?? 0 } };
    case 'maxItems':
      return { key: 'tooLong', field, params: { max: limit ?? 0 } };
    case 'minLength':
    case 'required':
      return { key: 'required', field };
    case 'pattern':
      return { key: 'blank', field };
    default:
      return { key: 'invalidType', field, params: { type: first?.keyword ?? 'value' } };
  }
}
