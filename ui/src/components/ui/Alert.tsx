import type { ReactNode } from 'react';
import { cn } from './cn.ts';

/** A message inside a page or form. Errors are announced as alerts; the rest politely. */
export function Alert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'info' | 'warning' | 'success';
  children: ReactNode;
}) {
  const colour = {
    error: 'var(--color-status-failed)',
    info: 'var(--color-primary)',
    warning: 'var(--color-status-queued)',
    success: 'var(--color-status-success)',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-md border px-3 py-2 text-[13px]')}
      style={{
        color: `color-mix(in srgb, ${colour} 60%, var(--color-fg))`,
        backgroundColor: `color-mix(in srgb, ${colour} 10%, transparent)`,
        borderColor: `color-mix(in srgb, ${colour} 35%, transparent)`,
      }}
    >
      {children}
    </div>
  );
}
