import { useLingui } from '@lingui/react/macro';
import { cn } from './cn.ts';

/** A spinning ring. Decorative unless given a label, in which case it is announced as a status. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span role={label ? 'status' : undefined} aria-label={label} className={cn('inline-flex', className)}>
      <svg className="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** Shown while a page, a list or a modal's content is on its way. */
export function PageSpinner() {
  const { t } = useLingui();
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-primary-text">
      <Spinner label={t`Loading`} className="[&_svg]:size-6" />
    </div>
  );
}
