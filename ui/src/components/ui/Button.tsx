import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn.ts';
import { Spinner } from './Spinner.tsx';

type Variant = 'primary' | 'default' | 'ghost' | 'danger' | 'link';

/**
 * A button that cannot be clicked looks switched off, whatever its variant: grey text on a grey fill, no brand
 * colour (a primary button faded to 55 % still read as "on"). Ghost and link buttons keep no fill.
 */
const disabledText = 'disabled:pointer-events-none disabled:text-disabled';
const disabledFill = `${disabledText} disabled:bg-disabled-fill disabled:border-line`;

const variants: Record<Variant, string> = {
  primary: `bg-primary-fill text-on-primary border-primary-fill hover:bg-primary-fill-hover hover:border-primary-fill-hover active:bg-primary-fill-active ${disabledFill}`,
  default: `bg-surface text-fg border-line-strong hover:border-primary hover:text-primary-text ${disabledFill}`,
  ghost: `bg-transparent text-fg border-transparent hover:bg-hover ${disabledText}`,
  danger: `bg-surface text-danger-text border-danger/60 hover:bg-danger hover:text-white hover:border-danger ${disabledFill}`,
  link: `bg-transparent text-primary-text border-transparent underline-offset-2 hover:underline ${disabledText}`,
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** `icon`: a square button holding one icon; `bare`: height only, the caller sets the padding. */
  size?: 'sm' | 'md' | 'lg' | 'icon' | 'bare';
  loading?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
}

/** The classes of a button's look, for a link that should look like one (a link to a page beside the actions). */
export function buttonClasses({
  variant = 'default',
  size = 'md',
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'> = {}): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md border font-medium whitespace-nowrap transition-colors',
    size === 'sm' && 'h-7 px-2.5 text-[13px]',
    size === 'md' && 'h-8 px-3.5',
    size === 'lg' && 'h-10 px-4 text-[15px]',
    size === 'icon' && 'size-8 p-0',
    size === 'bare' && 'h-8',
    variants[variant],
    className,
  );
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
      data-variant={variant}
      className={buttonClasses({ variant, size, className })}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
