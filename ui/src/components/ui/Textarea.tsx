import type { TextareaHTMLAttributes } from 'react';
import { cn } from './cn.ts';

const textareaClass =
  'w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-faint transition-colors ' +
  'hover:border-primary focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25 ' +
  'aria-[invalid=true]:border-danger disabled:opacity-60';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: React.Ref<HTMLTextAreaElement>;
}

/** A multi-line text input with the same look as Input. */
export function Textarea({ className, ...rest }: TextareaProps) {
  return <textarea className={cn(textareaClass, className)} {...rest} />;
}
