import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn.ts';
import { Spinner } from './Spinner.tsx';

type Variant = 'primary' | 'default' | 'ghost' | 'danger' | 'link';

const variants: Record<Variant, string> = {
  primary:
    'bg-primary text-on-primary border-primary hover:bg-primary-hover hover:border-primary-hover active:bg-primary-active',
  default: 'bg-surface text-fg border-line-strong hover:border-primary hover:text-primary',
  ghost: 'bg-transparent text-fg border-transparent hover:bg-hover',
  danger: 'bg-surface text-danger-text border-danger/60 hover:bg-danger hover:text-white hover:border-danger',
  link: 'bg-transparent text-primary border-transparent hover:text-primary-hover underline-offset-2 hover:underline',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** `icon`: a square button holding one icon; `bare`: height only, the caller sets the padding. */
  size?: 'sm' | 'md' | 'lg' | 'icon' | 'bare';
  loading?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'default',
  size = 'md',
  loading,
  disabled,
  className,
  children,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      // Buttons never submit by accident; forms pass type="submit" on purpose.
      type={type ?? 'button'}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md border font-medium whitespace-nowrap transition-colors',
        'disabled:opacity-55 disabled:pointer-events-none',
        size === 'sm' && 'h-7 px-2.5 text-[13px]',
        size === 'md' && 'h-8 px-3.5',
        size === 'lg' && 'h-10 px-4 text-[15px]',
        size === 'icon' && 'size-8 p-0',
        size === 'bare' && 'h-8',
        variants[variant],
        className,
      )}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
