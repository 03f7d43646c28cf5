import type { SelectHTMLAttributes } from 'react';
import { cn } from './cn.ts';
import { inputClass } from './Input.tsx';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options: ReadonlyArray<{ value: string; label: string }>;
  ref?: React.Ref<HTMLSelectElement>;
}

/** A native select (keyboard, screen readers and phones handle it best) with the input look. */
export function Select({ className, options, ...rest }: SelectProps) {
  return (
    <select className={cn(inputClass, 'pr-8', className)} {...rest}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
