import type { SelectHTMLAttributes } from 'react';
import { cn } from './cn.ts';
import { inputClass } from './Input.tsx';

export interface SelectOption {
  value: string;
  label: string;
  /** Options with the same group are listed together under its name (in the order the groups first appear). */
  group?: string;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options: ReadonlyArray<SelectOption>;
  ref?: React.Ref<HTMLSelectElement>;
}

const optionOf = (option: SelectOption) => (
  <option key={option.value} value={option.value}>
    {option.label}
  </option>
);

/** A native select (keyboard, screen readers and phones handle it best) with the input look. */
export function Select({ className, options, ...rest }: SelectProps) {
  const groups = [...new Set(options.map((option) => option.group))];
  return (
    <select className={cn(inputClass, 'pr-8', className)} {...rest}>
      {groups.map((group) =>
        group === undefined ? (
          options.filter((option) => option.group === undefined).map(optionOf)
        ) : (
          <optgroup key={group} label={group}>
            {options.filter((option) => option.group === group).map(optionOf)}
          </optgroup>
        ),
      )}
    </select>
  );
}
