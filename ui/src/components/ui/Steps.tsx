import { Fragment } from 'react';
import { cn } from './cn.ts';

/**
 * Shows where the user is in a sequence; the current step is marked for screen readers with aria-current. Each step
 * keeps its own width and the connectors share what is left, so a label never runs into its line; on a phone only the
 * current step's label shows (the others are read by screen readers).
 */
export function Steps({ label, steps, current }: { label: string; steps: string[]; current: number }) {
  return (
    <ol aria-label={label} className="flex items-center">
      {steps.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <Fragment key={step}>
            {index > 0 && <li aria-hidden="true" className="mx-2 h-px min-w-4 flex-1 bg-line-strong" />}
            <li aria-current={active ? 'step' : undefined} className="flex shrink-0 items-center gap-2">
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  done && 'border-primary bg-primary-soft text-primary-text',
                  active && 'border-primary-fill bg-primary-fill text-on-primary',
                  !done && !active && 'border-line-strong text-faint',
                )}
              >
                {done ? '✓' : index + 1}
              </span>
              <span
                className={cn(
                  'text-[13px] whitespace-nowrap',
                  active ? 'font-medium text-fg' : 'text-muted',
                  !active && 'max-sm:sr-only',
                )}
              >
                {step}
              </span>
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}
