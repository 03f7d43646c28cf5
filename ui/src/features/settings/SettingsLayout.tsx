import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '../../components/ui/cn.ts';

/** `also`: the modal routes drawn over a section, so its tab stays marked while one is open. */
const tabs: { path: string; title: MessageDescriptor; also?: string[] }[] = [
  { path: '/setting/security', title: msg`Security` },
  { path: '/setting/app', title: msg`Applications`, also: ['/setting/appModal'] },
  { path: '/setting/notification', title: msg`Notification` },
  { path: '/setting/loginLog', title: msg`Login Log` },
  { path: '/setting/systemLog', title: msg`System Log` },
  { path: '/setting/dependence', title: msg`Dependence Settings` },
  { path: '/setting/other', title: msg`Other Settings` },
  { path: '/setting/about', title: msg`About` },
];

/** The settings sections as a row of tabs (links, so each section has its own address). */
export function SettingsLayout({ children }: { children: ReactNode }) {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <nav
        aria-label={t`Settings sections`}
        className="-mx-3 overflow-x-auto border-b border-line px-3 md:mx-0 md:px-0"
      >
        <ul className="flex min-w-max gap-1">
          {tabs.map((tab) => {
            const active = location === tab.path || !!tab.also?.includes(location);
            return (
              <li key={tab.path}>
                <Link
                  href={tab.path}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    '-mb-px block border-b-2 px-3 py-2.5 text-[14px] transition-colors',
                    active ? 'border-primary font-medium text-primary' : 'border-transparent text-muted hover:text-fg',
                  )}
                >
                  {i18n._(tab.title)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {children}
    </div>
  );
}
