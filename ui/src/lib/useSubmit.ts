import { useRef, useState, type FormEvent } from 'react';
import { errorsFrom, hasErrors, type Errors } from './formRules.ts';

/** A failed send: the server's messages split by errorsFrom, and the error itself (for codes a form answers). */
export interface SendFailure {
  fields: Errors;
  form?: string;
  error: unknown;
}

export interface SubmitSteps {
  /** The browser's own check, before anything is sent: false, or any message (useFieldErrors' `check`), stops. */
  check?: () => boolean | Errors;
  /** Sends the form and does what follows success (toast, close, reload). */
  send: () => Promise<void>;
  /**
   * Shows the field messages where the form has a field for them, and returns what is left for the form's alert
   * (null: nothing). Without it the alert says the form's message, else the first field message.
   */
  failed?: (failure: SendFailure) => string | null | undefined;
}

const firstMessage = (fields: Errors) => Object.values(fields).find(Boolean) ?? null;

/**
 * The one way a form is sent: the form's alert cleared, the browser's check, busy while the request runs (a second
 * submit meanwhile is ignored), and a failure turned into field and form messages. Every form of the app sends
 * through it, with useFieldErrors for its fields, so they all behave alike.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const sending = useRef(false);

  const run = async (steps: SubmitSteps, event?: FormEvent) => {
    event?.preventDefault();
    if (sending.current) return;
    setFormError(null);
    const checked = steps.check?.() ?? true;
    if (checked === false || (typeof checked === 'object' && hasErrors(checked))) return;
    sending.current = true;
    setBusy(true);
    try {
      await steps.send();
    } catch (error) {
      const found = errorsFrom(error);
      const left = steps.failed ? steps.failed({ ...found, error }) : (found.form ?? firstMessage(found.fields));
      setFormError(left ?? null);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  /** The form's submit handler (also fine for a button's click): `<form onSubmit={onSubmit({ send })}>`. */
  const onSubmit = (steps: SubmitSteps) => (event?: FormEvent) => void run(steps, event);

  return { busy, formError, setFormError, onSubmit };
}

/** For `failed`: the form's message, else the first field message (a form that has no field to show them at). */
export const formOrFirst = ({ fields, form }: SendFailure): string | null => form ?? firstMessage(fields);

/** For `failed`: the field messages shown at their fields (useFieldErrors' `fail`), the rest in the form's alert. */
export const showAtFields =
  (fail: (fields: Errors) => void) =>
  ({ fields, form }: SendFailure): string | null => {
    fail(fields);
    return form ?? null;
  };
