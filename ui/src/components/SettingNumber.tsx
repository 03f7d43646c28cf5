import type { ReactNode } from 'react';
import { TextField } from './TextField.tsx';

/**
 * One whole-number setting of a settings card: the label, a numeric input with its range, the hint or the error.
 * The value stays the text typed, so an empty or half-typed number reaches the server as the user left it and the
 * server's message says what is wrong.
 */
export function SettingNumber({
  label,
  value,
  onChange,
  min,
  max,
  hint,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <TextField
      label={label}
      error={error}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={value}
      onChange={onChange}
    />
  );
}
