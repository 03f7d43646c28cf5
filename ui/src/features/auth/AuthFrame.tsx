import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/layout/LanguageSwitch.tsx';
import { ThemeSwitch } from '../../components/layout/ThemeSwitch.tsx';
import { Brand } from '../../components/layout/SideMenu.tsx';

/** The frame of the signed-out pages: language and theme at the top, one centred card. */
export function AuthFrame({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <header data-toast-floor className="flex items-center justify-between px-2 sm:px-4">
        <div className="[&>div]:border-0">
          <Brand collapsed={false} />
        </div>
        <div className="flex items-center gap-1">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-[6vh] pb-10 sm:items-center sm:pt-0">
        <div className={wide ? 'w-full max-w-xl' : 'w-full max-w-sm'}>{children}</div>
      </main>
    </div>
  );
}
