import { cn } from './cn.ts';

/** Shows where the user is in a sequence; the current step is marked for screen readers with aria-current. */
export function Steps({ label, steps, current }: { label: string; steps: string[]; current: number }) {
  return (
    <ol aria-label={label} className="flex items-center gap-2">
      {steps.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            className={cn('flex items-center gap-2', index < steps.length - 1 && 'min-w-0 flex-1')}
          >
            <span
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                done && 'border-primary bg-primary-soft text-primary',
                active && 'border-primary bg-primary text-white',
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
            {index < steps.length - 1 && <span className="h-px min-w-3 flex-1 bg-line-strong" aria-hidden="true" />}
          </li>
        );
      })}
    </ol>
  );
}
