import type { ReactNode } from 'react';
import { Field } from './ui/Field.tsx';
import { Input, type InputProps } from './ui/Input.tsx';
import { PasswordInput } from './ui/PasswordInput.tsx';

type TextFieldProps = Omit<InputProps, 'value' | 'onChange' | 'id'> & {
  label: ReactNode;
  error?: string | undefined;
  warning?: string | undefined;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** A password: hidden, with the show/hide toggle. */
  secret?: boolean;
};

/**
 * A labelled text input, the form field most forms are made of: the label names the input, the hint or the error
 * is read with it (Field's wiring), and `onChange` gets the text. Any other attribute goes to the input.
 */
export function TextField({ label, error, warning, hint, value, onChange, secret, type, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} warning={warning} hint={hint}>
      {(control) =>
        secret ? (
          <PasswordInput {...control} {...input} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <Input {...control} {...input} type={type} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}
