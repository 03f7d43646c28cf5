import type { InputHTMLAttributes } from 'react';
import { cn } from './cn.ts';

export const inputClass =
  'h-9 w-full rounded-md border border-line-strong bg-surface px-3 text-fg placeholder:text-faint transition-colors ' +
  'hover:border-primary focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25 ' +
  'aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/25 disabled:opacity-60';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: React.Ref<HTMLInputElement>;
}

export function Input({ className, ...rest }: InputProps) {
  return <input className={cn(inputClass, className)} {...rest} />;
}
