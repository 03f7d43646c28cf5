import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { CurrentUserProvider } from '../features/account/current-user.tsx';
import { Drawer } from '../components/ui/Dialog.tsx';
import { cn } from '../components/ui/cn.ts';
import { AccountMenu } from '../features/account/AccountMenu.tsx';
import { Icon } from '../components/layout/icons.tsx';
import { LanguageSwitch } from '../components/layout/LanguageSwitch.tsx';
import { Brand, SideMenu } from '../components/layout/SideMenu.tsx';
import { SkipLink } from '../components/layout/SkipLink.tsx';
import { ThemeSwitch } from '../components/layout/ThemeSwitch.tsx';
import { usePageSearchKey } from '../components/layout/usePageSearchKey.ts';

const collapsedKey = 'baihu_menu_collapsed';
const mainId = 'main';

/**
 * The signed-in frame: a skip link, side menu (a drawer on phones), header with title, language, theme and account,
 * and `/` to the page's search.
 */
export default function Layout({ title, path, children }: { title: string; path: string; children: ReactNode }) {
  const { t } = useLingui();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(collapsedKey) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  usePageSearchKey();
  const toggle = () => {
    localStorage.setItem(collapsedKey, collapsed ? '0' : '1');
    setCollapsed(!collapsed);
  };
  return (
    <CurrentUserProvider>
      <SkipLink target={mainId} />
      <div className="flex min-h-dvh">
        <aside
          className={cn(
            'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-line bg-surface transition-[width] md:flex',
            collapsed ? 'w-16' : 'w-60',
          )}
        >
          <Brand collapsed={collapsed} />
          <SideMenu path={path} collapsed={collapsed} />
          <button
            type="button"
            onClick={toggle}
            aria-label={collapsed ? t`Expand menu` : t`Collapse menu`}
            aria-expanded={!collapsed}
            className="flex h-10 shrink-0 items-center justify-center border-t border-line text-muted hover:bg-hover hover:text-fg"
          >
            <Icon name={collapsed ? 'expand' : 'collapse'} className="size-4" />
          </button>
        </aside>
        <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} title={t`Main menu`}>
          <Brand collapsed={false} />
          <SideMenu path={path} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
        <div className="flex min-w-0 flex-1 flex-col">
          <header
            data-toast-floor
            className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b border-line bg-surface/95 px-3 backdrop-blur md:px-6"
          >
            <button
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-label={t`Open menu`}
              className="flex size-9 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg md:hidden"
            >
              <Icon name="menu" />
            </button>
            <h1 className="min-w-0 flex-1 truncate text-[16px] font-semibold">{title}</h1>
            <LanguageSwitch />
            <ThemeSwitch />
            <AccountMenu />
          </header>
          <main id={mainId} tabIndex={-1} className="min-w-0 flex-1 p-3 outline-none md:p-6">
            {children}
          </main>
        </div>
      </div>
    </CurrentUserProvider>
  );
}
