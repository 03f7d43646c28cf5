import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useSubmit } from '../lib/useSubmit.ts';
import { Button } from './ui/Button.tsx';
import { Field, type ControlProps } from './ui/Field.tsx';
import { toast } from './ui/toast-store.ts';

/**
 * One setting with its own Save button (a settings card's row): the control the caller draws, the browser's check,
 * the request, and the field showing what the server saved. Every message, the server's about this setting or any
 * other, stands under the field: the row has no other place for one.
 */
export function SettingForm({
  field,
  label,
  hint,
  initial,
  check,
  save,
  primaryWhenChanged = false,
  children,
}: {
  /** The setting's name in the request (the server's field errors name it). */
  field: string;
  label: string;
  hint: ReactNode;
  initial: string;
  /** What is wrong with the text before it is sent, if anything. */
  check?: (text: string) => string | undefined;
  /** Sends the trimmed text; answers what the field shows now and the toast to say. */
  save: (text: string) => Promise<{ shown: string; message: string }>;
  /** The Save button stands out once the text differs from what is saved. */
  primaryWhenChanged?: boolean;
  children: (value: string, setValue: (text: string) => void, control: ControlProps) => ReactNode;
}) {
  const { t } = useLingui();
  const [value, setValue] = useState(initial);
  const { busy, formError: error, setFormError: setError, onSubmit } = useSubmit();
  const text = value.trim();

  const submit = onSubmit({
    check: () => {
      const problem = check?.(text);
      if (problem) setError(problem);
      return !problem;
    },
    send: async () => {
      const { shown, message } = await save(text);
      setValue(shown);
      toast(message);
    },
    failed: ({ fields, form }) => fields[field] ?? form,
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-3">
      <div className="min-w-0 flex-1">
        <Field label={label} error={error ?? undefined} hint={hint}>
          {(control) => children(value, (next) => (setValue(next), setError(null)), control)}
        </Field>
      </div>
      <Button
        type="submit"
        variant={primaryWhenChanged && text !== initial ? 'primary' : 'default'}
        loading={busy}
        className="self-start sm:mt-[26px]"
        aria-label={t`Save ${label}`}
      >
        {t`Save`}
      </Button>
    </form>
  );
}
