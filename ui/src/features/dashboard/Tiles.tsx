import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../../components/ui/cn.ts';

/** One figure of the overview: a big number that links to the list it counts, and a line under it. */
export function Tile({
  title,
  value,
  href,
  danger,
  children,
}: {
  title: string;
  value: number | string;
  href: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-line bg-surface px-4 py-3 shadow-sm">
      <span className="truncate text-[13px] text-muted">{title}</span>
      <Link
        href={href}
        className={cn(
          'text-2xl font-semibold tabular-nums hover:underline',
          danger ? 'text-danger-text' : 'text-fg hover:text-primary-text',
        )}
      >
        {value}
      </Link>
      {children && <span className="flex flex-wrap gap-x-2 text-[13px] text-muted">{children}</span>}
    </div>
  );
}

/** A small link inside a tile's line; red when it counts failures. */
export function TileLink({ href, danger, children }: { href: string; danger?: boolean; children: ReactNode }) {
  return (
    <Link
      href={href}
      className={cn('hover:underline', danger ? 'font-medium text-danger-text' : 'hover:text-primary-text')}
    >
      {children}
    </Link>
  );
}

/** A titled list card of the overview; `empty` is shown when there is nothing to list. */
export function ListCard({
  title,
  empty,
  children,
  count,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section className="flex min-w-0 flex-col rounded-lg border border-line bg-surface shadow-sm" aria-label={title}>
      <h2 className="border-b border-line px-4 py-2.5 text-[14px] font-semibold">{title}</h2>
      {count === 0 ? (
        <p className="px-4 py-3 text-[13px] text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">{children}</ul>
      )}
    </section>
  );
}

/** A row of a list card: the task's name linking to its detail, and a figure on the right. */
export function TaskRow({ id, name, children }: { id: number | null; name: string; children: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-2 text-[13px]">
      {id !== null ? (
        <Link
          href={`/crontab/detail?id=${id}`}
          title={name}
          className="min-w-0 truncate font-medium hover:text-primary-text"
        >
          {name}
        </Link>
      ) : (
        <span className="min-w-0 truncate font-medium">{name}</span>
      )}
      <span className="shrink-0 text-muted tabular-nums">{children}</span>
    </li>
  );
}
