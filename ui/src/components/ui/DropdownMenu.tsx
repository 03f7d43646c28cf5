import { DropdownMenu as Menu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

/** A menu opened by a trigger button; items are reachable by keyboard and carry their role (menuitem, menuitemradio). */
export function DropdownMenu({
  trigger,
  children,
  align = 'end',
}: {
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
}) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align={align}
          sideOffset={6}
          className="z-50 min-w-44 rounded-md border border-line bg-surface p-1 text-fg shadow-lg focus:outline-none"
        >
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2.5 py-1.5 text-[13px] outline-none select-none data-[highlighted]:bg-hover data-[highlighted]:text-fg data-[disabled]:cursor-not-allowed data-[disabled]:text-faint';

export function MenuItem({
  children,
  onSelect,
  className,
  disabled,
}: {
  children: ReactNode;
  onSelect: () => void;
  className?: string;
  /** Shown but not choosable (Stop while nothing runs). */
  disabled?: boolean;
}) {
  return (
    <Menu.Item className={cn(itemClass, className)} onSelect={onSelect} disabled={disabled}>
      {children}
    </Menu.Item>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <Menu.Label className="px-2.5 pt-1.5 pb-1 text-xs text-muted">{children}</Menu.Label>;
}

export function MenuSeparator() {
  return <Menu.Separator className="my-1 h-px bg-line" />;
}

/** A group of mutually exclusive choices (language, theme); the chosen one shows a check. */
export function MenuRadioGroup<T extends string>({
  value,
  onChange,
  options,
}: {
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<{ value: T; label: string; lang?: string }>;
}) {
  return (
    <Menu.RadioGroup value={value} onValueChange={(v) => onChange(v as T)}>
      {options.map((option) => (
        <Menu.RadioItem
          key={option.value}
          value={option.value}
          lang={option.lang}
          className={cn(itemClass, 'pl-7 relative')}
        >
          <Menu.ItemIndicator className="absolute left-2 inline-flex">
            <svg
              viewBox="0 0 24 24"
              className="size-3.5 text-primary-text"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              aria-hidden="true"
            >
              <path d="M5 12l5 5L20 7" />
            </svg>
          </Menu.ItemIndicator>
          {option.label}
        </Menu.RadioItem>
      ))}
    </Menu.RadioGroup>
  );
}
