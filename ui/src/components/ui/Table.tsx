import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from './cn.ts';

/**
 * A dense table that scrolls sideways inside its own box on narrow screens instead of widening the page. Give the box
 * a height (`containerClassName`, e.g. a max-height) and it scrolls down as well, with the header staying in view.
 */
export function Table({
  className,
  containerClassName,
  label,
  ...rest
}: HTMLAttributes<HTMLTableElement> & { label: string; containerClassName?: string }) {
  return (
    <div className={cn('max-w-full overflow-x-auto', containerClassName)} role="region" aria-label={label} tabIndex={0}>
      <table aria-label={label} className={cn('w-full border-collapse text-[13px]', className)} {...rest} />
    </div>
  );
}

export function THead(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className="sticky top-0 z-[1] bg-subtle" {...props} />;
}

export function TBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody {...props} />;
}

export function Tr({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('border-b border-line last:border-b-0 hover:bg-hover/60', className)} {...rest} />;
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn('border-b border-line px-3 py-2 text-left font-medium text-muted whitespace-nowrap', className)}
      {...rest}
    />
  );
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-3 py-1.5 whitespace-nowrap', className)} {...rest} />;
}
