import { Fragment } from 'react';
import { cn } from './cn.ts';

/**
 * Shows where the user is in a sequence; the current step is marked for screen readers with aria-current. Each label
 * sits under its number and the connectors share the width left between the numbers, so five steps (setup with the
 * Qinglong step) fit a card and a label never runs into its line; on a phone only the current step's label shows (the
 * others are read by screen readers).
 */
export function Steps({ label, steps, current }: { label: string; steps: string[]; current: number }) {
  return (
    <ol aria-label={label} className="flex items-start">
      {steps.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <Fragment key={step}>
            {index > 0 && <li aria-hidden="true" className="mx-1.5 mt-3 h-px min-w-3 flex-1 bg-line-strong" />}
            <li aria-current={active ? 'step' : undefined} className="flex shrink-0 flex-col items-center gap-1">
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
                  'text-[12px] whitespace-nowrap',
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
