import type { ReactNode } from 'react';
import type { Errors } from '../../../lib/formRules.ts';
import type { Draft } from './model.ts';
import { TextField } from '../../../components/TextField.tsx';

/** What every part of the subscription form gets: the draft, how to change it, and the errors to show. */
export interface DraftProps {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  errors: Errors;
}

/** One text field of the draft, named by its key (no spell check or autofill: these are links, names and patterns). */
export function DraftText({
  draft,
  set,
  errors,
  name,
  label,
  hint,
  placeholder,
  mono,
}: DraftProps & {
  name: keyof Draft;
  label: string;
  hint?: string;
  placeholder?: string;
  mono?: boolean;
}) {
  return (
    <TextField
      label={label}
      error={errors[name]}
      hint={hint}
      value={draft[name] as string}
      onChange={(text) => set({ [name]: text })}
      placeholder={placeholder}
      className={mono ? 'font-mono' : undefined}
      spellCheck={false}
      autoComplete="off"
    />
  );
}

/** A checkbox with its sentence beside it. */
export function Check({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="inline-flex items-start gap-2 text-[13px]">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <span>{children}</span>
    </label>
  );
}
