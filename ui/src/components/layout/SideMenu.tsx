import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { cn } from '../ui/cn.ts';
import { Icon } from './icons.tsx';
import { isActive, menuItems } from './menu.ts';

/** The list of areas. `collapsed` shows icons only (names stay as accessible names and tooltips). */
export function SideMenu({
  path,
  collapsed,
  onNavigate,
}: {
  path: string;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Main menu`} className="flex-1 overflow-y-auto py-2">
      <ul className="flex flex-col gap-0.5 px-2">
        {menuItems.map((item) => {
          const active = isActive(item.path, path);
          const name = i18n._(item.title);
          return (
            <li key={item.path}>
              <Link
                href={item.path}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                aria-label={collapsed ? name : undefined}
                title={collapsed ? name : undefined}
                className={cn(
                  'flex h-10 items-center gap-3 rounded-md px-3 transition-colors',
                  collapsed && 'justify-center px-0',
                  active ? 'bg-primary-soft font-medium text-primary-text' : 'text-muted hover:bg-hover hover:text-fg',
                )}
              >
                <Icon name={item.icon} />
                {!collapsed && <span className="truncate">{name}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The product's name, in the interface's language (白虎 in Chinese). */
export function Brand({ collapsed }: { collapsed: boolean }) {
  const { t } = useLingui();
  return (
    <div
      className={cn(
        'flex h-14 shrink-0 items-center gap-2 border-b border-line px-4',
        collapsed && 'justify-center px-0',
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary-fill text-[15px] font-bold text-on-primary"
      >
        B
      </span>
      {!collapsed && <span className="text-[16px] font-semibold tracking-tight">{t`Baihu`}</span>}
    </div>
  );
}
