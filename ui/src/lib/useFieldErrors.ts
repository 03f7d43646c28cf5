import { useState } from 'react';
import type { Errors } from './formRules.ts';

interface Shown<V> {
  /** Fields the browser's check found wrong when the form was sent. */
  checked: Set<string>;
  /** What the server said about fields, and the values it said it about. */
  server: Errors;
  serverValues: V | null;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const noCheck = (): Errors => ({});

/**
 * A form's field errors, shown from the first submit on and gone as soon as they no longer hold: a field the
 * browser found wrong is checked again as the user types, so its message goes the moment the value is valid (and
 * changes if it is wrong in another way); an error the server reported stays until that field changes (or, when the
 * error's key is not one of `values`' own keys, until anything changes). Every form of the app uses this one, so
 * they all behave alike. Without `validate`, the browser checks nothing and only the server's errors are shown.
 */
export function useFieldErrors<V extends object>(values: V, validate: (values: V) => Errors = noCheck) {
  const [shown, setShown] = useState<Shown<V>>({ checked: new Set(), server: {}, serverValues: null });
  const now = shown.checked.size > 0 ? validate(values) : {};
  const errors: Errors = {};
  for (const key of shown.checked) if (now[key]) errors[key] = now[key];
  for (const [key, message] of Object.entries(shown.server)) {
    if (!message || errors[key]) continue;
    const before = shown.serverValues as Record<string, unknown> | null;
    const unchanged =
      key in values ? same((values as Record<string, unknown>)[key], before?.[key]) : same(values, shown.serverValues);
    if (unchanged) errors[key] = message;
  }

  return {
    errors,
    /** Checks every field (on submit) and shows what is wrong; returns it (`hasErrors` says whether to stop). */
    check(): Errors {
      const found = validate(values);
      const checked = new Set(Object.keys(found).filter((key) => found[key]));
      setShown({ checked, server: {}, serverValues: null });
      return found;
    },
    /** Shows what the server found wrong with fields (`errorsFrom(error).fields`). */
    fail(server: Errors): void {
      setShown((current) => ({ ...current, server, serverValues: values }));
    },
    /** Forgets every error (the form changed mode). */
    clear(): void {
      setShown({ checked: new Set(), server: {}, serverValues: null });
    },
  };
}
